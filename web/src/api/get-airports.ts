import { type Airport, airportsResponseSchema } from '@gowild/contract/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const AIRPORTS_ERROR = 'Unable to fetch airports. Please try again later.';

/** GET /api/airports: a list, or an object with an airports list (docs/product/search.md#reference-data). */
export async function getAirports(signal?: AbortSignal): Promise<Airport[]> {
  const body = await apiRequest<unknown>('/airports', { action: 'fetch airports', fixedMessage: AIRPORTS_ERROR, signal });
  if (Array.isArray(body)) return airportsResponseSchema.shape.airports.parse(body);
  return airportsResponseSchema.parse(body).airports;
}

export const airportsQueryOptions = () =>
  queryOptions({ queryKey: ['airports'], queryFn: ({ signal }) => getAirports(signal), staleTime: 60 * 60 * 1000, retry: 1 });

export function useAirports() {
  return useQuery(airportsQueryOptions());
}
