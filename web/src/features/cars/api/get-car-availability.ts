import { extrasRoutes } from '@gowild/contract/routes/extras';
import { type AvailabilityResponse, CAR_MESSAGES } from '@gowild/contract/extras';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

export interface AvailabilityParams {
  location: string;
  pickupDate: string;
  pickupTime: string;
  returnDate: string;
  returnTime: string;
  driverAge: number;
  cdp?: string;
}

/** GET /api/hertz/availability (docs/product/destination-extras.md#rentals-api): one location's vehicles for the dates. */
export async function getCarAvailability(p: AvailabilityParams, signal?: AbortSignal): Promise<AvailabilityResponse> {
  return callApi(extrasRoutes.availability, {
    action: 'check availability',
    defaultMessage: CAR_MESSAGES.failedAvailability,
    prefer: 'message',
    query: {
      pickup_location: p.location,
      pickup_date: p.pickupDate,
      pickup_time: p.pickupTime,
      return_date: p.returnDate,
      return_time: p.returnTime,
      driver_age: String(p.driverAge),
      cdp_code: p.cdp || undefined,
    },
    signal,
    unreadable: CAR_MESSAGES.failedAvailability,
  });
}

export const carAvailabilityQueryOptions = (p: AvailabilityParams) =>
  queryOptions({
    queryKey: ['car-availability', p],
    queryFn: ({ signal }) => getCarAvailability(p, signal),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
