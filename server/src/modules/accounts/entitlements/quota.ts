import { todayUtc } from '@gowild/contract/dates';
/** The UTC day a search counts against (docs/product/accounts-and-plans.md#free-search-quota: the free quota is per UTC day). */
export function utcDay(now: Date): string {
  return todayUtc(now);
}

/** Seconds until the next UTC midnight, when the free allowance starts over (the Retry-After of a 429). */
export function secondsUntilNextUtcDay(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/**
 * How a search that ran ended: to its end with every destination checked (`complete`) or some failed (`partial`),
 * the client left first (`abandoned`), the server shut down first (`interrupted`), or every airline query failed.
 */
export type SearchEnd = 'complete' | 'partial' | 'abandoned' | 'interrupted' | 'failed';

/** What the rule of `searchCounts` looks at: how a search ended and what the traveller was sent. */
export interface SearchDelivery {
  end: SearchEnd;
  /** Destinations (inbound: origins) the traveller was told about: all of them for a search that ran to its end. */
  checked: number;
  /** Of those, destinations whose airline queries failed. */
  failed: number;
  /** Of those, destinations with flights. */
  resultsFound: number;
}

/**
 * Whether a search that ran counts as one of the user's searches (docs/product/accounts-and-plans.md#when-a-search-counts;
 * decisions 055 and 056). It counts once results were delivered, and not when:
 * - every airline query failed (`failed`);
 * - more than half of the destinations the traveller was told about failed: a result that is mostly failures is not
 *   charged, even though it is still shown (flagged partial);
 * - the client left (`abandoned`) or the server shut down (`interrupted`) before any destination with flights was
 *   sent: nothing useful reached the traveller.
 * A search that ran to its end counts even when it found no flights: "no flights that day" is an answer.
 */
export function searchCounts(d: SearchDelivery): boolean {
  if (d.end === 'failed') return false;
  if (d.failed * 2 > d.checked) return false;
  if (d.end === 'abandoned' || d.end === 'interrupted') return d.resultsFound > 0;
  return true;
}

/** Which way a search runs: from origins to destinations, or every origin into destinations. */
export type SearchDirection = 'outbound' | 'inbound';

/** An airport field as the traveller typed it: a comma list of codes and city groups, in any case and padding. */
function codeSet(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  const codes = value
    .split(',')
    .map((c) => c.trim().toUpperCase())
    .filter((c) => c !== '');
  return [...new Set(codes)].sort();
}

/**
 * The identity of a search (decision 100; docs/product/search.md#repeating-a-search): its direction, origins,
 * destinations and date, normalised so that the same search typed differently (case, spaces, order of a comma list,
 * a code given twice) is the same search. Read from the raw query, before validation, as the gate runs first; a
 * query the search then refuses gives its reservation (and this identity) back.
 */
export function searchIdentity(direction: SearchDirection, query: unknown): string {
  const q = (query ?? {}) as Record<string, unknown>;
  const date = typeof q.date === 'string' ? q.date.trim() : '';
  return [direction, codeSet(q.origin).join(','), codeSet(q.destination).join(','), date].join('|');
}
