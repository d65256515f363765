import type { AdminUserPlan, AlertStatusFilter } from '@gowild/contract/admin';
import { type SQL, and, count, desc, eq, gt, gte, isNotNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminAuditLog, notifications, searchLogs, users } from '../../db/schema';
import type { UserRow } from '../accounts/accounts.module';

export interface Page {
  limit: number;
  offset: number;
  /** Rows created after this moment are left out (the list as it stood when its first page was read). */
  asOf: Date;
}

export interface UserFilter {
  q?: string;
  plan?: AdminUserPlan;
}
export interface SearchFilter {
  origin?: string;
  type?: string;
  /** A UTC day, YYYY-MM-DD. */
  day?: string;
}
export interface NotificationFilter {
  status?: AlertStatusFilter;
}

export type AuditRow = typeof adminAuditLog.$inferSelect;
export type NewAuditRow = typeof adminAuditLog.$inferInsert;

/** `text` for LIKE, with its wildcards taken literally. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function userConditions(f: UserFilter, asOf: Date): SQL | undefined {
  const where: (SQL | undefined)[] = [lte(users.createdAt, asOf)];
  if (f.q) {
    const pattern = `%${likeEscape(f.q.toLowerCase())}%`;
    where.push(sql`(lower(${users.email}) like ${pattern} or lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern})`);
  }
  switch (f.plan) {
    case 'free':
      where.push(eq(users.isPremium, false), eq(users.isActive, true));
      break;
    case 'trial':
      where.push(eq(users.isTrial, true));
      break;
    case 'premium':
      where.push(eq(users.isPremium, true));
      break;
    case 'admin':
      where.push(eq(users.isAdmin, true));
      break;
    case 'inactive':
      where.push(eq(users.isActive, false));
      break;
  }
  return and(...where);
}

function searchConditions(f: SearchFilter, asOf: Date): SQL | undefined {
  const where: (SQL | undefined)[] = [lte(searchLogs.createdAt, asOf)];
  if (f.origin) where.push(eq(sql`upper(${searchLogs.originAirport})`, f.origin.toUpperCase()));
  if (f.type) where.push(eq(searchLogs.searchType, f.type));
  if (f.day) {
    const start = new Date(`${f.day}T00:00:00Z`);
    where.push(gte(searchLogs.createdAt, start), lt(searchLogs.createdAt, new Date(start.getTime() + 86_400_000)));
  }
  return and(...where);
}

function notificationConditions(f: NotificationFilter, asOf: Date): SQL | undefined {
  const where: (SQL | undefined)[] = [lte(notifications.createdAt, asOf)];
  switch (f.status) {
    case 'active':
      where.push(eq(notifications.isCompleted, false), eq(notifications.isActive, true));
      break;
    case 'inactive':
      where.push(eq(notifications.isCompleted, false), eq(notifications.isActive, false));
      break;
    case 'found':
      where.push(eq(notifications.isCompleted, true), gt(notifications.foundPriceCents, 0));
      break;
    case 'date_passed':
      where.push(eq(notifications.isCompleted, true), sql`coalesce(${notifications.foundPriceCents}, 0) <= 0`);
      break;
  }
  return and(...where);
}

/** Counts per UTC day since `since`, as { day: 'YYYY-MM-DD', count }. */
function perDay(db: Db, table: typeof searchLogs | typeof users, since: Date) {
  const day = sql<string>`to_char(${table.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db.select({ day, count: count() }).from(table).where(gte(table.createdAt, since)).groupBy(day);
}

/** The users list, its counts, and the rows the actions read. */
function userQueries(db: Db) {
  return {
    async countUsers(filter: UserFilter = {}, asOf?: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(asOf ? userConditions(filter, asOf) : undefined);
      return row?.n ?? 0;
    },
    /** Newest first, each with the number of searches it made and of flight alerts it holds. */
    async listUsers(filter: UserFilter, page: Page): Promise<{ user: UserRow; searchCount: number; notificationCount: number }[]> {
      return db
        .select({
          user: users,
          // Spelled out: drizzle leaves columns unqualified in a single-table select, which would make "id" bind
          // to search_logs inside the subquery.
          searchCount: sql<number>`(select count(*) from "search_logs" s where s."user_id" = "users"."id")::int`,
          notificationCount: sql<number>`(select count(*) from "notifications" n where n."user_id" = "users"."id")::int`,
        })
        .from(users)
        .where(userConditions(filter, page.asOf))
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(page.limit)
        .offset(page.offset);
    },
    async userCounts(): Promise<{ premium: number; trial: number; admins: number; inactive: number }> {
      const [row] = await db
        .select({
          premium: sql<number>`count(*) filter (where ${users.isPremium})::int`,
          trial: sql<number>`count(*) filter (where ${users.isTrial})::int`,
          admins: sql<number>`count(*) filter (where ${users.isAdmin} and ${users.isActive})::int`,
          inactive: sql<number>`count(*) filter (where not ${users.isActive})::int`,
        })
        .from(users);
      return row ?? { premium: 0, trial: 0, admins: 0, inactive: 0 };
    },
    /** Active admins other than `exceptId`: the last-admin guard. */
    async countOtherActiveAdmins(exceptId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.isAdmin, true), eq(users.isActive, true), ne(users.id, exceptId)));
      return row?.n ?? 0;
    },
    async findUser(id: string): Promise<{ user: UserRow; searchCount: number; notificationCount: number } | undefined> {
      const [row] = await db
        .select({
          user: users,
          searchCount: sql<number>`(select count(*) from "search_logs" s where s."user_id" = "users"."id")::int`,
          notificationCount: sql<number>`(select count(*) from "notifications" n where n."user_id" = "users"."id")::int`,
        })
        .from(users)
        .where(eq(users.id, id));
      return row;
    },
    signupsPerDay: (since: Date) => perDay(db, users, since),
  };
}

/** The search log and the flight alerts, listed and counted. */
function activityQueries(db: Db) {
  return {
    searchesPerDay: (since: Date) => perDay(db, searchLogs, since),
    async countSearches(filter: SearchFilter = {}, asOf?: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(searchLogs)
        .where(asOf ? searchConditions(filter, asOf) : undefined);
      return row?.n ?? 0;
    },
    /** Newest first, with the searching user when there was one. */
    async listSearches(filter: SearchFilter, page: Page) {
      return db
        .select({
          log: searchLogs,
          user: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
        })
        .from(searchLogs)
        .leftJoin(users, eq(users.id, searchLogs.userId))
        .where(searchConditions(filter, page.asOf))
        .orderBy(desc(searchLogs.createdAt), desc(searchLogs.id))
        .limit(page.limit)
        .offset(page.offset);
    },
    async countNotifications(filter: NotificationFilter = {}, asOf?: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(asOf ? notificationConditions(filter, asOf) : undefined);
      return row?.n ?? 0;
    },
    /** Every flight alert, newest first, with its owner. */
    async listNotifications(filter: NotificationFilter, page: Page) {
      return db
        .select({
          alert: notifications,
          owner: { firstName: users.firstName, lastName: users.lastName, email: users.email },
        })
        .from(notifications)
        .leftJoin(users, eq(users.id, notifications.userId))
        .where(notificationConditions(filter, page.asOf))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(page.limit)
        .offset(page.offset);
    },
    async searchesByType(): Promise<Record<string, number>> {
      const rows = await db.select({ type: searchLogs.searchType, n: count() }).from(searchLogs).groupBy(searchLogs.searchType);
      return Object.fromEntries(rows.map((r) => [r.type, r.n]));
    },
    async searchesByOutcome(): Promise<Record<string, number>> {
      const rows = await db.select({ outcome: searchLogs.outcome, n: count() }).from(searchLogs).groupBy(searchLogs.outcome);
      return Object.fromEntries(rows.map((r) => [r.outcome, r.n]));
    },
    async searchesSince(since: Date): Promise<number> {
      const [row] = await db.select({ n: count() }).from(searchLogs).where(gt(searchLogs.createdAt, since));
      return row?.n ?? 0;
    },
    /** The most searched origins as asked for (codes or CITY:XXX); inbound searches name none and are left out. */
    async topOrigins(limit: number): Promise<{ airport: string; count: number }[]> {
      const rows = await db
        .select({ airport: searchLogs.originAirport, count: count() })
        .from(searchLogs)
        .where(isNotNull(searchLogs.originAirport))
        .groupBy(searchLogs.originAirport)
        .orderBy(desc(count()), searchLogs.originAirport)
        .limit(limit);
      return rows.map((r) => ({ airport: r.airport!, count: r.count }));
    },
  };
}

/** The audit log: written once per action, never changed (decision 092). */
function auditQueries(db: Db) {
  return {
    async insertAudit(entry: NewAuditRow): Promise<AuditRow> {
      const [row] = await db.insert(adminAuditLog).values(entry).returning();
      return row!;
    },
    async countAudit(asOf: Date): Promise<number> {
      const [row] = await db.select({ n: count() }).from(adminAuditLog).where(lte(adminAuditLog.createdAt, asOf));
      return row?.n ?? 0;
    },
    async listAudit(page: Page): Promise<AuditRow[]> {
      return db
        .select()
        .from(adminAuditLog)
        .where(lte(adminAuditLog.createdAt, page.asOf))
        .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
        .limit(page.limit)
        .offset(page.offset);
    },
  };
}

/**
 * The admin set, locked until the transaction ends: every active admin's row, `for update`, in id order (so two
 * lockers never wait on each other crosswise). A second action that would change who is an admin waits here, in any
 * process, and then reads what the first committed (decision 120).
 */
async function lockActiveAdmins(db: Db): Promise<void> {
  await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.isActive, true)))
    .orderBy(users.id)
    .for('update');
}

export function createAdminRepository(db: Db) {
  return {
    ...userQueries(db),
    ...activityQueries(db),
    ...auditQueries(db),
    /**
     * Runs `fn` in one transaction holding the admin set's row locks: its reads see every change committed before it
     * got the locks, and its own change commits before anyone else's check runs. `tx` is for the other modules' calls.
     */
    underAdminLock<T>(fn: (repo: AdminRepository, tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await lockActiveAdmins(tx);
        return fn(createAdminRepository(tx), tx);
      });
    },
  };
}
export type AdminRepository = ReturnType<typeof userQueries> &
  ReturnType<typeof activityQueries> &
  ReturnType<typeof auditQueries> & { underAdminLock<T>(fn: (repo: AdminRepository, tx: Db) => Promise<T>): Promise<T> };
