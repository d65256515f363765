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
 * Why a slot is due, in the order the budget serves them (docs/decisions/187, 226, 258).
 *
 * The targeted plan (decision 258, the default) asks the airline only where an answer can change a traveller's
 * decision:
 * - `opening`: its GoWild window opened within the last `openingMs` and it has not been swept since;
 * - `demand`: travellers searched it lately (at least `demandMin` searches in the last hour), its GoWild window is
 *   open, and its last sweep is about to leave the flight cache's fresh time (decision 226);
 * - `departure`: today at the origin (the flights about to leave, whose GoWild seats go first), last swept more than
 *   `departureMs` ago;
 * - `cover`: a page asked for its week view (decision 243) where a day of the grid's `coverDays` would otherwise be left
 *   with no answer and no ribbon figure under a day old (`coverSlots`, decision 328); the only page the plan asks for
 *   a date whose window is shut.
 *
 * The hourly plan (`mode: 'hourly'`, decisions 187 and 226 as they were) adds, instead of `departure` and `cover`:
 * - `near`: today or tomorrow at the origin, last swept more than `refreshMs` ago (or never);
 * - `later`: a later date inside the window (international routes), last swept more than `laterMs` ago;
 * and counts demand on any searched date, also one whose window is shut.
 */
export type SlotReason = 'opening' | 'demand' | 'departure' | 'cover' | 'near' | 'later';

export interface DueSlot extends SweepSlot {
  reason: SlotReason;
  /** When it was last swept (undefined: never). */
  lastSweptAt?: Date;
  /** The instant its GoWild window opened. */
  opensAt: Date;
  /** Travellers' searches of it in the last hour (`demand` slots). */
  demand?: number;
}

/** Which plan (SWEEP_PLAN): the targeted plan of decision 258, or the hourly refresh of every open date before it. */
export type PlanMode = 'targeted' | 'hourly';

export interface PlanSettings {
  /** Default 'targeted'. */
  mode?: PlanMode;
  /** Hourly plan: how often today's and tomorrow's slots are swept again (SWEEP_REFRESH_MINUTES). */
  refreshMs: number;
  /** Hourly plan: how often the later dates of the window are swept again (SWEEP_LATER_REFRESH_MINUTES). */
  laterMs: number;
  /** Targeted plan: how often today's slots are asked again while their flights leave (SWEEP_DEPARTURE_MINUTES; 0: never). */
  departureMs?: number;
  /** Targeted plan: the grid's days from today that keep a figure under a day old (0: no cover pages). */
  coverDays?: number;
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
export function windowOpensAt(route: SweepRoute, date: IsoDate): Date {
  // Remembered: the worker plans every minute, about 13 dates of each of the network's routes, and a time zone's
  // midnight is worked out through Intl (most of a plan's time before).
  const key = `${route.kind}|${route.timeZone}|${date}`;
  let at = opensAtCache.get(key);
  if (!at) {
    if (opensAtCache.size >= 100_000) opensAtCache.clear();
    opensAtCache.set(key, (at = goWildSegmentOpensAt(route.kind, date, route.timeZone)));
  }
  return at;
}
const opensAtCache = new Map<string, Date>();

export const slotKey = (s: SweepSlot) => `${s.origin}-${s.destination}-${s.date}`;

/**
 * The dates of a route worth sweeping at `now`: from today at the origin through the last date whose GoWild window
 * has opened. Dates before today at the origin have left; dates whose window is still shut have no GoWild fare to
 * find (the sweep is for GoWild; standard fares on them are looked up when a traveller asks).
 */
export function openDates(route: SweepRoute, now: Date, today: IsoDate = localDate(now, route.timeZone)): IsoDate[] {
  const dates: IsoDate[] = [];
  // One day past the longest window, so a rule counted in another time zone than the origin's is never cut short.
  const cal = calendarFrom(today);
  for (let i = 0; i <= GOWILD_WINDOW_DAYS[route.kind] + 1; i++) {
    const date = cal.at(i);
    if (windowOpensAt(route, date).getTime() <= now.getTime()) dates.push(date);
  }
  return dates;
}

/** Days either side of a results page's date its week view (the ribbon) shows a lowest fare for (decision 243). */
export const RIBBON_REACH_DAYS = 3;

/** How old a grid figure may be and still count: the grid's fortnight keeps a lowest fare under a day old. */
export const COVER_MS = 86_400_000;

/**
 * How long before a day's newest figure turns a day old the sweep asks a cover page for it: two reads of the
 * observation tables (every ten minutes on the worker, COVERAGE_READ_EVERY_MS) so a traveller's figure from just
 * before a read is not missed, and the page is in before the figure expires.
 */
export const COVER_LEAD_MS = 20 * 60_000;

/** The dates from `today` − 7 to `today` + 35 by offset (`at(i)`, `offsetOf(date)`), worked out once per day. */
function calendarFrom(today: IsoDate) {
  let cal = calendars.get(today);
  if (!cal) {
    if (calendars.size >= 1000) calendars.clear();
    const dates = Array.from({ length: 43 }, (_, i) => addDays(today, i - 7));
    const offsets = new Map(dates.map((d, i) => [d, i - 7]));
    cal = { at: (i: number) => dates[i + 7] ?? addDays(today, i), offsetOf: (d: IsoDate) => offsets.get(d) };
    calendars.set(today, cal);
  }
  return cal;
}
const calendars = new Map<IsoDate, { at(i: number): IsoDate; offsetOf(d: IsoDate): number | undefined }>();

/**
 * The cover pages of one route (decisions 258, 328): each of the grid's `coverDays` from today at the origin should
 * keep a lowest fare under a day old (`COVER_MS`). A day is due once its newest figure is within `COVER_LEAD_MS` of
 * that age: an answer or a ribbon figure for it (`seen`, whoever asked), or a page the sweep asked within
 * `RIBBON_REACH_DAYS` of it (its ribbon showed the day, or showed nothing for it because nothing sells: asking again
 * would not change that). A page within reach planned in this run, or the route's next window opening if it comes
 * within the lead, covers it too. Each day left due, earliest first, gets the page `RIBBON_REACH_DAYS` after it (the
 * last day of the grid at most), whose ribbon covers it and the days up to a week on.
 *
 * Rolling rather than "since midnight at the origin" (decision 258 at first): counted from midnight, every route's
 * fortnight was due right after it, before any traveller had searched, so the sweep asked about three pages a route a
 * day whatever the traffic. Rolling, a figure a traveller's page brought lasts a day, and the sweep asks only for the
 * days travellers leave a day without one: none on a route searched across the fortnight, still about three (with
 * the opening) on a route nobody searches, since pages asked together expire together.
 */
function coverSlots(
  route: SweepRoute,
  now: Date,
  ctx: {
    /** Today at the route's origin. */
    today: IsoDate;
    /** The route's dates whose GoWild window has opened (`openDates`): the next opening is the day after the last. */
    open: readonly IsoDate[];
    lastSwept: ReadonlyMap<string, Date>;
    seen: ReadonlyMap<string, Date>;
    planned: readonly DueSlot[];
    settings: PlanSettings;
    filter: PlanFilter;
  },
): DueSlot[] {
  const days = ctx.settings.coverDays ?? 0;
  if (days <= 0) return [];
  // Figures that will still be under a day old once a page asked now is in.
  const since = now.getTime() - (COVER_MS - COVER_LEAD_MS);
  const cal = calendarFrom(ctx.today);
  const key = (date: IsoDate) => slotKey({ origin: route.origin, destination: route.destination, date });
  const recent = (m: ReadonlyMap<string, Date>, date: IsoDate) => (m.get(key(date))?.getTime() ?? -Infinity) >= since;
  // Offsets from today whose figure is recent enough, or will be once this run's pages are in.
  const covered = new Set<number>();
  const coverAround = (i: number) => {
    for (let k = -RIBBON_REACH_DAYS; k <= RIBBON_REACH_DAYS; k++) covered.add(i + k);
  };
  for (let i = -RIBBON_REACH_DAYS; i < days + RIBBON_REACH_DAYS; i++) if (recent(ctx.lastSwept, cal.at(i))) coverAround(i);
  for (const s of ctx.planned) coverAround(cal.offsetOf(s.date) ?? -Infinity);
  // The next opening, within the lead, renews what the last one brought: no cover page minutes before it.
  const lastOpen = ctx.open.at(-1);
  const lastOffset = lastOpen === undefined ? undefined : cal.offsetOf(lastOpen);
  if (lastOffset !== undefined && windowOpensAt(route, cal.at(lastOffset + 1)).getTime() <= now.getTime() + COVER_LEAD_MS)
    coverAround(lastOffset + 1);
  const out: DueSlot[] = [];
  for (let i = 0; i < days; i++) {
    if (covered.has(i) || recent(ctx.seen, cal.at(i))) continue;
    const page = Math.min(i + RIBBON_REACH_DAYS, days - 1);
    coverAround(page);
    const date = cal.at(page);
    if (ctx.filter.date && date !== ctx.filter.date) continue;
    const slot = { origin: route.origin, destination: route.destination, date };
    out.push({ ...slot, reason: 'cover', lastSweptAt: ctx.lastSwept.get(key(date)), opensAt: windowOpensAt(route, date) });
  }
  return out;
}

/** Plain code-unit order (dates, airport codes): a plan sorts thousands of slots every minute, localeCompare is slow. */
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const rank: Record<SlotReason, number> = { opening: 0, demand: 1, departure: 2, near: 2, cover: 3, later: 3 };

/** What one slot's reason is worked out from (`reasonOf`). */
interface SlotView {
  open: boolean;
  /** Today at the origin. */
  today: boolean;
  /** Today or tomorrow at the origin. */
  near: boolean;
  /** Since its last sweep (Infinity: never swept). */
  age: number;
  sweptSinceOpening: boolean;
  /** Since its window opened. */
  sinceOpening: number;
  demanded: boolean;
}

/** Why one slot is due under the plan's rules (null: not due), before the cover pages (coverage.ts). */
function reasonOf(v: SlotView, settings: PlanSettings, force: boolean): SlotReason | null {
  const openingMs = settings.openingMs ?? 3_600_000;
  const demandAgeMs = Math.max(0, (settings.freshMs ?? Infinity) - (settings.leadMs ?? 0));
  const targeted = (settings.mode ?? 'targeted') === 'targeted';
  if (v.open && !v.sweptSinceOpening && v.sinceOpening <= openingMs) return 'opening';
  // The targeted plan asks no page for a date whose window is shut: its ribbons bring all it needs (decision 258).
  if (v.demanded && !force && v.age >= demandAgeMs && (v.open || !targeted)) return 'demand';
  if (!v.open) return null;
  if (targeted && !force) return v.today && settings.departureMs && v.age >= settings.departureMs ? 'departure' : null;
  if (v.near) return force || v.age >= settings.refreshMs ? 'near' : null;
  return force || v.age >= settings.laterMs ? 'later' : null;
}

/** The demanded dates of each route (`origin-destination`): searched at least `demandMin` times in the last hour. */
function demandedDates(demand: ReadonlyMap<string, number>, demandMin: number): Map<string, IsoDate[]> {
  const out = new Map<string, IsoDate[]>();
  if (demandMin <= 0) return out;
  for (const [key, n] of demand) {
    if (n < demandMin) continue;
    const [origin, destination, ...date] = key.split('-');
    const route = `${origin}-${destination}`;
    out.set(route, [...(out.get(route) ?? []), date.join('-') as IsoDate]);
  }
  return out;
}

/**
 * Which slots are due at `now`, most urgent first: openings (oldest opening first), then the slots travellers search
 * (`demand`: searches in the last hour by `slotKey`; the most searched first) whose answer is about to go stale, then
 * today's slots near departure (the hourly plan: today's and tomorrow's), then the cover pages (the hourly plan: the
 * later dates); within a class the slot swept longest ago (never swept first). `lastSwept` says when each slot was
 * last swept (by `slotKey`); `seen` when each (route, date) last had an answer or a ribbon figure, whoever asked
 * (the cover pages' input; empty: the sweep's own pages only). Pure: the clock, the routes and the past are arguments.
 */
export function planSweep(
  routes: readonly SweepRoute[],
  lastSwept: ReadonlyMap<string, Date>,
  now: Date,
  settings: PlanSettings,
  filter: PlanFilter = {},
  demand: ReadonlyMap<string, number> = new Map(),
  seen: ReadonlyMap<string, Date> = new Map(),
): DueSlot[] {
  const demandMin = settings.demandMin ?? 0;
  const targeted = (settings.mode ?? 'targeted') === 'targeted';
  const due: DueSlot[] = [];
  // Demanded dates of each route: the hourly plan keeps searched dates whose window is still shut fresh too.
  const demanded = demandedDates(demand, demandMin);
  // Today in each of the network's few time zones, once per plan.
  const todays = new Map<string, IsoDate>();
  for (const route of routes) {
    if (filter.origin && route.origin !== filter.origin) continue;
    let today = todays.get(route.timeZone);
    if (!today) todays.set(route.timeZone, (today = localDate(now, route.timeZone)));
    const open = openDates(route, now, today);
    const extra = (demanded.get(`${route.origin}-${route.destination}`) ?? []).filter((d) => d >= today && !open.includes(d));
    const mine: DueSlot[] = [];
    for (const date of [...open, ...extra]) {
      if (filter.date && date !== filter.date) continue;
      const slot = { origin: route.origin, destination: route.destination, date };
      const last = lastSwept.get(slotKey(slot));
      const opensAt = windowOpensAt(route, date);
      const searches = demand.get(slotKey(slot)) ?? 0;
      const reason = reasonOf(
        {
          open: open.includes(date),
          today: date === today,
          near: date <= calendarFrom(today).at(1),
          age: last ? now.getTime() - last.getTime() : Infinity,
          sweptSinceOpening: !!last && last >= opensAt,
          sinceOpening: now.getTime() - opensAt.getTime(),
          demanded: demandMin > 0 && searches >= demandMin,
        },
        settings,
        !!filter.force,
      );
      if (reason) mine.push({ ...slot, reason, lastSweptAt: last, opensAt, ...(reason === 'demand' ? { demand: searches } : {}) });
    }
    if (targeted && !filter.force) mine.push(...coverSlots(route, now, { today, open, lastSwept, seen, planned: mine, settings, filter }));
    due.push(...mine);
  }
  return due.sort(
    (a, b) =>
      rank[a.reason] - rank[b.reason] ||
      (a.reason === 'opening' ? a.opensAt.getTime() - b.opensAt.getTime() : 0) ||
      // The most searched first, an origin's date together: a budget too small for every demanded slot keeps whole
      // searches fresh (a search asks the airline nothing only when all its routes are fresh) rather than a few
      // routes of many.
      (a.reason === 'demand' ? (b.demand ?? 0) - (a.demand ?? 0) || cmp(a.date, b.date) || cmp(a.origin, b.origin) : 0) ||
      (a.lastSweptAt?.getTime() ?? -Infinity) - (b.lastSweptAt?.getTime() ?? -Infinity) ||
      cmp(a.date, b.date) ||
      cmp(a.origin + a.destination, b.origin + b.destination),
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
