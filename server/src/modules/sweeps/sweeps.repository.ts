import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { holderAlive } from '../../db/liveness';
import { sweepDemand, sweepRuns, sweepSlots } from '../../db/schema';
import { type SweepSlot, slotKey } from './sweep-plan';

/** A run's counts as the run row keeps them. */
export interface RunCounts {
  due: number;
  routes: number;
  requests: number;
  fromCache: number;
  failed: number;
  skippedBudget: number;
  skippedClaimed: number;
  stoppedByBreaker: boolean;
  durationMs: number;
}

/** A slot to claim, with the last sweep the plan saw: a slot swept by someone else since is no longer claimed. */
export interface ClaimRequest extends SweepSlot {
  lastSweptAt?: Date;
}

/** The demand's bucket: searches are counted per ten minutes (decision 226). */
export const DEMAND_BUCKET_MS = 10 * 60_000;
const bucketOf = (at: Date) => new Date(Math.floor(at.getTime() / DEMAND_BUCKET_MS) * DEMAND_BUCKET_MS);

/** Any number the advisory lock of the budget's reservations is known by (decision 189). */
const BUDGET_LOCK = 187_001;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The sweep's tables: the slots' last sweeps and claims, and the runs (the budget is counted from them).
 *
 * `holdersBeat`: every sweeper names itself by its process's heartbeat id (db/liveness.ts, on PostgreSQL), so a claim
 * whose holder stopped beating is free at once instead of when it runs out (decision 269).
 */
export function createSweepsRepository(db: Db, opts: { holdersBeat?: boolean } = {}) {
  const holderDead = opts.holdersBeat
    ? sql`or (${sweepSlots.claimedBy} is not null and not ${holderAlive(sql`${sweepSlots.claimedBy}`)})`
    : sql``;
  return {
    /** When each slot of a travel date at or after `fromDate` was last swept, by `slotKey`. */
    async lastSwept(fromDate: string): Promise<Map<string, Date>> {
      const rows = await db
        .select({ origin: sweepSlots.origin, destination: sweepSlots.destination, date: sweepSlots.travelDate, at: sweepSlots.lastSweptAt })
        .from(sweepSlots)
        .where(gte(sweepSlots.travelDate, fromDate));
      const map = new Map<string, Date>();
      for (const r of rows) if (r.at) map.set(slotKey({ origin: r.origin, destination: r.destination, date: r.date }), r.at);
      return map;
    },

    /**
     * Claims the slots no one else holds and no one has swept since the plan read them, until `until`, in one
     * statement (a row lock each, so of two workers claiming one slot exactly one gets it). A claim whose holder is
     * dead counts as no claim (see `holdersBeat`). Answers the claimed keys.
     */
    async claim(slots: readonly ClaimRequest[], by: string, now: Date, until: Date): Promise<Set<string>> {
      if (slots.length === 0) return new Set();
      const json = JSON.stringify(
        slots.map((s) => ({
          origin: s.origin,
          destination: s.destination,
          travel_date: s.date,
          last_swept_at: s.lastSweptAt?.toISOString() ?? null,
        })),
      );
      const result = await db.execute(sql`
        insert into ${sweepSlots} (origin, destination, travel_date, last_swept_at, claimed_until, claimed_by)
        select s.origin, s.destination, s.travel_date, s.last_swept_at, ${until.toISOString()}::timestamptz, ${by}
        from jsonb_to_recordset(${json}::jsonb) as s(origin text, destination text, travel_date date, last_swept_at timestamptz)
        on conflict (origin, destination, travel_date) do update
          set claimed_until = excluded.claimed_until, claimed_by = excluded.claimed_by
          where (${sweepSlots.claimedUntil} is null or ${sweepSlots.claimedUntil} <= ${now.toISOString()}::timestamptz ${holderDead})
            and ${sweepSlots.lastSweptAt} is not distinct from excluded.last_swept_at
        returning origin, destination, travel_date::text as date`);
      return new Set(rowsOf<SweepSlot>(result).map((r) => slotKey(r)));
    },

    /** Slots this sweeper answered: swept at `at`, claim given back. */
    async swept(slots: readonly SweepSlot[], by: string, at: Date): Promise<void> {
      await setSlots(db, slots, by, { lastSweptAt: at, claimedUntil: null, claimedBy: null });
    },

    /** Slots this sweeper claimed but did not answer (a failure, the breaker, a stop): free for the next run. */
    async release(slots: readonly SweepSlot[], by: string): Promise<void> {
      await setSlots(db, slots, by, { claimedUntil: null, claimedBy: null });
    },

    /**
     * Opens a run and reserves up to `want` requests of the hourly budget, under an advisory lock so two workers
     * starting together cannot both spend the same remainder. Demo runs (simulated time) reserve nothing.
     */
    async startRun(run: { trigger: string; demo: boolean; startedAt: Date }, budget: { perHour: number; want: (left: number) => number }) {
      return db.transaction(async (tx) => {
        let used = 0;
        let reserved = 0;
        if (!run.demo) {
          await tx.execute(sql`select pg_advisory_xact_lock(${BUDGET_LOCK})`);
          const since = new Date(run.startedAt.getTime() - 3_600_000);
          const [row] = await tx
            .select({
              used: sql<number>`coalesce(sum(case when ${sweepRuns.finishedAt} is null then greatest(${sweepRuns.reserved}, ${sweepRuns.requests}) else ${sweepRuns.requests} end), 0)::int`,
            })
            .from(sweepRuns)
            .where(and(gte(sweepRuns.startedAt, since), eq(sweepRuns.demo, false)));
          used = row?.used ?? 0;
          reserved = budget.want(Math.max(0, budget.perHour - used));
        }
        const [inserted] = await tx
          .insert(sweepRuns)
          .values({ ...run, reserved })
          .returning({ id: sweepRuns.id });
        return { id: inserted!.id, usedLastHour: used, reserved };
      });
    },

    async finishRun(id: string, counts: RunCounts, finishedAt: Date): Promise<void> {
      await db
        .update(sweepRuns)
        .set({ ...counts, finishedAt, reserved: 0 })
        .where(eq(sweepRuns.id, id));
    },

    /** Counts one traveller's search of these (route, date)s at `at`, in one statement (decision 226). */
    async noteDemand(slots: readonly { origin: string; destination: string; date: string }[], at: Date): Promise<void> {
      const unique = [...new Map(slots.map((s) => [`${s.origin}-${s.destination}-${s.date}`, s])).values()];
      if (unique.length === 0) return;
      const json = JSON.stringify(unique.map((s) => ({ origin: s.origin, destination: s.destination, travel_date: s.date })));
      await db.execute(sql`
        insert into ${sweepDemand} (origin, destination, travel_date, bucket, searches)
        select s.origin, s.destination, s.travel_date, ${bucketOf(at).toISOString()}::timestamptz, 1
        from jsonb_to_recordset(${json}::jsonb) as s(origin text, destination text, travel_date date)
        on conflict (bucket, origin, destination, travel_date) do update set searches = ${sweepDemand.searches} + 1`);
    },

    /** Searches of each (route, date) since `since` (whole buckets), by `slotKey`. */
    async demandSince(since: Date): Promise<Map<string, number>> {
      const rows = await db
        .select({
          origin: sweepDemand.origin,
          destination: sweepDemand.destination,
          date: sweepDemand.travelDate,
          searches: sql<number>`sum(${sweepDemand.searches})::int`,
        })
        .from(sweepDemand)
        .where(gte(sweepDemand.bucket, bucketOf(since)))
        .groupBy(sweepDemand.origin, sweepDemand.destination, sweepDemand.travelDate);
      return new Map(rows.map((r) => [slotKey({ origin: r.origin, destination: r.destination, date: r.date }), Number(r.searches)]));
    },

    /** Forgets slots whose date has passed everywhere, runs older than `runsBefore`, and demand older than a day. */
    async purge(datesBefore: string, runsBefore: Date, demandBefore?: Date): Promise<void> {
      await db.delete(sweepSlots).where(lt(sweepSlots.travelDate, datesBefore));
      await db.delete(sweepRuns).where(lt(sweepRuns.startedAt, runsBefore));
      if (demandBefore) await db.delete(sweepDemand).where(lt(sweepDemand.bucket, demandBefore));
    },
  };
}
export type SweepsRepository = ReturnType<typeof createSweepsRepository>;

async function setSlots(db: Db, slots: readonly SweepSlot[], by: string, set: Partial<typeof sweepSlots.$inferInsert>) {
  // One statement per travel date (a run sweeps a handful of dates).
  const byDate = new Map<string, SweepSlot[]>();
  for (const s of slots) byDate.set(s.date, [...(byDate.get(s.date) ?? []), s]);
  for (const [date, group] of byDate) {
    const routes = group.map((s) => `${s.origin}-${s.destination}`);
    await db
      .update(sweepSlots)
      .set(set)
      .where(
        and(
          eq(sweepSlots.travelDate, date),
          eq(sweepSlots.claimedBy, by),
          inArray(sql`${sweepSlots.origin} || '-' || ${sweepSlots.destination}`, routes),
        ),
      );
  }
}
