import { z } from 'zod';
import { isValidTimeZone } from './local-time';
import { alertDeliverySchema } from './notifications';

/**
 * The digest (docs/product/digest.md; decisions 270-271): a scheduled summary of the GoWild finds from a traveller's
 * origins, on the channels they chose. The texts both sides show, the opt-in as the API takes it and answers it, and
 * the plan rule (free: weekly by e-mail; premium: daily or weekly on any linked channel).
 */

export const DIGEST_MESSAGES = {
  loginRequired: 'Please log in to manage your digest',
  originsInvalid: 'Choose 1 to 5 origin airports (3-letter codes)',
  originUnknown: 'is not an airport we fly from',
  channelsInvalid: 'Choose at least one channel',
  channelNotLinked: 'is not linked to your account yet. Set it up under Channels on Flight Notifications first.',
  hourInvalid: 'Choose an hour from 0 to 23',
  weekdayInvalid: 'Choose a day of the week',
  timeZoneInvalid: 'Choose a valid time zone, e.g. America/Denver',
  premiumDaily: 'A daily digest is a premium feature. Free accounts get the weekly digest by e-mail.',
  premiumChannels: 'Digests on push, Telegram or Discord are a premium feature. Free accounts get the weekly digest by e-mail.',
  saved: 'Digest settings saved',
  turnedOff: 'Digest turned off',
  unsubscribeInvalid: 'This unsubscribe link is not valid',
  unsubscribed: 'You will not receive the GoWild digest any more. You can turn it back on from Notifications.',
  // The panel.
  sectionTitle: 'GoWild digest',
  sectionHelp:
    "A summary of tomorrow's and the next window's GoWild destinations from your airports, with new routes and price drops, at the hour you choose.",
  enabled: 'Send me the digest',
  origins: 'Origin airports',
  originsHelp: 'Up to 5 airport codes, separated by commas',
  channels: 'Channels',
  frequency: 'How often',
  daily: 'Daily',
  weekly: 'Weekly',
  weekday: 'Day',
  hour: 'Hour',
  timeZone: 'Time zone',
  save: 'Save digest settings',
  saveFailed: 'Could not save your digest settings. Please try again.',
  nextDue: 'Next digest',
  freePlan: 'Free accounts get the weekly digest by e-mail. Upgrade for a daily digest and chat channels.',
  nothingNew: 'Nothing new from your airports since the last digest.',
} as const;

export const DIGEST_CHANNELS = ['email', 'push', 'telegram', 'discord'] as const;
export type DigestChannel = (typeof DIGEST_CHANNELS)[number];
export const DIGEST_CHANNEL_LABELS: Record<DigestChannel, string> = {
  email: 'E-mail',
  push: 'Web push',
  telegram: 'Telegram',
  discord: 'Discord',
};
export const DIGEST_FREQUENCIES = ['daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
/** ISO weekdays, 1 = Monday. */
export const DIGEST_WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const DIGEST_MAX_ORIGINS = 5;

/** What a plan may choose (decision 270): the server refuses anything else with 403, the panel greys it out. */
export const DIGEST_PLAN = {
  free: { frequencies: ['weekly'], channels: ['email'] },
  premium: { frequencies: ['daily', 'weekly'], channels: [...DIGEST_CHANNELS] },
} as const satisfies Record<'free' | 'premium', { frequencies: readonly DigestFrequency[]; channels: readonly DigestChannel[] }>;

const airportCode = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, DIGEST_MESSAGES.originsInvalid));

/** PUT /api/digest: the whole opt-in. */
export const digestSettingsInputSchema = z.object({
  enabled: z.boolean(),
  origins: z
    .array(airportCode, DIGEST_MESSAGES.originsInvalid)
    .min(1, DIGEST_MESSAGES.originsInvalid)
    .max(DIGEST_MAX_ORIGINS, DIGEST_MESSAGES.originsInvalid)
    .transform((a) => [...new Set(a)]),
  channels: z
    .array(z.enum(DIGEST_CHANNELS, DIGEST_MESSAGES.channelsInvalid), DIGEST_MESSAGES.channelsInvalid)
    .min(1, DIGEST_MESSAGES.channelsInvalid)
    .max(DIGEST_CHANNELS.length, DIGEST_MESSAGES.channelsInvalid)
    .transform((a) => [...new Set(a)]),
  frequency: z.enum(DIGEST_FREQUENCIES, 'Choose daily or weekly'),
  weekday: z
    .number(DIGEST_MESSAGES.weekdayInvalid)
    .int(DIGEST_MESSAGES.weekdayInvalid)
    .min(1, DIGEST_MESSAGES.weekdayInvalid)
    .max(7, DIGEST_MESSAGES.weekdayInvalid)
    .default(1),
  local_hour: z
    .number(DIGEST_MESSAGES.hourInvalid)
    .int(DIGEST_MESSAGES.hourInvalid)
    .min(0, DIGEST_MESSAGES.hourInvalid)
    .max(23, DIGEST_MESSAGES.hourInvalid),
  time_zone: z
    .string(DIGEST_MESSAGES.timeZoneInvalid)
    .trim()
    .min(1, DIGEST_MESSAGES.timeZoneInvalid)
    .max(64, DIGEST_MESSAGES.timeZoneInvalid)
    .refine(isValidTimeZone, DIGEST_MESSAGES.timeZoneInvalid),
});
export type DigestSettingsInput = z.input<typeof digestSettingsInputSchema>;

export const digestSettingsSchema = z.object({
  enabled: z.boolean(),
  origins: z.array(z.string()),
  channels: z.array(z.enum(DIGEST_CHANNELS)),
  frequency: z.enum(DIGEST_FREQUENCIES),
  weekday: z.number().int(),
  local_hour: z.number().int(),
  time_zone: z.string(),
  /** ISO instant of the next digest; null while switched off. */
  next_due_at: z.string().nullable(),
  last_sent_at: z.string().nullable(),
});
export type DigestSettings = z.infer<typeof digestSettingsSchema>;

/** GET /api/digest and PUT's answer: the opt-in (or what the form starts from), the linked channels and the plan's choices. */
export const digestStateSchema = z.object({
  /** Null until the traveller has saved the form once. */
  settings: digestSettingsSchema.nullable(),
  /** What the form starts from: the traveller's favourites (home airports first), else the last searched origin. */
  suggested_origins: z.array(z.string()),
  /** Channels with a target on this account (e-mail always). */
  linked_channels: z.array(z.enum(DIGEST_CHANNELS)),
  plan: z.object({
    premium: z.boolean(),
    frequencies: z.array(z.enum(DIGEST_FREQUENCIES)),
    channels: z.array(z.enum(DIGEST_CHANNELS)),
  }),
  message: z.string().optional(),
});
export type DigestState = z.infer<typeof digestStateSchema>;

export const digestUnsubscribeQuerySchema = z.object({ token: z.string().min(1).max(200) });
export const digestUnsubscribedSchema = z.object({ message: z.string() });

/**
 * One digest in the delivery history (docs/product/digest.md#delivery-history): the alert history's fields
 * (docs/product/alerts.md#delivery-history), kind 'digest', and the period it was for instead of an alert.
 */
export const digestDeliverySchema = alertDeliverySchema
  .omit({ notification_id: true, kind: true })
  .extend({ kind: z.literal('digest'), period: z.string() });
export type DigestDelivery = z.infer<typeof digestDeliverySchema>;
export const digestDeliveriesResponseSchema = z.object({ deliveries: z.array(digestDeliverySchema) });
