import { type ConnectionSort, CONNECTION_SORTS, itineraryId } from '@gowild/contract/connections';
import { type Leg, type NetworkDay, lowerBound } from './network-day';

/** What a chain of flights must meet (docs/product/connections.md#the-rules). */
export interface ChainRules {
  origins: readonly string[];
  /** Null for anywhere. */
  targets: ReadonlySet<string> | null;
  date: string;
  maxFlights: number;
  minConnectionMs: number;
  maxLayoverMs: number;
  overnight: boolean;
  /** Hubs to use: a chain of two or more flights connects at one of these at least (empty: any). */
  via: ReadonlySet<string>;
  /** Hubs to avoid: no flight connects or stops at these. */
  avoid: ReadonlySet<string>;
  maxDurationMs: number | null;
  /** The latest arrival allowed at a destination (an instant), or null. */
  arriveBy: ((destination: string) => number) | null;
}

/** A chain found, with the figures it is ranked by. */
export interface Chain {
  legs: Leg[];
  arrMs: number;
  totalMs: number;
  price: number;
  /** Fewest seats left on one of its flights; -1 when the airline said for none. */
  seats: number;
  id: string;
}

export function chainOf(legs: Leg[]): Chain {
  const first = legs[0]!;
  const last = legs.at(-1)!;
  let price = 0;
  let seats = Number.POSITIVE_INFINITY;
  for (const l of legs) {
    price += l.price;
    if (l.seats !== null) seats = Math.min(seats, l.seats);
  }
  return {
    legs,
    arrMs: last.arrMs,
    totalMs: last.arrMs - first.depMs,
    price: Math.round(price * 100) / 100,
    seats: seats === Number.POSITIVE_INFINITY ? -1 : seats,
    id: itineraryId(legs.map((l) => l.flight)),
  };
}

const KEYS: Record<ConnectionSort, (a: Chain, b: Chain) => number> = {
  arrival: (a, b) => a.arrMs - b.arrMs,
  flights: (a, b) => a.legs.length - b.legs.length,
  duration: (a, b) => a.totalMs - b.totalMs,
  price: (a, b) => Math.round(a.price * 100) - Math.round(b.price * 100),
  seats: (a, b) => b.seats - a.seats,
};

/** The order of a sort: its own key first, then the others in the list's order, then the id (a total order). */
export function compareChains(sort: ConnectionSort) {
  const keys = [KEYS[sort], ...CONNECTION_SORTS.filter((s) => s !== sort).map((s) => KEYS[s])];
  return (a: Chain, b: Chain): number => {
    for (const k of keys) {
      const d = k(a, b);
      if (d !== 0) return d;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

/**
 * Whether `next` can follow `prev` at prev's arrival airport: it leaves at least the minimum connection after the
 * landing and at most the maximum layover, and on the next day only when overnights are allowed (days read on the
 * airport's own clock, which both flights share there).
 */
export function connects(rules: ChainRules, prev: Leg, next: Leg): boolean {
  const gap = next.depMs - prev.arrMs;
  if (gap < rules.minConnectionMs || gap > rules.maxLayoverMs) return false;
  return rules.overnight || next.depDay <= prev.arrDay;
}

/** The chain's rules that are judged on the whole chain: airports, hubs, duration, arrival. */
export function chainAllowed(rules: ChainRules, legs: readonly Leg[], originSet: ReadonlySet<string>): boolean {
  const first = legs[0]!;
  const last = legs.at(-1)!;
  if (first.depDay !== rules.date || !originSet.has(first.from)) return false;
  if (originSet.has(last.to) || (rules.targets && !rules.targets.has(last.to))) return false;
  const seen = new Set<string>();
  for (const l of legs) {
    for (const a of l.airports.slice(seen.size === 0 ? 0 : 1)) {
      if (seen.has(a)) return false;
      seen.add(a);
    }
  }
  // Every airport between the two ends: not the destination on the way, not avoided.
  const inner = [...seen].slice(1, -1);
  if (inner.some((a) => rules.avoid.has(a) || originSet.has(a) || rules.targets?.has(a))) return false;
  if (rules.via.size > 0 && !legs.slice(1).some((l) => rules.via.has(l.from))) return false;
  if (rules.maxDurationMs !== null && last.arrMs - first.depMs > rules.maxDurationMs) return false;
  if (rules.arriveBy && last.arrMs > rules.arriveBy(last.to)) return false;
  for (let k = 1; k < legs.length; k++) if (!connects(rules, legs[k - 1]!, legs[k]!)) return false;
  return true;
}

/**
 * Which legs can still reach a destination with the flights left (a chain's last flight, or one that connects to such
 * a leg within the layover bounds): computed backwards from the destinations, one flight at a time. `reach[k]` holds
 * the legs that arrive at a destination within k more flights including themselves. Only a necessary condition: the
 * full rules are checked on each chain.
 */
function reachability(day: NetworkDay, rules: ChainRules): Uint8Array[] {
  const n = day.legs.length;
  const reach: Uint8Array[] = [new Uint8Array(n)];
  const targets = rules.targets!;
  const level1 = new Uint8Array(n);
  for (const l of day.legs) {
    if (!targets.has(l.to)) continue;
    if (rules.arriveBy && l.arrMs > rules.arriveBy(l.to)) continue;
    level1[l.i] = 1;
  }
  reach.push(level1);
  for (let k = 2; k <= rules.maxFlights; k++) {
    const prevLevel = reach[k - 1]!;
    // Per airport, the departure instants of the legs that reach within k - 1 flights.
    const ready = new Map<string, Float64Array>();
    for (const [from, list] of day.byFrom) {
      const times = list.filter((l) => prevLevel[l.i]).map((l) => l.depMs);
      if (times.length > 0) ready.set(from, Float64Array.from(times));
    }
    const level = new Uint8Array(n);
    for (const l of day.legs) {
      if (level1[l.i]) {
        level[l.i] = 1;
        continue;
      }
      if (targets.has(l.to)) continue;
      const times = ready.get(l.to);
      if (!times) continue;
      const j = lowerBound(times, l.arrMs + rules.minConnectionMs);
      if (j < times.length && times[j]! <= l.arrMs + rules.maxLayoverMs) level[l.i] = 1;
    }
    reach.push(level);
  }
  return reach;
}

/**
 * Every chain that meets the rules, found by a depth-first walk of the time-expanded graph: from each first flight,
 * only the legs leaving its arrival airport inside [landing + minimum connection, landing + maximum layover] (two
 * binary searches on that airport's departures), and with destinations, only legs that can still reach one with the
 * flights left (`reachability`). `visit` is told of each chain; its return value is ignored.
 */
export function walkChains(day: NetworkDay, rules: ChainRules, visit: (legs: Leg[]) => void): { chains: number } {
  const originSet = new Set(rules.origins);
  const reach = rules.targets ? reachability(day, rules) : null;
  const canReach = (l: Leg, flightsLeft: number) => !reach || reach[flightsLeft]![l.i] === 1;
  let chains = 0;
  const path: Leg[] = [];
  const extend = (flightsLeft: number) => {
    const last = path.at(-1)!;
    if (!rules.targets || rules.targets.has(last.to)) {
      if (chainAllowed(rules, path, originSet)) {
        chains++;
        visit([...path]);
      }
    }
    // A chain ends at a destination or when its flights are spent; it never passes through an origin or a destination.
    if (flightsLeft === 0 || originSet.has(last.to) || rules.targets?.has(last.to) || rules.avoid.has(last.to)) return;
    const list = day.byFrom.get(last.to);
    const times = day.depTimes.get(last.to);
    if (!list || !times) return;
    const start = lowerBound(times, last.arrMs + rules.minConnectionMs);
    const end = last.arrMs + rules.maxLayoverMs;
    for (let j = start; j < list.length && times[j]! <= end; j++) {
      const next = list[j]!;
      if (!canReach(next, flightsLeft)) continue;
      if (!rules.overnight && next.depDay > last.arrDay) continue;
      if (path.some((p) => p.from === next.to)) continue;
      path.push(next);
      extend(flightsLeft - 1);
      path.pop();
    }
  };
  for (const o of originSet) {
    for (const first of day.byFrom.get(o) ?? []) {
      if (first.depDay !== rules.date || !canReach(first, rules.maxFlights)) continue;
      path.push(first);
      extend(rules.maxFlights - 1);
      path.pop();
    }
  }
  return { chains };
}

/**
 * The ranked answer: to destinations, the best `limit` chains in the sort's order; anywhere, each destination's best
 * chain, destinations in the same order.
 */
export function searchChains(day: NetworkDay, rules: ChainRules, sort: ConnectionSort, limit: number): { ranked: Chain[]; found: number } {
  const better = compareChains(sort);
  if (rules.targets) {
    const all: Chain[] = [];
    walkChains(day, rules, (legs) => all.push(chainOf(legs)));
    return { ranked: all.sort(better).slice(0, limit), found: all.length };
  }
  const best = new Map<string, Chain>();
  let found = 0;
  walkChains(day, rules, (legs) => {
    found++;
    const c = chainOf(legs);
    const to = c.legs.at(-1)!.to;
    const held = best.get(to);
    if (!held || better(c, held) < 0) best.set(to, c);
  });
  return { ranked: [...best.values()].sort(better).slice(0, limit), found };
}
