import { referenceRoutes } from '@gowild/contract/routes/reference';
import { type Airport } from '@gowild/contract/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

export const AIRPORTS_ERROR = 'Unable to fetch airports. Please try again later.';

/** GET /api/airports: { airports } (docs/product/search.md#reference-data). */
export async function getAirports(signal?: AbortSignal): Promise<Airport[]> {
  const body = await callApi(referenceRoutes.airports, { action: 'fetch airports', fixedMessage: AIRPORTS_ERROR, signal });
  return body.airports;
}

export const airportsQueryOptions = () =>
  queryOptions({ queryKey: ['airports'], queryFn: ({ signal }) => getAirports(signal), staleTime: 60 * 60 * 1000, retry: 1 });

export function useAirports() {
  return useQuery(airportsQueryOptions());
}
