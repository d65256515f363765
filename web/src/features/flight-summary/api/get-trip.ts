import { tripsRoutes } from '@gowild/contract/routes/trips';
import { type TripLookupResponse } from '@gowild/contract/trips';
import { useQuery } from '@tanstack/react-query';
import { SUMMARY_MESSAGES } from '../utils/share-data';
import { callApi } from '@/lib/call-api';

/** The hash-style summary parameters the server looks a trip up by (docs/product/search.md#summary-links). */
const LOOKUP_KEYS = [
  'departure',
  'return',
  'origin',
  'destination',
  'date',
  'departure_leg',
  'return_leg',
  'departure_ref',
  'return_ref',
] as const;

/** GET /api/trips/summary: both flights read again by their hashes (premium). */
export async function getTrip(params: URLSearchParams, signal?: AbortSignal): Promise<TripLookupResponse> {
  const query = Object.fromEntries(LOOKUP_KEYS.map((k) => [k, params.get(k)?.trim() || undefined]));
  return callApi(tripsRoutes.summary, {
    action: 'load the flight summary',
    defaultMessage: SUMMARY_MESSAGES.notFound,
    prefer: 'error',
    query,
    // A visitor opening a shared address sees the not-found box, not the login page.
    redirectOnUnauthorized: false,
    signal,
    unreadable: SUMMARY_MESSAGES.corrupted,
  });
}

/** Runs only when the browser does not hold the flights and someone is signed in. */
export function useTripLookup(params: URLSearchParams, enabled: boolean) {
  return useQuery({
    queryKey: ['trip-summary', ...LOOKUP_KEYS.map((k) => params.get(k) ?? '')],
    queryFn: ({ signal }) => getTrip(params, signal),
    enabled,
    retry: false,
    staleTime: 10 * 60 * 1000,
  });
}
