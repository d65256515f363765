import { CAR_MESSAGES, type RentalLocationsResponse, rentalLocationsResponseSchema } from '@gowild/contract/extras';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';

/** GET /api/hertz/locations?text= (docs/product/destination-extras.md#rentals-api): locations near an airport, nearest first. */
export async function getRentalLocations(text: string, signal?: AbortSignal): Promise<RentalLocationsResponse> {
  const body = await apiRequest<unknown>('/hertz/locations', {
    action: 'search locations',
    defaultMessage: CAR_MESSAGES.failedLocations,
    prefer: 'message',
    query: { text },
    signal,
  });
  const parsed = rentalLocationsResponseSchema.safeParse(body);
  if (!parsed.success) throw new ApiError(CAR_MESSAGES.failedLocations, 200);
  return parsed.data;
}

export const rentalLocationsQueryOptions = (text: string) =>
  queryOptions({
    queryKey: ['rental-locations', text.trim().toUpperCase()],
    queryFn: ({ signal }) => getRentalLocations(text.trim(), signal),
    staleTime: 30 * 60 * 1000,
    retry: false,
  });

export function useRentalLocations(text: string) {
  return useQuery({ ...rentalLocationsQueryOptions(text), enabled: text.trim().length > 0 });
}
