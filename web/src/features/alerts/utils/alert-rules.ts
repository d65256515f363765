import { CITY_PREFIX, findCityGroup, normalizeAirportInput } from '@gowild/contract/city-groups';
import { addDays, formatLongDate } from '@gowild/contract/dates';
import { ALERT_MESSAGES, MAX_ALERT_DATES, alertPriceSchema, createNotificationSchema } from '@gowild/contract/notifications';
import { ALERT_RANGE_MAX_DAYS, MAX_SEATS_THRESHOLD, WIDER_ALERT_TEXTS } from '@gowild/contract/wider-alerts';
import { firstNonBlackoutDay } from '@/components/date-selector/calendar';
import { type FieldErrors, validateFields } from '@/lib/form-errors';

/** The client side of docs/product/alerts.md: the rules both alert screens check before they send. */

/**
 * Adds a travel date, or removes it when it is already chosen. Dates stay distinct and sorted; a sixth is refused
 * with 'Maximum 5 travel dates allowed'.
 */
export function toggleAlertDate(dates: readonly string[], date: string): { dates: string[]; error: string | null } {
  if (dates.includes(date)) return { dates: dates.filter((d) => d !== date), error: null };
  if (dates.length >= MAX_ALERT_DATES) return { dates: [...dates], error: ALERT_MESSAGES.tooManyDates };
  return { dates: [...dates, date].sort(), error: null };
}

/**
 * docs/product/alerts.md#alert-modal: the dates the modal starts with. The searched date when an alert may watch it
 * (tomorrow or later: the traveller chose it, a blackout one included, which the field then warns about). Otherwise
 * the first day from tomorrow that is not a blackout date, so the modal never starts on a day GoWild cannot match;
 * nothing while the blackout list is not known (`blackout` null), rather than a guess that may be a blackout day.
 */
export function defaultAlertDates(searched: string, today: string, blackout: ReadonlySet<string> | null): string[] {
  const tomorrow = addDays(today, 1);
  if (searched >= tomorrow) return [searched];
  return blackout ? [firstNonBlackoutDay(tomorrow, blackout)] : [];
}

/**
 * The line under the dates when the searched date cannot be watched (it is today, or already past), true on the day
 * it is read: 'Alerts watch tomorrow or later, so today, Friday, November 27, 2026, cannot be watched. Tuesday,
 * December 1, 2026 is chosen instead: the first day from tomorrow that is not a GoWild blackout date.' Null when the
 * searched date can be watched.
 */
export function unwatchableDateHint(searched: string, today: string, chosen: string | null): string | null {
  const tomorrow = addDays(today, 1);
  if (searched >= tomorrow) return null;
  const why =
    searched === today
      ? `Alerts watch tomorrow or later, so today, ${formatLongDate(today)}, cannot be watched.`
      : `${formatLongDate(searched)} has passed: alerts watch tomorrow or later.`;
  if (!chosen) return why;
  return chosen === tomorrow
    ? `${why} Tomorrow, ${formatLongDate(chosen)}, is chosen instead.`
    : `${why} ${formatLongDate(chosen)} is chosen instead: the first day from tomorrow that is not a GoWild blackout date.`;
}

/** The airports an alert may watch for one side of a search: one airport is fixed, several ask for a choice. */
export interface AirportSide {
  codes: string[];
  /** Set when the search named a city none of whose airports the network serves. */
  error: string | null;
}

/**
 * The airports a search's origin or destination stands for (a code, a CITY:XXX or a comma list of both). A city's
 * airports are the ones in the network list (`known`) once it has loaded.
 */
export function alertAirports(value: string, side: 'origin' | 'destination', known: ReadonlySet<string> | null): AirportSide {
  const codes: string[] = [];
  for (const part of normalizeAirportInput(value).split(',')) {
    if (!part) continue;
    const group = findCityGroup(part);
    const found = group ? group.airports.filter((c) => !known || known.has(c)) : part.startsWith(CITY_PREFIX) ? [] : [part];
    for (const c of found) if (!codes.includes(c)) codes.push(c);
  }
  const error =
    codes.length === 0 ? (side === 'origin' ? ALERT_MESSAGES.noOriginCityAirports : ALERT_MESSAGES.noDestinationCityAirports) : null;
  return { codes, error };
}

/**
 * Both sides narrowed to the airports the route network links (decision 198): an origin stays when it flies to one of
 * the destinations, a destination when one of the remaining origins flies to it. New York City → Chicago offers no
 * JFK when JFK has no route to Chicago. Without the network (loading or failed), or when nothing would remain, a side
 * stays as it is and the server's answer has the last word.
 */
export function flownOnly(
  origins: AirportSide,
  destinations: AirportSide,
  routes: readonly { origin: string; destination: string }[] | undefined,
): { origins: AirportSide; destinations: AirportSide } {
  if (!routes || origins.error || destinations.error) return { origins, destinations };
  const flown = new Set(routes.map((r) => `${r.origin}-${r.destination}`));
  const keep = (side: AirportSide, codes: string[]) => (codes.length ? { ...side, codes } : side);
  const o = keep(
    origins,
    origins.codes.filter((a) => destinations.codes.some((b) => flown.has(`${a}-${b}`))),
  );
  const d = keep(
    destinations,
    destinations.codes.filter((b) => o.codes.some((a) => flown.has(`${a}-${b}`))),
  );
  return { origins: o, destinations: d };
}

export type AlertModalField = 'origin' | 'destination' | 'price' | 'dates' | 'seats';

/**
 * What the results' alert modal watches (docs/product/alerts.md#alert-modal): a fare at or under a price, GoWild seats
 * dropping to a number or fewer, or any destination from the origin with GoWild.
 */
export type AlertWatch = 'price' | 'seats' | 'origin_wide';

/** The dates an origin-wide alert watches: every day from the earliest chosen to the latest. */
export function originWideRange(dates: readonly string[]): { from: string; to: string } | null {
  const sorted = [...dates].sort();
  return sorted.length > 0 ? { from: sorted[0]!, to: sorted[sorted.length - 1]! } : null;
}

/** The modal's rules for the seat and origin-wide alerts, in the server's words (the server checks again). */
export function validateWiderAlertModal(
  watch: Exclude<AlertWatch, 'price'>,
  v: { origin: string; destination: string; dates: readonly string[]; seats: string },
): FieldErrors<AlertModalField> {
  const errors: FieldErrors<AlertModalField> = {};
  if (!v.origin) errors.origin = ALERT_MESSAGES.modalDepartureAirport;
  const range = originWideRange(v.dates);
  if (!range) errors.dates = ALERT_MESSAGES.modalDatesRequired;
  if (watch === 'seats') {
    if (!v.destination) errors.destination = ALERT_MESSAGES.modalArrivalAirport;
    const n = Number(v.seats);
    if (v.seats.trim() === '' || !Number.isInteger(n) || n < 1 || n > MAX_SEATS_THRESHOLD) errors.seats = WIDER_ALERT_TEXTS.seatsWhole;
  } else if (range && addDays(range.from, ALERT_RANGE_MAX_DAYS - 1) < range.to) errors.dates = WIDER_ALERT_TEXTS.rangeTooLong;
  return errors;
}

export interface AlertModalValues {
  origin: string;
  destination: string;
  price: string;
  dates: readonly string[];
}

/** docs/product/alerts.md#alert-modal: its texts, in the order of the form. */
export function validateAlertModal(v: AlertModalValues): FieldErrors<AlertModalField> {
  const errors: FieldErrors<AlertModalField> = {};
  if (!v.origin) errors.origin = ALERT_MESSAGES.modalDepartureAirport;
  if (!v.destination) errors.destination = ALERT_MESSAGES.modalArrivalAirport;
  // The server's price rule (a number, at least $1, whole cents), told in the modal's own words.
  if (v.price.trim() === '' || !alertPriceSchema.safeParse(Number(v.price)).success) errors.price = ALERT_MESSAGES.modalPrice;
  if (v.dates.length === 0) errors.dates = ALERT_MESSAGES.modalDatesRequired;
  else if (v.dates.length > MAX_ALERT_DATES) errors.dates = ALERT_MESSAGES.tooManyDates;
  return errors;
}

export type NotificationFormField = 'origin_airport' | 'destination_airport' | 'travel_dates' | 'max_price';

export interface NotificationFormValues {
  origin_airport: string;
  destination_airport: string;
  travel_dates: readonly string[];
  max_price: string;
}

/**
 * docs/product/alerts.md#notifications-page: the contract's request rules (the server checks the same) plus "tomorrow
 * or later" on this browser's calendar. Every field's first text, not only the first field's.
 */
export function validateNotificationForm(v: NotificationFormValues, tomorrow: string): FieldErrors<NotificationFormField> {
  const errors = validateFields<NotificationFormField>(createNotificationSchema, {
    origin_airport: v.origin_airport,
    destination_airport: v.destination_airport,
    travel_dates: [...v.travel_dates],
    // Sent as a JSON number (the server takes no strings), so checked as one.
    max_price: v.max_price.trim() === '' ? Number.NaN : Number(v.max_price),
    gowild_only: false,
  });
  // The contract's same-airport rule waits for every field to pass; the form says it at once.
  if (!errors.destination_airport && v.origin_airport && v.origin_airport === v.destination_airport)
    errors.destination_airport = ALERT_MESSAGES.sameAirports;
  if (!errors.travel_dates && v.travel_dates.some((d) => d < tomorrow)) errors.travel_dates = ALERT_MESSAGES.datesTomorrowOrLater;
  return errors;
}
