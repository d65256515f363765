import { type IsoDate, addDays } from '@gowild/contract/dates';
import { GOWILD_WINDOW_DAYS, type GoWildRouteKind, goWildSegmentOpensAt } from '@gowild/contract/gowild-window';
import { localDate } from '@gowild/contract/local-time';

/** One route of the network, with what the window rule needs to know of it. */
export interface SweepRoute {
  origin: string;
  destination: string;
  kind: GoWildRouteKind;
  /** The origin airport's time zone: "today" at the origin, and the day a slot stops being worth sweeping. */
  timeZone: string;
}

/** A (route, date) the sweep may ask the airline about. */
export interface SweepSlot {
  origin: string;
  destination: string;
  date: IsoDate;
}

/**
 * Why a slot is due, in the order the budget serves them (docs/decisions/187):
 * - `opening`: its GoWild window opened within the last `openingMs` and it has not been swept since;
 * - `demand`: travellers searched it lately (at least `demandMin` searches in the last hour) and its last sweep is
 *   about to leave the flight cache's fresh time (decision 226), so their next search finds it fresh;
 * - `near`: today or tomorrow at the origin, last swept more than `refreshMs` ago (or never);
 * - `later`: a later date inside the window (international routes), last swept more than `laterMs` ago.
 */
export type SlotReason = 'opening' | 'demand' | 'near' | 'later';

export interface DueSlot extends SweepSlot {
  reason: SlotReason;
  /** When it was last swept (undefined: never). */
  lastSweptAt?: Date;
  /** The instant its GoWild window opened. */
  opensAt: Date;
  /** Travellers' searches of it in the last hour (`demand` slots). */
  demand?: number;
}

export interface PlanSettings {
  /** How often today's and tomorrow's slots are swept again (SWEEP_REFRESH_MINUTES). */
  refreshMs: number;
  /** How often the later dates of the window are swept again (SWEEP_LATER_REFRESH_MINUTES). */
  laterMs: number;
  /** How long after its window opens a never-swept slot still counts as an opening (default one hour). */
  openingMs?: number;
  /**
   * The flight cache's fresh time: how long a swept answer serves searches with no airline request. A demanded slot
   * is swept again once its last sweep is older than this less `leadMs` (decision 226).
   */
  freshMs?: number;
  /** How early before its answer goes stale a demanded slot is swept again (about one scheduled run). */
  leadMs?: number;
  /** Searches in the last hour that make a slot demanded (0: no demand weighting). */
  demandMin?: number;
}

export interface PlanFilter {
  /** Only this travel date (the CLI's --date). */
  date?: IsoDate;
  /** Only routes from this airport (the CLI's --origin). */
  origin?: string;
  /** Every open slot, whatever its last sweep (the CLI's run-now). */
  force?: boolean;
}

/**
 * The instant a route's GoWild window opens for a date: the contract's rule for the route's first segment, 00:00 at
 * the origin airport on the day(s) before (`goWildSegmentOpensAt`, decision 175), the one home of that rule. Kept
 * behind this one function so the planner follows the rule wherever it changes.
 */
export const windowOpensAt = (route: SweepRoute, date: IsoDate): Date => goWildSegmentOpensAt(route.kind, date, route.timeZone);

export const slotKey = (s: SweepSlot) => `${s.origin}-${s.destination}-${s.date}`;

/**
 * The dates of a route worth sweeping at `now`: from today at the origin through the last date whose GoWild window
 * has opened. Dates before today at the origin have left; dates whose window is still shut have no GoWild fare to
 * find (the sweep is for GoWild; standard fares on them are looked up when a traveller asks).
 */
export function openDates(route: SweepRoute, now: Date): IsoDate[] {
  const today = localDate(now, route.timeZone);
  const dates: IsoDate[] = [];
  // One day past the longest window, so a rule counted in another time zone than the origin's is never cut short.
  for (let i = 0; i <= GOWILD_WINDOW_DAYS[route.kind] + 1; i++) {
    const date = addDays(today, i);
    if (windowOpensAt(route, date).getTime() <= now.getTime()) dates.push(date);
  }
  return dates;
}

const rank: Record<SlotReason, number> = { opening: 0, demand: 1, near: 2, later: 3 };

/**
 * Which slots are due at `now`, most urgent first: openings (oldest opening first), then the slots travellers search
 * (`demand`: searches in the last hour by `slotKey`; the most searched first) whose answer is about to go stale, then today's and tomorrow's
 * slots, then the later dates; within a class the slot swept longest ago (never swept first). `lastSwept` says when
 * each slot was last swept (by `slotKey`). Pure: the clock, the routes and the past are arguments.
 */
export function planSweep(
  routes: readonly SweepRoute[],
  lastSwept: ReadonlyMap<string, Date>,
  now: Date,
  settings: PlanSettings,
  filter: PlanFilter = {},
  demand: ReadonlyMap<string, number> = new Map(),
): DueSlot[] {
  const openingMs = settings.openingMs ?? 3_600_000;
  const demandMin = settings.demandMin ?? 0;
  const demandAgeMs = Math.max(0, (settings.freshMs ?? Infinity) - (settings.leadMs ?? 0));
  const due: DueSlot[] = [];
  // Demanded dates of each route: searched dates whose window is still shut are kept fresh for the searches too.
  const demandedDates = new Map<string, IsoDate[]>();
  if (demandMin > 0)
    for (const [key, n] of demand) {
      if (n < demandMin) continue;
      const [origin, destination, ...date] = key.split('-');
      const route = `${origin}-${destination}`;
      demandedDates.set(route, [...(demandedDates.get(route) ?? []), date.join('-') as IsoDate]);
    }
  for (const route of routes) {
    if (filter.origin && route.origin !== filter.origin) continue;
    const today = localDate(now, route.timeZone);
    const open = openDates(route, now);
    const extra = (demandedDates.get(`${route.origin}-${route.destination}`) ?? []).filter((d) => d >= today && !open.includes(d));
    for (const date of [...open, ...extra]) {
      if (filter.date && date !== filter.date) continue;
      const shut = !open.includes(date);
      const slot = { origin: route.origin, destination: route.destination, date };
      const last = lastSwept.get(slotKey(slot));
      const opensAt = windowOpensAt(route, date);
      const near = date <= addDays(today, 1);
      const age = last ? now.getTime() - last.getTime() : Infinity;
      let reason: SlotReason | undefined;
      const demanded = demandMin > 0 && (demand.get(slotKey(slot)) ?? 0) >= demandMin;
      if (!shut && (!last || last < opensAt) && now.getTime() - opensAt.getTime() <= openingMs) reason = 'opening';
      else if (demanded && !filter.force && age >= demandAgeMs) reason = 'demand';
      else if (shut) reason = undefined;
      else if (near && (filter.force || age >= settings.refreshMs)) reason = 'near';
      else if (!near && (filter.force || age >= settings.laterMs)) reason = 'later';
      if (reason)
        due.push({ ...slot, reason, lastSweptAt: last, opensAt, ...(reason === 'demand' ? { demand: demand.get(slotKey(slot)) } : {}) });
    }
  }
  return due.sort(
    (a, b) =>
      rank[a.reason] - rank[b.reason] ||
      (a.reason === 'opening' ? a.opensAt.getTime() - b.opensAt.getTime() : 0) ||
      // The most searched first, an origin's date together: a budget too small for every demanded slot keeps whole
      // searches fresh (a search asks the airline nothing only when all its routes are fresh) rather than a few
      // routes of many.
      (a.reason === 'demand' ? (b.demand ?? 0) - (a.demand ?? 0) || a.date.localeCompare(b.date) || a.origin.localeCompare(b.origin) : 0) ||
      (a.lastSweptAt?.getTime() ?? -Infinity) - (b.lastSweptAt?.getTime() ?? -Infinity) ||
      a.date.localeCompare(b.date) ||
      (a.origin + a.destination).localeCompare(b.origin + b.destination),
  );
}

/**
 * How many of the due slots one run may send to the airline (docs/decisions/188): the hourly budget is a sliding
 * hour; openings may spend whatever is left of it (they matter most, and come in bursts at each time zone's
 * midnight), the other slots at most their steady share of one run (`budget × runMs / hour`, at least one), so
 * routine refreshes spread over the hour and leave room for the next opening.
 */
export function allowance(
  due: readonly DueSlot[],
  budgetPerHour: number,
  usedLastHour: number,
  runMs: number,
): {
  take: DueSlot[];
  skipped: number;
} {
  let left = Math.max(0, budgetPerHour - usedLastHour);
  let steady = Math.max(1, Math.ceil((budgetPerHour * runMs) / 3_600_000));
  const take: DueSlot[] = [];
  for (const slot of due) {
    if (left <= 0) break;
    if (slot.reason !== 'opening') {
      if (steady <= 0) break;
      steady--;
    }
    take.push(slot);
    left--;
  }
  return { take, skipped: due.length - take.length };
}
