import { flightsRoutes } from '@gowild/contract/routes/flights';
import { type TripFinderResponse } from '@gowild/contract/trip-finder';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

/** What the form sends: the origin, the dates, and a stay of nights or a day trip. */
export interface TripFinderInput {
  origin: string;
  from: string;
  days: number;
  stay: { dayTrip: false; minNights: number; maxNights: number } | { dayTrip: true; minHours: number };
}

/** GET /api/flights/trips (docs/product/trip-finder.md), the answer's shape checked. */
export async function getTrips(input: TripFinderInput, signal?: AbortSignal): Promise<TripFinderResponse> {
  const stay = input.stay.dayTrip
    ? { day_trip: 'true' as const, min_hours: input.stay.minHours }
    : { min_nights: input.stay.minNights, max_nights: input.stay.maxNights };
  return callApi(flightsRoutes.trips, {
    action: 'search flights',
    prefer: 'message',
    query: { origin: input.origin, from: input.from, days: input.days, ...stay },
    signal,
    unreadable: 'Unable to search flights. Please try again later.',
  });
}

/** Runs when the form is sent (input set). */
export function useTrips(input: TripFinderInput | null) {
  return useQuery({
    queryKey: ['trip-finder', input],
    queryFn: ({ signal }) => getTrips(input!, signal),
    enabled: input !== null,
    retry: false,
    staleTime: 2 * 60 * 1000,
  });
}
