import { flightsRoutes } from '@gowild/contract/routes/flights';
import { type ConnectionSort, type ConnectionsResponse } from '@gowild/contract/connections';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

/** The route builder's form, as the page's address keeps it (share links). */
export interface ConnectionsInput {
  origin: string;
  /** 'ANY' for anywhere. */
  destination: string;
  date: string;
  maxFlights: number;
  /** Empty: the server's minimum. */
  minConnection: number | '';
  maxLayover: number;
  overnight: boolean;
  sort: ConnectionSort;
  via: string;
  avoid: string;
  /** Minutes, empty for no limit. */
  maxDuration: number | '';
  /** HH:mm at the destination, empty for no limit. */
  arriveBy: string;
  /** An itinerary a share link names: confirmed first, and shown first. */
  pick: string;
}

/** The query string of a route builder search (the API's names); the page's address uses the same ones. */
export function connectionsQuery(input: ConnectionsInput): Record<string, string | number | boolean | undefined> {
  return {
    origin: input.origin,
    destination: input.destination || 'ANY',
    date: input.date,
    max_flights: input.maxFlights,
    min_connection: input.minConnection === '' ? undefined : input.minConnection,
    max_layover: input.maxLayover,
    overnight: input.overnight,
    sort: input.sort,
    via: input.via || undefined,
    avoid: input.avoid || undefined,
    max_duration: input.maxDuration === '' ? undefined : input.maxDuration,
    arrive_by: input.arriveBy || undefined,
    pick: input.pick || undefined,
  };
}

/** GET /api/flights/connections (docs/product/connections.md), the answer's shape checked. */
export async function searchConnections(input: ConnectionsInput, signal?: AbortSignal): Promise<ConnectionsResponse> {
  return callApi(flightsRoutes.connections, {
    action: 'search flights',
    prefer: 'message',
    query: connectionsQuery(input),
    signal,
    unreadable: 'Unable to search flights. Please try again later.',
  });
}

/** Runs when the form is submitted (input set). */
export function useConnections(input: ConnectionsInput | null) {
  return useQuery({
    queryKey: ['connections', input],
    queryFn: ({ signal }) => searchConnections(input!, signal),
    enabled: input !== null,
    retry: false,
    staleTime: 60 * 1000,
  });
}
