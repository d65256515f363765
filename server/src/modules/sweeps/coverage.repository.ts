import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { observedAnswers, ribbonFares } from '../../db/schema';
import { slotKey } from './sweep-plan';

/**
 * What the grid already holds, for the sweep's cover pages (decision 258): when each (route, date) last had an answer
 * or a ribbon figure, whoever asked for the page (a traveller, the sweep, the alert checker). The sweep reads the
 * observation tables here rather than through the observations module, which has no such read: one statement, the
 * later of `observed_answers.checked_at` and `ribbon_fares.seen_at` per (route, date).
 */
export interface CoverageReader {
  /** By `slotKey`: the latest answer or ribbon figure seen at or after `since`, for travel dates `from` to `to`. */
  seenSince(from: string, to: string, since: Date): Promise<Map<string, Date>>;
}

export function createCoverageReader(db: Db): CoverageReader {
  return {
    async seenSince(from, to, since) {
      const at = since.toISOString();
      const result = await db.execute(sql`
        select origin, destination, travel_date::text as date, max(at) as at from (
          select origin, destination, travel_date, checked_at as at from ${observedAnswers}
            where travel_date between ${from} and ${to} and checked_at >= ${at}::timestamptz
          union all
          select origin, destination, travel_date, seen_at as at from ${ribbonFares}
            where travel_date between ${from} and ${to} and seen_at >= ${at}::timestamptz
        ) seen
        group by origin, destination, travel_date`);
      const rows = (result as unknown as { rows: { origin: string; destination: string; date: string; at: unknown }[] }).rows;
      const out = new Map<string, Date>();
      for (const r of rows) out.set(slotKey(r), r.at instanceof Date ? r.at : new Date(String(r.at)));
      return out;
    },
  };
}
