import { flightsRoutes } from '@gowild/contract/routes/flights';
import { type Flight } from '@gowild/contract/flights';
import { callApi } from '@/lib/call-api';

export const RETURN_MESSAGES = {
  failed: 'Failed to search return flights',
  none: 'No return flights found for the selected date',
  noDestination: 'No destination selected for return flights',
} as const;

/** GET /api/flights/single: one origin airport to one destination (premium). Flights of every destination key. */
export async function searchSingleRoute(
  params: { origin: string; destination: string; date: string },
  signal?: AbortSignal,
): Promise<Flight[]> {
  const body = await callApi(flightsRoutes.single, {
    action: 'search flights',
    query: params,
    prefer: 'message',
    defaultMessage: 'Failed to search flights',
    signal,
  });
  return Object.values(body.flights).flat();
}
