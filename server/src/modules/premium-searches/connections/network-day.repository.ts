import type { Flight } from '@gowild/contract/flights';
import { utcDateOf } from '@gowild/contract/dates';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { observedAnswers } from '../../../db/schema';
import type { RouteDayAnswer } from './network-day';

/**
 * The connection search's one read of the observations (read-only; the observations module writes them): every kept
 * answer of the whole network for some travel dates; the flights only of answers offering GoWild (the others say
 * only that the route-day was seen). One statement; a network day is about 900 rows a date.
 */
export function createNetworkDayReader(db: Db) {
  return {
    async answers(dates: readonly string[]): Promise<RouteDayAnswer[]> {
      if (dates.length === 0) return [];
      const result = (await db.execute(sql`
        select origin, destination, travel_date, checked_at, case when go_wild_offered then flights end as flights
        from ${observedAnswers}
        where travel_date in (${sql.join(
          dates.map((d) => sql`${d}::date`),
          sql`, `,
        )})`)) as unknown as { rows: Record<string, unknown>[] };
      return result.rows.map((r) => ({
        origin: String(r.origin),
        destination: String(r.destination),
        date: r.travel_date instanceof Date ? utcDateOf(r.travel_date) : String(r.travel_date).slice(0, 10),
        checkedAt: (r.checked_at instanceof Date ? r.checked_at : new Date(String(r.checked_at))).getTime(),
        flights: r.flights === null ? [] : typeof r.flights === 'string' ? (JSON.parse(r.flights) as Flight[]) : (r.flights as Flight[]),
      }));
    },
  };
}
export type NetworkDayReader = ReturnType<typeof createNetworkDayReader>;
