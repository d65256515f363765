import { type Flight, flightSchema } from '@gowild/contract/flights';
import { z } from 'zod';

/** The shared trip (docs/product/search.md#summary-sharing). */
export interface SharedTrip {
  departure: Flight;
  return: Flight;
  origin: string;
  destination: string;
  date: string;
}

export const SUMMARY_MESSAGES = {
  missingParams: 'Invalid flight summary URL. Missing required parameters.',
  notFound: 'Flight data not found. The flights may have expired or the URL is invalid. Please start a new search.',
  signInTitle: 'Log in to see this trip',
  signIn: 'This trip was chosen in another browser. Log in and you will come straight back to it.',
  corrupted: 'Invalid flight data. The flight information appears to be corrupted.',
  shareUnavailable: 'Flight data is not available for sharing.',
  shareFailed: 'Failed to generate shareable URL. Please try again.',
  shareCopied: 'Shareable flight summary URL copied to clipboard!',
} as const;

const sharedTripSchema = z.object({
  departure: flightSchema,
  return: flightSchema,
  origin: z.string().min(1),
  destination: z.string().min(1),
  date: z.string().min(1),
});

/** docs/product/search.md#summary-errors: both flights, origin, destination and date, and both flights timed. */
export function isValidTrip(value: unknown): value is SharedTrip {
  const parsed = sharedTripSchema.safeParse(value);
  if (!parsed.success) return false;
  const t = parsed.data;
  return [t.departure, t.return].every((f) => f.departure_time.length > 0 && f.arrival_time.length > 0);
}

function bytesToBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function base64UrlToBytes(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) out[i] = binary.charCodeAt(i);
  return out;
}

/** docs/product/search.md#summary-sharing: url-safe base64 of the JSON (UTF-8). */
export function encodeTrip(trip: SharedTrip): string {
  return bytesToBase64Url(new TextEncoder().encode(JSON.stringify(trip)));
}

/** The trip in a `data` parameter, or null when it does not decode into a valid trip. */
export function decodeTrip(data: string): SharedTrip | null {
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(base64UrlToBytes(data.trim())));
    return isValidTrip(value) ? value : null;
  } catch {
    return null;
  }
}
