import { readStoredFlight } from './flight-store';
import { type SharedTrip, SUMMARY_MESSAGES, decodeTrip, isValidTrip } from './share-data';

export type SummaryResolution =
  | { state: 'loaded'; trip: SharedTrip; source: 'data' | 'store' }
  | { state: 'error'; message: string }
  | { state: 'not_found'; message: string };

/**
 * docs/product/search.md#summary-links: either `data` (the shared, encoded trip) or departure, return, origin, destination, date (hashes
 * looked up in the 24-hour local store). Every failure maps to its box and text (docs/product/search.md#summary-errors).
 */
export function resolveSummary(params: URLSearchParams, now: number = Date.now()): SummaryResolution {
  const data = params.get('data');
  if (data !== null) {
    const trip = data.trim() ? decodeTrip(data) : null;
    return trip ? { state: 'loaded', trip, source: 'data' } : { state: 'error', message: SUMMARY_MESSAGES.corrupted };
  }
  const departure = params.get('departure')?.trim();
  const ret = params.get('return')?.trim();
  const origin = params.get('origin')?.trim();
  const date = params.get('date')?.trim();
  if (!departure || !ret || !origin || !date) return { state: 'error', message: SUMMARY_MESSAGES.missingParams };
  const out = readStoredFlight(departure, now);
  const back = readStoredFlight(ret, now);
  if (!out || !back) return { state: 'not_found', message: SUMMARY_MESSAGES.notFound };
  const trip = {
    departure: out.flight,
    return: back.flight,
    origin,
    destination: params.get('destination')?.trim() || out.destination,
    date,
  };
  return isValidTrip(trip) ? { state: 'loaded', trip, source: 'store' } : { state: 'error', message: SUMMARY_MESSAGES.corrupted };
}
