import { z } from 'zod';
import { type IsoDate, formatMediumDateWithYear, isIsoDate } from './dates';
import { formatDollars } from './money';
import { ALERT_MESSAGES, type Notification, alertChannelsField } from './notifications';
import { checkTravelRange, datesText } from './wider-alerts';

/**
 * "Tell me when GoWild opens" (docs/product/alerts.md#tell-me-when-gowild-opens; decisions 230–234): an alert for one
 * route and date whose GoWild window has not opened yet. Right after it opens the service asks the airline and tells
 * the traveller once whether GoWild is on sale, with the price and seats, or that it is not offered.
 */

export const WINDOW_ALERT_TEXTS = {
  /** The button on the results' explanations and the kind's label on /notifications. */
  kindLabel: 'When GoWild opens',
  priceKindLabel: 'Price alert',
  button: 'Alert me when it opens',
  created: 'Alert set: we will tell you when GoWild opens for this date.',
  createdRange: 'Alert set: we will tell you when GoWild opens on one of these dates.',
  /** The modal's choice of a range: this date and the days after it. */
  rangeLabel: 'Also watch the days after',
  createdTitle: 'Window Alert Created!',
  alreadyOpen: 'GoWild is already open for this date: search it now or set a price alert instead.',
  alreadyOpenRange: 'GoWild is already open for the first of these dates: start the range on a later date, or search it now.',
  travelDateRequired: 'A travel date is required',
  notOffered: 'GoWild not offered',
} as const;

/**
 * POST /api/notifications/window-open: one route, one date or a range of at most 7 (`travel_date_to`). The window and
 * the date rules are the server's.
 */
export const createWindowAlertSchema = z
  .object({
    origin_airport: z
      .string({ error: ALERT_MESSAGES.originRequired })
      .trim()
      .min(1, ALERT_MESSAGES.originRequired)
      .transform((s) => s.toUpperCase())
      .refine((s) => /^[A-Z]{3}$/.test(s), { message: 'Airport must be a 3-letter airport code' }),
    destination_airport: z
      .string({ error: ALERT_MESSAGES.destinationRequired })
      .trim()
      .min(1, ALERT_MESSAGES.destinationRequired)
      .transform((s) => s.toUpperCase())
      .refine((s) => /^[A-Z]{3}$/.test(s), { message: 'Airport must be a 3-letter airport code' }),
    travel_date: z
      .string({ error: WINDOW_ALERT_TEXTS.travelDateRequired })
      .trim()
      .refine(isIsoDate, 'Travel dates must be real dates in YYYY-MM-DD format'),
    /** The range's last date: the alert tells once, when GoWild opens on one of the dates (or on none of them). */
    travel_date_to: z.string().trim().refine(isIsoDate, 'Travel dates must be real dates in YYYY-MM-DD format').optional(),
    /** Where the answer goes, as for a price alert: e-mail when not given. */
    channels: alertChannelsField,
  })
  .refine((a) => a.origin_airport !== a.destination_airport, { message: ALERT_MESSAGES.sameAirports, path: ['destination_airport'] })
  .superRefine(checkTravelRange);
export type CreateWindowAlertRequest = z.input<typeof createWindowAlertSchema>;
export type CreateWindowAlert = z.output<typeof createWindowAlertSchema>;

/** What a window-open alert's status line says (docs/product/alerts.md#alert-status). */
export function windowAlertStatus(
  n: Pick<Notification, 'is_active' | 'is_completed' | 'found_price' | 'found_seats' | 'window_result'>,
): string {
  if (n.window_result === 'gowild' && n.found_price !== null)
    return `GoWild: ${formatDollars(n.found_price)}${n.found_seats != null ? ` (${seatsText(n.found_seats)})` : ''}`;
  if (n.window_result === 'not_offered') return WINDOW_ALERT_TEXTS.notOffered;
  if (n.is_completed) return 'Date Passed';
  return n.is_active ? 'Waiting' : 'Inactive';
}

export function seatsText(seats: number): string {
  return `${seats} seat${seats === 1 ? '' : 's'}`;
}

/** The message's title (e-mail subject, push title, chat first line) for each answer. */
export function windowOpenTitle(origin: string, destination: string, date: IsoDate, found: { price: number; seats: number | null } | null) {
  const day = formatMediumDateWithYear(date);
  return found
    ? `GoWild is open: ${origin} → ${destination} on ${day} from ${formatDollars(found.price)}${found.seats != null ? `, ${seatsText(found.seats)}` : ''}`
    : `GoWild not offered: ${origin} → ${destination} on ${day}`;
}

/** The title when GoWild was offered on none of a range's dates. */
export function windowNotOfferedRangeTitle(origin: string, destination: string, dates: readonly IsoDate[]) {
  return `GoWild not offered: ${origin} → ${destination} on ${datesText(dates)}`;
}
