import { date, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
