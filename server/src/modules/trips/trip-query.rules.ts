import { CITY_PREFIX, findCityGroup, normalizeAirportInput } from '@gowild/contract/city-groups';
import { isIsoDate } from '@gowild/contract/dates';
import { SEARCH_MAX_AIRPORT_ITEMS, SEARCH_MESSAGES, unknownAirportMessage } from '@gowild/contract/flights';
import { LEG_PATTERN, type TripLookupQuery } from '@gowild/contract/trips';
import { badRequest } from '../../lib/http-error';
import { findAirport } from '../../lib/reference-data/airports';

/** A known airport (3 letters, in the reference data) or a known city group (CITY:XXX), as the search accepts them. */
function checkAirportItem(item: string): void {
  const known = item.startsWith(CITY_PREFIX)
    ? findCityGroup(item) !== undefined
    : /^[A-Z]{3}$/.test(item) && findAirport(item) !== undefined;
  if (!known) throw badRequest(unknownAirportMessage(item));
}

function checkAirportList(raw: string): void {
  const items = normalizeAirportInput(raw).split(',').filter(Boolean);
  if (items.length > SEARCH_MAX_AIRPORT_ITEMS) throw badRequest(SEARCH_MESSAGES.tooManyAirports);
  for (const item of items) checkAirportItem(item);
}

/** A leg in the link's form (DEN-MCO-2026-03-02) names two known airports and a real day; another form is ignored. */
function checkLeg(raw: string | undefined): void {
  const m = raw ? LEG_PATTERN.exec(raw.trim().toUpperCase()) : null;
  if (!m) return;
  checkAirportItem(m[1]!);
  checkAirportItem(m[2]!);
  if (!isIsoDate(m[3]!)) throw badRequest(SEARCH_MESSAGES.dateInvalid);
}

/**
 * A summary link's codes and dates, checked before the airline is asked anything (400 BAD_REQUEST with the search's
 * texts: 'Unknown airport code: XYZ', 'Unknown city: CITY:XYZ'), so a made-up origin is a refusal, never an airline
 * failure reported as an outage.
 */
export function checkTripQuery(q: TripLookupQuery): void {
  checkAirportList(q.origin);
  if (q.destination) checkAirportList(q.destination);
  if (!isIsoDate(q.date)) throw badRequest(SEARCH_MESSAGES.dateInvalid);
  checkLeg(q.departure_leg);
  checkLeg(q.return_leg);
}
