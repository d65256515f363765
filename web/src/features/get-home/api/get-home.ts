import { flightsRoutes } from '@gowild/contract/routes/flights';
import { type GetHomeResponse } from '@gowild/contract/get-home';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

/** Where the traveller is: an airport they chose, or the location they shared. */
export type Whereabouts = { airport: string } | { lat: number; lng: number };

export interface GetHomeInput {
  from: Whereabouts;
  home: string;
  radius: number;
}

/** The call's query for a search (the export asks the same with format=csv). */
export function getHomeQuery(input: GetHomeInput): Record<string, string> {
  const where: Record<string, string> =
    'airport' in input.from ? { from: input.from.airport } : { lat: input.from.lat.toFixed(4), lng: input.from.lng.toFixed(4) };
  return { ...where, home: input.home, radius: String(input.radius) };
}

/** GET /api/flights/home (docs/product/get-me-home.md), the answer's shape checked. */
export async function getHome(input: GetHomeInput, signal?: AbortSignal): Promise<GetHomeResponse> {
  return callApi(flightsRoutes.home, {
    action: 'search flights',
    prefer: 'message',
    query: getHomeQuery(input),
    signal,
    unreadable: 'Unable to search flights. Please try again later.',
  });
}

/** Runs when the form is sent (input set). */
export function useGetHome(input: GetHomeInput | null) {
  return useQuery({
    queryKey: ['get-home', input],
    queryFn: ({ signal }) => getHome(input!, signal),
    enabled: input !== null,
    retry: false,
    staleTime: 2 * 60 * 1000,
  });
}
