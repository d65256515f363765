import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The directed route network (origin → destination). Seeded from the committed snapshot on first start and
 * refreshed by an operator (`npm run cli -- routes:refresh`), so it is data, not code.
 */
export const routes = pgTable(
  'routes',
  {
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.origin, t.destination] }), index('routes_destination_idx').on(t.destination)],
);

/** GoWild blackout dates; operators edit them with the CLI without a code change. */
export const blackoutDates = pgTable('blackout_dates', {
  date: date('date', { mode: 'string' }).primaryKey(),
  label: text('label').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- Accounts, sessions and entitlements (issue "Accounts") ----

/** A person with an account. E-mail is stored lower-cased and unique regardless of case. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number'),
    /** argon2id PHC string; null for accounts that only ever signed in with Google. */
    passwordHash: text('password_hash'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isPremium: boolean('is_premium').notNull().default(false),
    /** Premium granted by an operator (`user:grant premium`); billing never clears it (decision 073). */
    premiumGranted: boolean('premium_granted').notNull().default(false),
    /** Premium owed to a subscription, kept by billing; `is_premium` = `premium_granted` or this. */
    subscriptionPremium: boolean('subscription_premium').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    isTrial: boolean('is_trial').notNull().default(false),
    /** Epoch seconds (docs/product/accounts-and-plans.md#user-record). */
    trialEnd: bigint('trial_end', { mode: 'number' }),
    stripeCustomerId: text('stripe_customer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp('last_login', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_stripe_customer_idx').on(t.stripeCustomerId),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

/** A sign-in identity at an outside provider, keyed by the provider's subject (Google `sub`), never by e-mail. */
export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('user_identities_user_idx').on(t.userId)],
);

/** Server-side sessions: the token names one, so logout, a reset or deactivation ends it on the next request. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Password reset tokens: only the SHA-256 of the token is kept, so a database leak does not leak live links. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Searches a free user has spent per UTC day; reserved atomically before a search runs, refunded if it did not. */
export const searchUsage = pgTable(
  'search_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * The searches a free user has paid for on a UTC day, by identity (direction, origins, destinations, date; decision
 * 100): repeating one of them that day is free. The primary key makes "first time today: take one from the
 * allowance" and "already paid: free" one atomic choice; the row goes when its reservation is refunded.
 */
export const searchPaid = pgTable(
  'search_paid',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    searchKey: text('search_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.searchKey] })],
);

/**
 * Every search that ran, whole or in part (docs/product/admin.md#search-log); user_id is null for a guest or a deleted
 * account. `outcome` says how it ended and `charged` whether it counted as one of the user's searches
 * (docs/product/accounts-and-plans.md#when-a-search-counts); rows from before those columns were complete, counted
 * searches, hence the defaults.
 */
export const searchLogs = pgTable(
  'search_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The origin the traveller asked for (a code, codes, or CITY:XXX); null for an inbound search, which names only its destination. */
    originAirport: text('origin_airport'),
    destinationAirport: text('destination_airport'),
    searchType: text('search_type').notNull(),
    searchDate: date('search_date', { mode: 'string' }),
    resultsFound: integer('results_found').notNull().default(0),
    totalFlights: integer('total_flights').notNull().default(0),
    /** 'complete', 'partial', 'abandoned' (the client left), 'interrupted' (the server shut down) or 'failed'. */
    outcome: text('outcome').notNull().default('complete'),
    charged: boolean('charged').notNull().default(true),
    /** Destinations (inbound: origins) the search set out to check, those the client was told about, and of those the failed ones. */
    destinationsTotal: integer('destinations_total').notNull().default(0),
    destinationsChecked: integer('destinations_checked').notNull().default(0),
    destinationsFailed: integer('destinations_failed').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('search_logs_created_at_idx').on(t.createdAt),
    index('search_logs_user_idx').on(t.userId),
    index('search_logs_origin_idx').on(t.originAirport),
  ],
);

// ---- Billing (issue "Billing"; docs/product/billing.md) ----

/**
 * Our copy of each Stripe (or demo) subscription, as last read from the billing provider. Webhooks never trust the
 * event's copy: they re-read the subscription and store it here, and a read that started earlier than the stored one
 * never overwrites it (`read_at`), so events delivered twice or out of order settle on the same row.
 */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    status: text('status').notNull(),
    /** 'monthly' | 'yearly', or null for a price outside the catalogue. */
    plan: text('plan'),
    /** Epoch seconds, as Stripe gives them. */
    trialEnd: bigint('trial_end', { mode: 'number' }),
    currentPeriodEnd: bigint('current_period_end', { mode: 'number' }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    endedAt: bigint('ended_at', { mode: 'number' }),
    /**
     * The trial end (epoch seconds) the 2-day reminder was sent for, or null: the reminder job's marker, so a trial is
     * reminded once, and once more only if its end moves (decision 076).
     */
    trialRemindedFor: bigint('trial_reminded_for', { mode: 'number' }),
    /** When the provider was asked (ms since epoch); the later read wins. */
    readAt: bigint('read_at', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_subscriptions_user_idx').on(t.userId), index('billing_subscriptions_customer_idx').on(t.customerId)],
);

/** Webhook events taken for handling, by Stripe's `event.id`: an id is handled once, whatever the deliveries. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  /** Why a handled event changed nothing, e.g. 'unconfirmed' (Stripe did not know what it named, decision 123); else null. */
  outcome: text('outcome'),
});

/**
 * The checkout sessions we opened, one row per session (decision 121): an open one is handed out again while it is
 * valid instead of opening another, and its completion is taken once. `subscription_id` is unique: a session makes at
 * most one subscription.
 */
export const billingCheckoutSessions = pgTable(
  'billing_checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull(),
    /** The trial the session offers (0 for none). */
    trialDays: integer('trial_days').notNull(),
    url: text('url').notNull(),
    /** 'open' | 'complete' | 'expired'. */
    status: text('status').notNull(),
    subscriptionId: text('subscription_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('billing_checkout_sessions_user_idx').on(t.userId, t.status),
    uniqueIndex('billing_checkout_sessions_subscription_idx').on(t.subscriptionId),
  ],
);

/**
 * One trial per user, ever (decision 122): the row is written when a trial starts, by the first trialing
 * subscription seen for the user; a later trialing subscription of the same user finds it and has its trial ended.
 */
export const billingTrials = pgTable('billing_trials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  subscriptionId: text('subscription_id').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
});

/**
 * The demo billing provider's own records (customers, checkout sessions, subscriptions), as JSON by id: the demo
 * plays Stripe's part offline and must survive a restart and be shared with the CLI (`billing:advance`).
 */
export const billingDemoObjects = pgTable(
  'billing_demo_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    customerId: text('customer_id'),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_demo_objects_customer_idx').on(t.customerId, t.kind)],
);

// ---- Flight alerts (docs/product/alerts.md) ----

/**
 * A flight alert: one airport pair, 1–5 travel dates, a maximum price (docs/product/alerts.md#alert-record). The
 * checker completes it on the first date with a match (found_price, found_travel_date) or, with no price, when every
 * date has passed. notification_sent turns true when the match e-mail has been delivered. Other kinds (`kind`):
 * window-open, origin-wide (destination 'ANY'), seat count (`max_seats`) and chain (`legs`).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    originAirport: text('origin_airport').notNull(),
    destinationAirport: text('destination_airport').notNull(),
    /** Distinct, sorted YYYY-MM-DD dates. */
    travelDates: date('travel_dates', { mode: 'string' }).array().notNull(),
    /**
     * 'price' (a fare at or under a price, checked every 10 minutes) or 'window_open' (tell me when GoWild opens:
     * checked once right after the date's GoWild window opens; decision 230).
     */
    kind: text('kind').notNull().default('price'),
    /**
     * US cents, at least 100 ($1, the product's minimum): whole numbers, so a price is never rounded away. A price
     * alert always has one; a window-open alert has none.
     */
    maxPriceCents: integer('max_price_cents'),
    gowildOnly: boolean('gowild_only').notNull().default(false),
    phoneNumber: text('phone_number'),
    smsConsent: boolean('sms_consent').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    isCompleted: boolean('is_completed').notNull().default(false),
    /** US cents: the fare that matched. */
    foundPriceCents: integer('found_price_cents'),
    foundTravelDate: date('found_travel_date', { mode: 'string' }),
    notificationSent: boolean('notification_sent').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The channels this alert is delivered on (email, push, telegram, discord); e-mail unless the owner chose others. */
    channels: text('channels')
      .array()
      .notNull()
      .default(sql`'{email}'::text[]`),
    /** A window-open alert: when it is next due, the instant its date's GoWild window opens (decision 231). */
    opensAt: timestamp('opens_at', { withTimezone: true }),
    /** A window-open alert's answer: 'gowild' (found_price, found_seats set) or 'not_offered'. */
    windowResult: text('window_result'),
    /** GoWild seats the airline showed on the cheapest GoWild flight (null: not said). */
    foundSeats: integer('found_seats'),
    /** A seat-count alert: tell me when GoWild seats drop to this many or fewer (decision 273). */
    maxSeats: integer('max_seats'),
    /** A chain alert: its flights in order (decision 273). */
    legs: jsonb('legs').$type<{ origin: string; destination: string; date: string; flight_number: string }[]>(),
    /** An origin-wide alert's match: the destination GoWild was found to ('ANY' is its destination_airport). */
    foundDestination: text('found_destination'),
  },
  (t) => [
    check('notifications_max_price_cents_min', sql`${t.maxPriceCents} >= 100`),
    check('notifications_kind', sql`${t.kind} in ('price', 'window_open', 'origin_wide', 'seats', 'chain')`),
    check(
      'notifications_kind_fields',
      sql`(${t.kind} = 'price' and ${t.maxPriceCents} is not null) or (${t.kind} = 'window_open' and ${t.opensAt} is not null) or ${t.kind} = 'origin_wide' or (${t.kind} = 'seats' and ${t.maxSeats} is not null) or (${t.kind} = 'chain' and ${t.legs} is not null)`,
    ),
    // The window-open job's scan: alerts still waiting, by when they are due.
    index('notifications_window_due_idx')
      .on(t.opensAt)
      .where(sql`${t.kind} = 'window_open' and ${t.isActive} and not ${t.isCompleted}`),
    index('notifications_user_idx').on(t.userId, t.createdAt),
    // The checker's scan: only alerts still being watched.
    index('notifications_open_idx')
      .on(t.originAirport, t.destinationAirport)
      .where(sql`${t.isActive} and not ${t.isCompleted}`),
  ],
);

/**
 * The alert outbox, one row per (alert message, channel target) (decisions 068, 205): written in the same transaction
 * as what caused the message (the alert's creation, its match, a window opening), delivered by the outbox sender with
 * retries and back-off per row. `delivered_at` is the delivered marker; `locked_until` is a sender's lease on the row
 * while it delivers. The e-mail channel's rows carry the rendered e-mail (`recipient`, `html_body`); every row carries
 * the message every channel renders (`title`, `text_body`, `url`).
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    /** 'confirmation', 'match', 'window_open' or 'test'. */
    kind: text('kind').notNull(),
    /** 'email', 'push', 'telegram' or 'discord'. */
    channel: text('channel').notNull(),
    /** The target's id in its channel (the user's id for e-mail, the link's or subscription's row id otherwise). */
    targetId: text('target_id').notNull(),
    /** What the history shows for the target: the address, '@traveller', 'Discord webhook …abcd'. */
    targetLabel: text('target_label').notNull(),
    title: text('title').notNull(),
    textBody: text('text_body').notNull(),
    url: text('url').notNull().default(''),
    /** E-mail only: the address and the HTML body as rendered when queued. */
    recipient: text('recipient'),
    htmlBody: text('html_body'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /**
     * The process holding the lease (its `job_workers` id, decision 247): once that process stops beating, the row
     * may be taken at once instead of when `locked_until` passes.
     */
    lockedBy: text('locked_by'),
    /** The attempt whose request was handed to the channel (decision 248): set just before, so a crash tells "maybe sent" from "not sent". */
    sendingAttempt: integer('sending_attempt'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alert_deliveries_message_target_idx').on(t.notificationId, t.kind, t.channel, t.targetId),
    index('alert_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null and ${t.failedAt} is null`),
    // The rows in flight (a lease held): where a worker looks for deliveries a dead process left (decision 247).
    index('alert_deliveries_held_idx')
      .on(t.lockedBy)
      .where(sql`${t.lockedUntil} is not null`),
  ],
);

// ---- Web push (issue 25; docs/product/alerts.md#web-push) ----

/**
 * A browser's push subscription (decision 210): where the push service takes messages for it (`endpoint`, one row per
 * endpoint whoever subscribed it last) and the keys its payloads are encrypted to. `last_success_at` is the last
 * delivery the push service accepted; `broken_reason` why the last one failed for good. A subscription the push
 * service says is gone (404, 410) is deleted.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret, URL-safe base64 as the browser gives them. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** "Chrome on Android", from the user agent when it subscribed. */
    label: text('label').notNull(),
    /**
     * The session that subscribed this browser (decision 246): when it ends (logout, expiry, ended elsewhere, a
     * password reset, deactivation) the subscription goes with it, so the next person on a shared browser gets none of
     * this user's alerts. Null only for rows written straight into the table (tests): those belong to no session.
     */
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    brokenReason: text('broken_reason'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/** Every delivery attempt and what it came to (delivered, retry, permanent, gone), for the delivery history. */
export const alertDeliveryAttempts = pgTable(
  'alert_delivery_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => alertDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    outcome: text('outcome').notNull(),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('alert_delivery_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);

/**
 * How each channel target is faring (decision 207): deliveries that ended in failure in a row, and the broken mark
 * (with its reason) once they reach the limit. Keyed by channel and target id, so any channel (web push too) is
 * covered without a table of its own; a target re-linked gets a new id and starts clean.
 */
export const channelTargetHealth = pgTable(
  'channel_target_health',
  {
    channel: text('channel').notNull(),
    targetId: text('target_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    brokenAt: timestamp('broken_at', { withTimezone: true }),
    brokenReason: text('broken_reason'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.targetId] })],
);

/** A user's linked Telegram chat (one per user): the bot sends alerts to `chat_id`. */
export const telegramLinks = pgTable('telegram_links', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  chatId: text('chat_id').notNull(),
  /** '@username', or the chat's first name when it has no username. */
  label: text('label').notNull(),
  /** Linked through the offline demo bot (no TELEGRAM_BOT_TOKEN). */
  demo: boolean('demo').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time codes for linking a Telegram chat: the hash of the code, single use, expiring. */
export const telegramLinkCodes = pgTable(
  'telegram_link_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('telegram_link_codes_user_idx').on(t.userId)],
);

/** A user's Discord channel webhook (one per user). `url` holds the webhook's token: a secret, never shown whole. */
export const discordWebhooks = pgTable('discord_webhooks', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  /** 'Discord webhook 1234…/…abcd': what the pages show. */
  label: text('label').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Small values a channel keeps between runs (the Telegram getUpdates offset). */
export const channelState = pgTable('channel_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- Admin (issue "Admin dashboard"; docs/product/admin.md) ----

/**
 * What operators did from /admin: who, what, to which user or table, when, and the values before and after
 * (docs/product/admin.md#audit-log). Rows are never updated; the actor's e-mail is copied so the entry outlives the account.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    /** grant_premium, revoke_premium, grant_admin, revoke_admin, deactivate, reactivate, blackouts_add, blackout_remove, routes_import, routes_refresh. */
    action: text('action').notNull(),
    /** The user acted on (null for table edits); the e-mail is kept as it was. */
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_log_created_at_idx').on(t.createdAt)],
);

// ---- Data health (issue 22 "A public data-health page"; docs/product/status.md) ----

/**
 * Airline pages the Frontier adapter could not read, kept so an operator can see what changed
 * (docs/product/status.md#unreadable-airline-pages): the newest few hundred, for a set number of days, each body cut
 * at a size cap. The URL is stored with its secret query values redacted; no user is named.
 */
export const unreadablePages = pgTable(
  'unreadable_pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    url: text('url').notNull(),
    status: integer('status').notNull(),
    contentType: text('content_type'),
    /** The whole body's size in bytes, before the cut. */
    bytes: integer('bytes').notNull(),
    body: text('body').notNull(),
    truncated: boolean('truncated').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [index('unreadable_pages_seen_at_idx').on(t.seenAt)],
);

/**
 * The one row that says when admins were last e-mailed about unreadable pages: claimed in one statement, so across
 * processes at most one e-mail goes out an hour.
 */
export const unreadablePageNotices = pgTable('unreadable_page_notices', {
  id: integer('id').primaryKey(),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  /** The newest page the last e-mail covered: the next one says only what came after. */
  coveredUntil: timestamp('covered_until', { withTimezone: true }),
});

// ---- Observations (issue "Sweeps and observations"; docs/product/observations.md; decisions 180-186) ----

/**
 * The airline's latest answer for each (origin, destination, travel date): every flight as it was given (seats
 * included), when it was last checked and when it last changed, and the figures the grid reads. One row per route and
 * date, replaced on each answer; a search finds here an answer younger than the flight cache's fresh time and asks
 * the airline nothing (decision 181).
 */
export const observedAnswers = pgTable(
  'observed_answers',
  {
    origin: text('origin').notNull(),
    travelDate: date('travel_date', { mode: 'string' }).notNull(),
    destination: text('destination').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    answerHash: text('answer_hash').notNull(),
    flights: jsonb('flights').notNull(),
    flightCount: integer('flight_count').notNull(),
    goWildOffered: boolean('go_wild_offered').notNull(),
    lowestGoWildCents: integer('lowest_go_wild_cents'),
    lowestFareCents: integer('lowest_fare_cents'),
    /** Most GoWild seats left on one flight, when the airline said (shown to premium callers only). */
    goWildSeats: integer('go_wild_seats'),
  },
  (t) => [
    primaryKey({ columns: [t.origin, t.travelDate, t.destination] }),
    // The connection search reads whole network days (every route of a date): without it, a scan of every date kept.
    index('observed_answers_travel_date_idx').on(t.travelDate),
  ],
);

/**
 * Every flight's fares by type and seats as the airline gave them, one row per distinct state: an identical answer
 * only moves `last_seen_at` ("seen again"). Partitioned by month of travel date on PostgreSQL and PGlite alike (the
 * partitions are hand-written in migration 0011 and kept ahead by the prune job; decision 182), pruned after
 * OBSERVATION_RETENTION_DAYS.
 */
export const flightObservations = pgTable(
  'flight_observations',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    travelDate: date('travel_date', { mode: 'string' }).notNull(),
    flightNumber: text('flight_number').notNull(),
    /** Airport-local departure time as the airline gives it (with the flight number, which flight this is). */
    departureTime: text('departure_time').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    goWildCents: integer('go_wild_cents'),
    goWildFareType: text('go_wild_fare_type'),
    goWildSeats: integer('go_wild_seats'),
    standardCents: integer('standard_cents'),
    standardSeats: integer('standard_seats'),
    discountDenCents: integer('discount_den_cents'),
    discountDenSeats: integer('discount_den_seats'),
  },
  (t) => [
    primaryKey({ columns: [t.travelDate, t.id] }),
    index('flight_observations_route_idx').on(t.origin, t.destination, t.travelDate, t.firstSeenAt),
  ],
);

/**
 * Whether GoWild was offered on a route and travel date when its window opened (an answer seen within the first
 * hours after midnight US Eastern of the window's first day), written as answers arrive so the likelihood of every
 * destination of an origin is one small read (decision 184).
 */
export const goWildOpenings = pgTable(
  'go_wild_openings',
  {
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    travelDate: date('travel_date', { mode: 'string' }).notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    offered: boolean('offered').notNull(),
  },
  // The likelihood read (an origin's openings of the last 30 days, per destination) is answered from this index alone,
  // never from the table's pages, which a year of upserts scatters (decision 228).
  (t) => [
    primaryKey({ columns: [t.origin, t.destination, t.travelDate] }),
    index('go_wild_openings_origin_opens_idx').on(t.origin, t.opensAt, t.destination, t.travelDate, t.offered),
  ],
);

/**
 * The lowest fare each results page's 7-day ribbon showed for a (route, travel date) other than the one searched
 * (decision 243): the latest figure, when it was last seen (`seen_at`) and since when it has been that figure
 * (`first_seen_at`). One row per route and date, so the grid reads it like `observed_answers`; a changed figure
 * moves the old one to `ribbon_fare_history`. Never a GoWild figure.
 */
export const ribbonFares = pgTable(
  'ribbon_fares',
  {
    origin: text('origin').notNull(),
    travelDate: date('travel_date', { mode: 'string' }).notNull(),
    destination: text('destination').notNull(),
    lowestFareCents: integer('lowest_fare_cents').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.origin, t.travelDate, t.destination] })],
);

/**
 * The figures a ribbon showed for a (route, travel date) before its latest: each from when it was first seen to when
 * it was last seen, written when the next figure replaced it in `ribbon_fares` (decision 243). With the latest row,
 * the whole history of the figure: the price history and the good price's lows read both.
 */
export const ribbonFareHistory = pgTable(
  'ribbon_fare_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    travelDate: date('travel_date', { mode: 'string' }).notNull(),
    lowestFareCents: integer('lowest_fare_cents').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('ribbon_fare_history_route_idx').on(t.origin, t.destination, t.travelDate, t.firstSeenAt),
    index('ribbon_fare_history_travel_date_idx').on(t.travelDate),
  ],
);

// ---- Sweeps (issue 23 "Sweeps"; docs/product/sweeps.md; decisions 187-192) ----

/**
 * Each (route, travel date) the sweep looks after: when it was last swept, and the claim of the sweeper working on
 * it now (`claimed_until`), so two workers never sweep one slot at once (decision 189). Past dates are deleted.
 */
export const sweepSlots = pgTable(
  'sweep_slots',
  {
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    travelDate: date('travel_date', { mode: 'string' }).notNull(),
    lastSweptAt: timestamp('last_swept_at', { withTimezone: true }),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    claimedBy: text('claimed_by'),
  },
  (t) => [primaryKey({ columns: [t.origin, t.destination, t.travelDate] }), index('sweep_slots_travel_date_idx').on(t.travelDate)],
);

/**
 * Travellers' demand for each (route, travel date): how many searches asked for it, per ten-minute bucket (decision
 * 226). The sweep refreshes what travellers search, within the flight cache's fresh time, so their searches find a
 * fresh answer. Kept for a day.
 */
export const sweepDemand = pgTable(
  'sweep_demand',
  {
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    travelDate: date('travel_date', { mode: 'string' }).notNull(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    searches: integer('searches').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.origin, t.destination, t.travelDate] })],
);

/**
 * One sweep run: what it planned, asked, got, skipped for the budget, and whether the breaker stopped it. The
 * hourly airline budget is counted from these rows across every worker (`reserved` while a run is under way).
 * `trigger`: schedule, cli or demo-seed; `demo`: made by the demo seed on a simulated clock (not counted in the budget).
 */
export const sweepRuns = pgTable(
  'sweep_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trigger: text('trigger').notNull(),
    demo: boolean('demo').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    due: integer('due').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    routes: integer('routes').notNull().default(0),
    requests: integer('requests').notNull().default(0),
    fromCache: integer('from_cache').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    skippedBudget: integer('skipped_budget').notNull().default(0),
    skippedClaimed: integer('skipped_claimed').notNull().default(0),
    stoppedByBreaker: boolean('stopped_by_breaker').notNull().default(false),
    durationMs: integer('duration_ms'),
  },
  (t) => [index('sweep_runs_started_at_idx').on(t.startedAt)],
);

// ---- Jobs across processes (issue 34; decision 247) ----

/**
 * Each running process's heartbeat (db/liveness.ts): renewed every 2 s; a process whose row is older than 8 s is
 * dead, and what it held (a job's run, an outbox row's lease) may be taken over. Deleted when the process stops.
 */
export const jobWorkers = pgTable('job_workers', {
  id: text('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each job's current or last run (jobs/job-leases.ts): which process holds it, and whether it finished. A run whose
 * holder died is taken over by a living worker (`resumed`: a run that was itself a takeover is not run a third time);
 * `rerun`: a tick came while the run was under way, so it runs again when it ends.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  resumed: boolean('resumed').notNull().default(false),
  rerun: boolean('rerun').notNull().default(false),
});

// ---- Personal API keys (issue 33; docs/product/public-api.md) ----

/**
 * A traveller's personal API key (decision 268): only the SHA-256 of the key is kept (`key_hash`), so a copy of the
 * table opens nothing; `prefix` is the key's first characters, for the owner to tell keys apart. A revoked key stays,
 * with `revoked_at`, so its counts remain for the admin read; it never authenticates again.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_key_hash_idx').on(t.keyHash), index('api_keys_user_idx').on(t.userId)],
);

// ---- The digest (issue 33; docs/product/digest.md) ----

/**
 * A traveller's digest opt-in (decisions 270-271): which origins, on which channels, daily or weekly (on `weekday`,
 * 1 = Monday … 7 = Sunday), at `local_hour` in `time_zone`. `next_due_at` is the next instant a digest is due (null
 * while switched off); `last_seen` holds the GoWild fares the last digest reported ("ORIGIN-DEST" → cents), so the
 * next one can say what is new and what dropped since; `last_sent_at` is when that digest was written.
 */
export const digestSettings = pgTable(
  'digest_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    origins: text('origins').array().notNull(),
    channels: text('channels')
      .array()
      .notNull()
      .default(sql`'{email}'::text[]`),
    frequency: text('frequency').notNull(),
    weekday: integer('weekday').notNull().default(1),
    localHour: integer('local_hour').notNull(),
    timeZone: text('time_zone').notNull(),
    nextDueAt: timestamp('next_due_at', { withTimezone: true }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    lastSeen: jsonb('last_seen')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('digest_settings_frequency', sql`${t.frequency} in ('daily', 'weekly')`),
    check('digest_settings_hour', sql`${t.localHour} between 0 and 23`),
    check('digest_settings_weekday', sql`${t.weekday} between 1 and 7`),
    // The run's scan: the digests due now.
    index('digest_settings_due_idx')
      .on(t.nextDueAt)
      .where(sql`${t.enabled}`),
  ],
);

/**
 * The digest outbox (decision 271): one row per (traveller, period, channel, target), so a period's digest is written
 * once whatever number of workers plan it, and each row is delivered under a lease like the alert outbox's (a dead
 * holder's rows are taken over once its heartbeat stops, decision 247). A failed attempt is retried with its channel's
 * back-off until `expires_at` (the next period's digest), never after it has been delivered.
 */
export const digestDeliveries = pgTable(
  'digest_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'daily:YYYY-MM-DD' or 'weekly:YYYY-MM-DD', the traveller's local date of the slot. */
    period: text('period').notNull(),
    channel: text('channel').notNull(),
    targetId: text('target_id').notNull(),
    targetLabel: text('target_label').notNull(),
    title: text('title').notNull(),
    textBody: text('text_body').notNull(),
    /** E-mail only: the HTML body. */
    htmlBody: text('html_body'),
    url: text('url').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    sendingAttempt: integer('sending_attempt'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('digest_deliveries_period_target_idx').on(t.userId, t.period, t.channel, t.targetId),
    index('digest_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null and ${t.failedAt} is null`),
    index('digest_deliveries_held_idx')
      .on(t.lockedBy)
      .where(sql`${t.lockedUntil} is not null`),
  ],
);

/**
 * A traveller's favourites (docs/product/favourites.md; decision 283): home airports and favourite origins, which lead
 * the origin pickers, and the filters every flight list starts with. Kept by the server so they follow the traveller
 * to another device; one row per traveller, written on the first save.
 */
export const favourites = pgTable('favourites', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  homeAirports: text('home_airports')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  favouriteAirports: text('favourite_airports')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** The remembered filters as the API names them (contract/src/favourites.ts), or null for none. */
  filters: jsonb('filters'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
