import { hasGoWild, lowestFare } from '@gowild/contract/flight-format';
import type { Flight } from '@gowild/contract/flights';

export interface DestinationResult {
  code: string;
  flights: Flight[];
  /** When the airline's answer was fetched (ISO instant): "checked 12 min ago" (docs/product/observations.md#freshness). */
  checkedAt?: string;
  /**
   * Answer at once (docs/product/search.md#answer-at-once): `confirming` while these are the fares last seen and the
   * airline is being asked; `unconfirmed` when it did not answer, so they stay the fares last seen, with their age;
   * `change` what the live answer changed ('now $168 (was $161)'), absent when nothing did.
   */
  confirming?: boolean;
  unconfirmed?: boolean;
  change?: string;
}

export interface GroupedResults {
  gowild: DestinationResult[];
  standard: DestinationResult[];
}

function cheapest(flights: readonly Flight[], pick: (f: Flight) => number | null): number {
  let best = Number.POSITIVE_INFINITY;
  for (const f of flights) {
    const p = pick(f);
    if (p !== null && p < best) best = p;
  }
  return best;
}

const goWildPrice = (f: Flight) => (hasGoWild(f) ? (f.fares.go_wild?.total ?? null) : null);

/**
 * docs/product/search.md#destination-groups: destinations with any GoWild fare are GoWild destinations, the others
 * Standard; destinations without flights are left out. With `sort`, each group is ordered cheapest first (GoWild by its
 * GoWild fare); without it, arrival order is kept so cards do not jump while a search is still streaming in.
 */
export function groupDestinations(results: readonly DestinationResult[], sort: boolean): GroupedResults {
  const withFlights = results.filter((r) => r.flights.length > 0);
  const gowild = withFlights.filter((r) => r.flights.some(hasGoWild));
  const standard = withFlights.filter((r) => !r.flights.some(hasGoWild));
  if (sort) {
    const by = (pick: (f: Flight) => number | null) => (a: DestinationResult, b: DestinationResult) =>
      cheapest(a.flights, pick) - cheapest(b.flights, pick) || a.code.localeCompare(b.code);
    gowild.sort(by(goWildPrice));
    standard.sort(by(lowestFare));
  }
  return { gowild, standard };
}
