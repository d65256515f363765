import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
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
 * date has passed. notification_sent turns true when the match e-mail has been delivered.
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
    maxPrice: numeric('max_price', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    gowildOnly: boolean('gowild_only').notNull().default(false),
    phoneNumber: text('phone_number'),
    smsConsent: boolean('sms_consent').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    isCompleted: boolean('is_completed').notNull().default(false),
    foundPrice: numeric('found_price', { precision: 10, scale: 2, mode: 'number' }),
    foundTravelDate: date('found_travel_date', { mode: 'string' }),
    notificationSent: boolean('notification_sent').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    // The checker's scan: only alerts still being watched.
    index('notifications_open_idx')
      .on(t.originAirport, t.destinationAirport)
      .where(sql`${t.isActive} and not ${t.isCompleted}`),
  ],
);

/**
 * The alert e-mails to deliver: an outbox written in the same transaction as what caused the mail (the alert's
 * creation, or its completion on a match), drained by the sender with retries and backoff. `sent_at` is the sent
 * marker; `locked_until` is a sender's lease on the row while it sends (decision 068).
 */
export const alertEmails = pgTable(
  'alert_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    /** 'confirmation' or 'match'. */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alert_emails_notification_kind_idx').on(t.notificationId, t.kind),
    index('alert_emails_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);

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
