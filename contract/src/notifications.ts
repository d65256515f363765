import { z } from 'zod';
import { echoInput } from './errors';
import { formatPrice } from './money';
import { isIsoDate } from './dates';

/** Flight alerts (docs/product/alerts.md): the texts both sides show, the request and the record. */

/** Every kind of alert (docs/product/alerts.md#kinds-of-alert); all count toward MAX_ACTIVE_ALERTS. */
export const ALERT_KIND_NAMES = ['price', 'window_open', 'origin_wide', 'seats', 'chain'] as const;
export type AlertKindName = (typeof ALERT_KIND_NAMES)[number];

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
  // The server's own price rules beyond the page's (the inputs' minimum 1 and step 0.01).
  priceAtLeastOne: 'Max price must be at least $1',
  priceWholeCents: 'Max price must be in dollars and cents (at most 2 decimals)',
  maxAlertsReached: 'Maximum 3 alerts reached',
  // The server's own rules beyond the page's (checked with its clock and route network).
  datesTooFar: 'Travel dates must be within the next 365 days',
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

/** How often the checker looks at every active alert (docs/product/alerts.md#checking-alerts). */
export const ALERT_CHECK_INTERVAL_MINUTES = 10;
/** The furthest travel date an alert may watch, in days after today at the origin (the airline sells a year ahead). */
export const ALERT_MAX_DAYS_AHEAD = 365;

/** The server's text for an airport code that is not an airport of the airline's route network. */
export function alertAirportNotInNetworkMessage(code: string): string {
  return `${code} is not an airport in the airline's route network`;
}

/**
 * The app's search for one route and date, as a path with its query (docs/product/search.md#links-and-the-query-string):
 * the match e-mail links back to it.
 */
export function alertSearchPath(origin: string, destination: string, date: string): string {
  const q = (k: string, v: string) => `${k}=${encodeURIComponent(v)}`;
  return `/?${[q('origin', origin), q('destination', destination), q('date', date)].join('&')}`;
}

/** The results modal's success text. */
export function alertCreatedFromResults(dates: number): string {
  return `Successfully created flight alert for ${dates} date(s)! Check your email for confirmation and you'll be notified when we find matching flights.`;
}

/** The notifications page's success text. */
export function alertCreatedFromPage(dates: number): string {
  return `Successfully created flight alert for ${dates} date(s)! Check your email for confirmation.`;
}

/** The channels an alert can be delivered on (docs/product/alerts.md#channels); SMS is not one yet. */
export const ALERT_CHANNEL_KINDS = ['email', 'push', 'telegram', 'discord'] as const;
export type AlertChannelKind = (typeof ALERT_CHANNEL_KINDS)[number];
export const ALERT_CHANNEL_LABELS: Record<AlertChannelKind, string> = {
  email: 'E-mail',
  push: 'Browser push',
  telegram: 'Telegram',
  discord: 'Discord',
};

export const CHANNEL_MESSAGES = {
  channelsRequired: 'Choose at least one channel',
  unknownChannel: 'Unknown channel',
  channelNotSetUp: (label: string) => `${label} is not set up on your account. Set it up under Channels first.`,
  channelBroken: (label: string) => `${label} is marked broken. Set it up again under Channels first.`,
  telegramNotLinked: 'No Telegram chat is linked',
  discordNotLinked: 'No Discord webhook is saved',
  discordUrlRequired: 'Paste a Discord channel webhook address',
  discordUrlInvalid: 'That is not a Discord channel webhook address (https://discord.com/api/webhooks/<id>/<token>)',
  discordHostRefused: (host: string) => `Webhooks on ${echoInput(host)} are not accepted; only Discord's own webhook addresses are`,
  discordPrivateAddress: 'That address points to a private network and is refused',
  discordUnresolvable: 'That address could not be found',
  discordTestFailed: (reason: string) => `Discord refused the test message: ${reason}`,
  discordSaved: 'Discord webhook saved; a test message was sent',
  discordRemoved: 'Discord webhook removed',
  telegramUnlinked: 'Telegram chat unlinked',
  historyEmpty: 'Nothing sent yet',
  loadFailed: 'Failed to load channels',
} as const;

/** The create request's channels: distinct, at least one, e-mail when not given. */
export const alertChannelsField = z
  .array(z.enum(ALERT_CHANNEL_KINDS, { error: CHANNEL_MESSAGES.unknownChannel }), { error: CHANNEL_MESSAGES.channelsRequired })
  .transform((list) => ALERT_CHANNEL_KINDS.filter((k) => list.includes(k)))
  .refine((list) => list.length > 0, CHANNEL_MESSAGES.channelsRequired)
  .default(['email']);

/** An airport code as typed: trimmed and upper-cased; blank means "not given". */
export const airportCode = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .transform((s) => s.toUpperCase())
    .refine((s) => /^[A-Z]{3}$/.test(s), { message: 'Airport must be a 3-letter airport code' });

/** The least maximum price an alert may have, in US dollars (the forms' minimum). */
const MIN_ALERT_PRICE = 1;
/** The greatest, in US dollars: far above any fare, so only a typing slip meets it. */
const MAX_ALERT_PRICE = 100_000;

/** Whole cents: 49.99 is, 0.001 is not (the float's own error, 49.99 * 100 = 4998.999…, is allowed for). */
const isWholeCents = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/**
 * An alert's maximum price: a JSON number (never a string, a boolean or an array, which coercion would read as 1
 * or 7), in US dollars, at least $1 and in whole cents, so the cents stored are the price the traveller typed.
 */
export const alertPriceSchema = z
  .number({ error: ALERT_MESSAGES.priceAboveZero })
  .refine((n) => Number.isFinite(n) && n > 0, ALERT_MESSAGES.priceAboveZero)
  .refine((n) => n >= MIN_ALERT_PRICE, ALERT_MESSAGES.priceAtLeastOne)
  .refine((n) => n <= MAX_ALERT_PRICE, 'Max price must be at most $100,000')
  .refine(isWholeCents, ALERT_MESSAGES.priceWholeCents);

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
    max_price: alertPriceSchema,
    gowild_only: z.boolean().default(false),
    phone_number: z.string().trim().max(32).nullish(),
    sms_consent: z.boolean().default(false),
    channels: alertChannelsField,
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
  /**
   * 'price': a fare at or under max_price; 'window_open': tell me when GoWild opens (contract/src/window-alerts.ts);
   * 'origin_wide', 'seats', 'chain': contract/src/wider-alerts.ts.
   */
  kind: z.enum(ALERT_KIND_NAMES),
  origin_airport: z.string(),
  destination_airport: z.string(),
  travel_dates: z.array(z.string()),
  /** Null for a window-open alert. */
  max_price: z.number().nullable(),
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
  channels: z.array(z.enum(ALERT_CHANNEL_KINDS)),
  /** A window-open alert: the instant its date's GoWild window opens (ISO), when the service checks it. */
  opens_at: z.string().nullable(),
  /** A window-open alert's answer once checked: GoWild on sale (found_price, found_seats) or not offered. */
  window_result: z.enum(['gowild', 'not_offered']).nullable(),
  found_seats: z.number().int().nullable(),
  /** A seat-count alert: tell me when GoWild seats drop to this many or fewer. */
  max_seats: z.number().int().nullable(),
  /** A chain alert: its flights, in order (origin, destination, date, flight number). */
  legs: z.array(z.object({ origin: z.string(), destination: z.string(), date: z.string(), flight_number: z.string() })).nullable(),
  /** An origin-wide alert's match: the destination found with GoWild. */
  found_destination: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** One place the user receives alerts on one channel, as /notifications shows it. */
export const channelTargetSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** Set when deliveries kept failing (docs/product/alerts.md#broken-channels): the reason of the last failure. */
  broken_reason: z.string().nullable(),
  broken_at: z.string().nullable(),
});
export type ChannelTargetView = z.infer<typeof channelTargetSchema>;

/** GET /api/alert-channels: each channel, whether the user has set it up, and its targets. */
export const alertChannelStatusSchema = z.object({
  channel: z.enum(ALERT_CHANNEL_KINDS),
  /** The channel works on this server (web push needs its keys; Telegram and Discord always, in demo without setup). */
  enabled: z.boolean(),
  /** The offline demo stands in for the outside service (no bot token): labelled demo on the page. */
  demo: z.boolean(),
  targets: z.array(channelTargetSchema),
});
export type AlertChannelStatus = z.infer<typeof alertChannelStatusSchema>;
export const alertChannelsResponseSchema = z.object({ channels: z.array(alertChannelStatusSchema) });

/** A channel can be chosen for an alert: e-mail always; the others with a target that is not broken. */
export function channelSelectable(status: AlertChannelStatus): boolean {
  return status.channel === 'email' || (status.enabled && status.targets.some((t) => t.broken_reason === null));
}

/** POST /api/alert-channels/telegram/link: a one-time code and the bot link that carries it. */
export const telegramLinkStartSchema = z.object({
  code: z.string(),
  link: z.string(),
  expires_at: z.string(),
  demo: z.boolean(),
  /** Demo only: the demo bot linked at once. */
  linked: z.boolean(),
});
export type TelegramLinkStart = z.infer<typeof telegramLinkStartSchema>;

/** PUT /api/alert-channels/discord. */
export const saveDiscordWebhookSchema = z.object({
  url: z.string({ error: CHANNEL_MESSAGES.discordUrlRequired }).trim().min(1, CHANNEL_MESSAGES.discordUrlRequired).max(500),
});
export const channelMessageResponseSchema = z.object({ message: z.string() });

/** One delivery in an alert's history (docs/product/alerts.md#delivery-history). */
export const alertDeliverySchema = z.object({
  id: z.string(),
  notification_id: z.string(),
  kind: z.enum(['confirmation', 'match', 'window_open', 'test']),
  channel: z.enum(ALERT_CHANNEL_KINDS),
  target_label: z.string(),
  title: z.string(),
  /** delivered; pending (not tried yet, or being sent); retrying (failed, will try again); failed (given up). */
  status: z.enum(['delivered', 'pending', 'retrying', 'failed']),
  attempts: z.number().int(),
  /** Attempts after the first. */
  retries: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  failed_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
});
export type AlertDelivery = z.infer<typeof alertDeliverySchema>;
export const alertDeliveriesResponseSchema = z.object({ deliveries: z.array(alertDeliverySchema) });

/** The history's one line for a delivery: 'Delivered', 'Delivered after 2 retries', 'Failed: …'. */
export function deliveryStatusText(d: Pick<AlertDelivery, 'status' | 'retries' | 'last_error'>): string {
  const retried = d.retries === 1 ? 'after 1 retry' : `after ${d.retries} retries`;
  switch (d.status) {
    case 'delivered':
      return d.retries > 0 ? `Delivered ${retried}` : 'Delivered';
    case 'pending':
      return 'Sending';
    case 'retrying':
      return `Retrying (${d.retries + 1} ${d.retries + 1 === 1 ? 'attempt' : 'attempts'} failed): ${d.last_error ?? 'no answer'}`;
    case 'failed':
      return `Failed: ${d.last_error ?? 'no answer'}`;
  }
}

export const notificationsResponseSchema = z.object({ notifications: z.array(notificationSchema) });
export const notificationCreatedResponseSchema = z.object({ notification: notificationSchema, message: z.string() });
export const notificationDeletedResponseSchema = z.object({ message: z.string() });

/** docs/product/alerts.md#alert-status: the one status line an alert shows. */
export function alertStatus(n: Pick<Notification, 'is_active' | 'is_completed' | 'found_price'>): string {
  if (n.is_completed) return n.found_price !== null && n.found_price > 0 ? `Found: ${formatPrice(n.found_price)}` : 'Date Passed';
  return n.is_active ? 'Active' : 'Inactive';
}
