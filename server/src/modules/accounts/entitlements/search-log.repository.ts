import { getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { searchLogs } from '../../../db/schema';
import type { SearchEnd } from './quota';
import { utcDateOf } from '@gowild/contract/dates';

export interface SearchLogEntry {
  userId: string | null;
  /** As the traveller asked (a code, codes or CITY:XXX); null for an inbound search. */
  originAirport: string | null;
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
  return !Number.isNaN(t.getTime()) && utcDateOf(t) === d ? d : null;
}

/** The row for one entry, cleaned so a search log line never fails over what the caller typed. */
function toRow(entry: SearchLogEntry) {
  return {
    userId: entry.userId,
    originAirport: entry.originAirport === null ? null : clip(entry.originAirport, 200),
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
  };
}

const COLUMNS = getTableColumns(searchLogs);

export function createSearchLogRepository(db: Db) {
  const repo = {
    async insert(entry: SearchLogEntry): Promise<void> {
      await repo.insertMany([entry]);
    },
    /**
     * Several entries in one statement (the batched writer's flush, decision 065). The rows travel as one JSON
     * parameter read by json_populate_recordset: the embedded database spends far less per row on that than on a
     * VALUES list of one parameter per field. Every field `toRow` gives is written, under its column's name.
     */
    async insertMany(entries: readonly SearchLogEntry[]): Promise<void> {
      if (entries.length === 0) return;
      const rows = entries.map(toRow);
      const fields = Object.keys(rows[0]!) as (keyof ReturnType<typeof toRow>)[];
      const names = fields.map((f) => COLUMNS[f].name);
      const json = JSON.stringify(rows.map((r) => Object.fromEntries(fields.map((f, i) => [names[i], r[f]]))));
      const list = sql.join(
        names.map((n) => sql.identifier(n)),
        sql`, `,
      );
      await db.execute(
        sql`insert into ${searchLogs} (${list}) select ${list} from json_populate_recordset(null::${searchLogs}, ${json}::json)`,
      );
    },
  };
  return repo;
}
export type SearchLogRepository = ReturnType<typeof createSearchLogRepository>;
