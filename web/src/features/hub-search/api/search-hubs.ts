import { flightsRoutes } from '@gowild/contract/routes/flights';
import { type HubSearchResponse } from '@gowild/contract/hub-search';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

export interface HubSearchInput {
  origin: string;
  /** Empty for anywhere. */
  destination: string;
  date: string;
  minLayover: number;
  overnight: boolean;
}

/** GET /api/flights/hub (docs/product/search.md#via-a-hub), the answer's shape checked. */
export async function searchHubs(input: HubSearchInput, signal?: AbortSignal): Promise<HubSearchResponse> {
  return callApi(flightsRoutes.hub, {
    action: 'search flights',
    prefer: 'message',
    query: {
      origin: input.origin,
      destination: input.destination || undefined,
      date: input.date,
      min_layover: input.minLayover,
      overnight: input.overnight,
    },
    signal,
    unreadable: 'Unable to search flights. Please try again later.',
  });
}

/** Runs when the form is submitted (input set); the airline answers are cached by the server, not kept long here. */
export function useHubSearch(input: HubSearchInput | null) {
  return useQuery({
    queryKey: ['hub-search', input],
    queryFn: ({ signal }) => searchHubs(input!, signal),
    enabled: input !== null,
    retry: false,
    staleTime: 5 * 60 * 1000,
  });
}
