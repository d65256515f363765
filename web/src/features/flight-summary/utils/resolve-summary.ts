import type { PriceChange, TripLookupResponse } from '@gowild/contract/trips';
import { ApiError } from '@/lib/api-client';
import { readStoredFlight } from './flight-store';
import { type SharedTrip, SUMMARY_MESSAGES, decodeTrip, isValidTrip } from './share-data';

export type SummaryResolution =
  | {
      state: 'loaded';
      trip: SharedTrip;
      source: 'data' | 'store' | 'server';
      /** Flights the server found by their reference whose fare moved since the link was made (decision 197). */
      priceChanges?: { departure?: PriceChange; return?: PriceChange };
    }
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

/**
 * The server's look-up of flights this browser does not hold (docs/product/search.md#summary-links): loaded, or the
 * not-found box with the server's text (not sold any more, or the premium text for a free user); a failing airline is
 * the error box.
 */
export function resolveFromServer(lookup: { data?: TripLookupResponse; error: Error | null }, local: SummaryResolution): SummaryResolution {
  if (lookup.data) {
    const { departure, return: back, origin, destination, date } = lookup.data;
    const trip = { departure, return: back, origin, destination, date };
    const priceChanges = { departure: lookup.data.departure_price_change, return: lookup.data.return_price_change };
    return isValidTrip(trip)
      ? { state: 'loaded', trip, source: 'server', priceChanges }
      : { state: 'error', message: SUMMARY_MESSAGES.corrupted };
  }
  if (lookup.error instanceof ApiError) {
    if (lookup.error.status >= 500) return { state: 'error', message: lookup.error.message };
    if (lookup.error.status === 403) return { state: 'not_found', message: lookup.error.message };
    return { state: 'not_found', message: SUMMARY_MESSAGES.notFound };
  }
  return local;
}
