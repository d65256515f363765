import { extrasRoutes } from '@gowild/contract/routes/extras';
import { CAR_MESSAGES, type RentalLocationsResponse } from '@gowild/contract/extras';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

/** GET /api/hertz/locations?text= (docs/product/destination-extras.md#rentals-api): locations near an airport, nearest first. */
export async function getRentalLocations(text: string, signal?: AbortSignal): Promise<RentalLocationsResponse> {
  return callApi(extrasRoutes.rentalLocations, {
    action: 'search locations',
    defaultMessage: CAR_MESSAGES.failedLocations,
    prefer: 'message',
    query: { text },
    signal,
    unreadable: CAR_MESSAGES.failedLocations,
  });
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
