import { normalizeAirportInput } from '@gowild/contract/city-groups';
import type { FlightSearchRequest } from '../api/stream-target';

/**
 * The search a results link runs, read without the rest of the app (for the boot script's early search, decision
 * 282): the same answer as `parseSearchLink` then `linkRequest` give for a valid link, and null for anything the page
 * would not search at once (no link, the search screen, a malformed one). Kept small: it ships before the app's code.
 * The `flight` of a return-flights link is not read: the search is the same whichever departure was chosen, and the
 * page checks it.
 */
/**
 * A real YYYY-MM-DD date, as the page's `isIsoDate` reads it; not imported, since its module brings the schema library
 * into this script (the test holds the two to the same answers).
 */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return d.getUTCMonth() + 1 === Number(value.slice(5, 7)) && d.getUTCDate() === Number(value.slice(8));
}

export function linkSearch(params: URLSearchParams): FlightSearchRequest | null {
  const direction = params.get('direction') ?? 'outbound';
  const screen = params.get('screen') ?? 'departure_flights';
  const date = params.get('date')?.trim() ?? '';
  if (direction !== 'outbound' && direction !== 'inbound') return null;
  if (screen !== 'departure_flights' && (screen !== 'return_flights' || direction !== 'outbound')) return null;
  if (!isCalendarDate(date)) return null;
  const flight = params.get('flight')?.trim() ?? '';
  if (flight && !/^[A-Za-z0-9_-]{1,128}$/.test(flight)) return null;
  const origin = normalizeAirportInput(params.get('origin') ?? '');
  const destination = normalizeAirportInput(params.get('destination') ?? '');
  if (direction === 'outbound' ? !origin : !destination) return null;
  return { direction, origin: direction === 'inbound' ? '' : origin, destination, date };
}
