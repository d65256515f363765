import type { Db } from '../../../db/client';
import { searchLogs } from '../../../db/schema';
import type { SearchEnd } from './quota';

export interface SearchLogEntry {
  userId: string | null;
  originAirport: string;
  destinationAirport: string | null;
  searchType: string;
  searchDate: string | null;
  resultsFound: number;
  totalFlights: number;
  /** How the search ended; rows written without one are complete, counted searches (the column defaults). */
  outcome?: SearchEnd;
  charged?: boolean;
  destinationsTotal?: number;
  destinationsChecked?: number;
  destinationsFailed?: number;
  createdAt: Date;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
// NUL cannot be stored in PostgreSQL text; a search log line must never fail over what the caller typed.
const clip = (s: string, n: number) => s.split('\u0000').join('').slice(0, n);
const count = (n: number) => (Number.isFinite(n) && n > 0 ? Math.min(Math.floor(n), 2_147_483_647) : 0);

/** A date the database accepts, or null (the search may have been made with a malformed one). */
function validDate(d: string | null): string | null {
  if (!d || !ISO_DATE.test(d)) return null;
  const t = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d ? d : null;
}

export function createSearchLogRepository(db: Db) {
  return {
    async insert(entry: SearchLogEntry): Promise<void> {
      await db.insert(searchLogs).values({
        userId: entry.userId,
        originAirport: clip(entry.originAirport, 200),
        destinationAirport: entry.destinationAirport ? clip(entry.destinationAirport, 200) : null,
        searchType: entry.searchType,
        searchDate: validDate(entry.searchDate),
        resultsFound: count(entry.resultsFound),
        totalFlights: count(entry.totalFlights),
        outcome: entry.outcome ?? 'complete',
        charged: entry.charged ?? true,
        destinationsTotal: count(entry.destinationsTotal ?? 0),
        destinationsChecked: count(entry.destinationsChecked ?? 0),
        destinationsFailed: count(entry.destinationsFailed ?? 0),
        createdAt: entry.createdAt,
      });
    },
  };
}
export type SearchLogRepository = ReturnType<typeof createSearchLogRepository>;
