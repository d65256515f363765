import { z } from 'zod';
import { isIsoDate } from './dates';

/** Flight alerts (docs/product/alerts.md): the texts both sides show, the request and the record. */

/** Alerts a user may hold that are active and not completed. */
export const MAX_ACTIVE_ALERTS = 3;
/** Distinct travel dates one alert may watch. */
export const MAX_ALERT_DATES = 5;

export const ALERT_MESSAGES = {
  // Who may create alerts.
  loginRequired: 'Please log in to create flight alerts',
  premiumRequired: 'Flight alerts are a premium feature. Please upgrade your account to access this feature.',
  menuPremium: 'Flight notifications are a premium feature. Upgrade your account to access this feature.',
  // The notifications page's form (the server repeats every one of these).
  originRequired: 'Origin airport is required',
  destinationRequired: 'Destination airport is required',
  sameAirports: 'Destination must be different from origin',
  datesRequired: 'At least one travel date is required',
  datesTomorrowOrLater: 'All travel dates must be tomorrow or later',
  tooManyDates: 'Maximum 5 travel dates allowed',
  priceAboveZero: 'Max price must be greater than $0',
  maxAlertsReached: 'Maximum 3 alerts reached',
  // The results' alert modal.
  modalPrice: 'Please enter a valid price',
  modalDatesRequired: 'Please select at least one travel date',
  modalDepartureAirport: 'Please select a departure airport',
  modalArrivalAirport: 'Please select an arrival airport',
  noOriginCityAirports: 'No airports found for the selected origin city. Please try a different search.',
  noDestinationCityAirports: 'No airports found for the selected destination city. Please try a different search.',
  createdTitle: 'Flight Alert Created!',
  // Deleting.
  confirmDelete: 'Are you sure you want to delete this notification?',
  deleted: 'Notification deleted successfully',
  notFound: 'Notification not found',
  completedCannotBeDeleted: 'Completed notifications cannot be deleted',
  // Client defaults when the server gives no text.
  createFailed: 'Failed to create notification',
  fetchFailed: 'Failed to fetch notifications',
  deleteFailed: 'Failed to delete notification',
  loadFailed: 'Failed to load notifications',
  modalCreateFailed: 'Failed to create flight alert. Please try again.',
} as const;

/** The results modal's success text. */
export function alertCreatedFromResults(dates: number): string {
  return `Successfully created flight alert for ${dates} date(s)! Check your email for confirmation and you'll be notified when we find matching flights.`;
}

/** The notifications page's success text. */
export function alertCreatedFromPage(dates: number): string {
  return `Successfully created flight alert for ${dates} date(s)! Check your email for confirmation.`;
}

/** An airport code as typed: trimmed and upper-cased; blank means "not given". */
const airportCode = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .transform((s) => s.toUpperCase())
    .refine((s) => /^[A-Z]{3}$/.test(s), { message: 'Airport must be a 3-letter airport code' });

/**
 * POST /api/notifications. The shape and the rules that need no data; "tomorrow or later" (at the origin airport)
 * and "a known airport" are checked by the server with its clock and its network. Duplicate dates are dropped and
 * the rest sorted before the count of 5 is checked.
 */
export const createNotificationSchema = z
  .object({
    origin_airport: airportCode(ALERT_MESSAGES.originRequired),
    destination_airport: airportCode(ALERT_MESSAGES.destinationRequired),
    travel_dates: z
      .array(z.string().trim().refine(isIsoDate, 'Travel dates must be real dates in YYYY-MM-DD format'), {
        error: ALERT_MESSAGES.datesRequired,
      })
      .transform((dates) => [...new Set(dates)].sort())
      .refine((dates) => dates.length > 0, ALERT_MESSAGES.datesRequired)
      .refine((dates) => dates.length <= MAX_ALERT_DATES, ALERT_MESSAGES.tooManyDates),
    max_price: z.coerce
      .number({ error: ALERT_MESSAGES.priceAboveZero })
      .refine((n) => Number.isFinite(n) && n > 0, ALERT_MESSAGES.priceAboveZero)
      .refine((n) => n <= 100_000, 'Max price must be at most $100,000'),
    gowild_only: z.boolean().default(false),
    phone_number: z.string().trim().max(32).nullish(),
    sms_consent: z.boolean().default(false),
  })
  .refine((a) => a.origin_airport !== a.destination_airport, { message: ALERT_MESSAGES.sameAirports, path: ['destination_airport'] });
export type CreateNotificationRequest = z.input<typeof createNotificationSchema>;
export type CreateNotification = z.output<typeof createNotificationSchema>;

/** GET /api/notifications: completed alerts only when asked for. */
export const listNotificationsQuerySchema = z.object({
  include_completed: z
    .enum(['true', 'false', '1', '0'], { error: 'include_completed must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

/** An alert as its owner sees it (docs/product/alerts.md#alert-record). Dates are YYYY-MM-DD, instants ISO. */
export const notificationSchema = z.object({
  id: z.string(),
  origin_airport: z.string(),
  destination_airport: z.string(),
  travel_dates: z.array(z.string()),
  max_price: z.number(),
  gowild_only: z.boolean(),
  phone_number: z.string().nullable(),
  sms_consent: z.boolean(),
  is_active: z.boolean(),
  is_completed: z.boolean(),
  found_price: z.number().nullable(),
  found_travel_date: z.string().nullable(),
  notification_sent: z.boolean(),
  created_at: z.string(),
  last_checked_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsResponseSchema = z.object({ notifications: z.array(notificationSchema) });
export const notificationCreatedResponseSchema = z.object({ notification: notificationSchema, message: z.string() });
export const notificationDeletedResponseSchema = z.object({ message: z.string() });

/** docs/product/alerts.md#alert-status: the one status line an alert shows. */
export function alertStatus(n: Pick<Notification, 'is_active' | 'is_completed' | 'found_price'>): string {
  if (n.is_completed) return n.found_price !== null && n.found_price > 0 ? `Found: $${formatAlertPrice(n.found_price)}` : 'Date Passed';
  return n.is_active ? 'Active' : 'Inactive';
}

/** Whole dollars without decimals, otherwise two (the price a traveller typed, e.g. 49.99). */
export function formatAlertPrice(price: number): string {
  return Number.isInteger(price) ? String(price) : price.toFixed(2);
}
