import { distanceMiles } from '@gowild/contract/distance';
import { LRUCache } from 'lru-cache';
import { addDays, daysBetween } from '@gowild/contract/dates';
import { type GoWildFareType, GOWILD_PRICE_FIGURES, classifyGoWildFare, domesticTaxesUsd } from '@gowild/contract/gowild-fare';
import { SALES_CLOSE_MINUTES } from '@gowild/contract/sales-close';
import { localDate, localToUtcMs, utcToLocalIso } from '@gowild/contract/local-time';
import type { EmulatorAirport, EmulatorNetwork } from './network';
import { hashString, randomFor } from '../../../lib/seeded-random';

/** One flight leg as the emulated airline schedules it. */
export interface Leg {
  from: EmulatorAirport;
  to: EmulatorAirport;
  flightNumber: number;
  depUtc: number;
  arrUtc: number;
  /** Airport-local, no zone: "2026-04-02T06:20:00". */
  depLocal: string;
  arrLocal: string;
}

/**
 * One itinerary as the emulated airline sells it at a moment, before any page writes it: fares in USD (-1 when sold
 * out), the seats left on the flight, and its GoWild offer. The page writers (page-model.ts, legacy-page-model.ts)
 * turn it into their wire shape.
 */
export interface Offer {
  legs: Leg[];
  standardFare: number;
  discountDenFare: number;
  /** Seats left in the cabin, 0 when sold out. */
  seatsLeft: number;
  /** The GoWild figure the page shows: the total when offered, else -1. */
  goWildFare: number;
  /** Whether the flight says GoWild is enabled; sometimes true with a -1 fare, as the site does. */
  goWildEnabled: boolean;
  /** GoWild seats on offer (0 when none), never more than `seatsLeft`. */
  goWildSeats: number;
  /** Which GoWild fare it is (decision 177), when one is offered. */
  goWildType: GoWildFareType | null;
  domestic: boolean;
  /** A per-flight draw the legacy page uses to write seat counts as numbers or as text. */
  seatsAsText: boolean;
  /** A per-flight draw the legacy page uses to write a missing GoWild fare as -1 or null. */
  noGoWildAsNull: boolean;
}

/** Departure banks, minutes after local midnight. */
const BANKS = [360, 435, 520, 605, 690, 780, 870, 960, 1050, 1140, 1230, 1335];
const HUB_COUNT = 8;
const MIN_CONNECTION_MIN = 45;
const MAX_CONNECTION_MIN = 10 * 60;
const BOOKABLE_DAYS = 364;

/** Block minutes from distance: taxi and climb, ~480 mph cruise, faster eastbound with the jet stream. */
export function blockMinutes(from: EmulatorAirport, to: EmulatorAirport): number {
  const miles = distanceMiles(from, to);
  const wind = to.lng > from.lng ? 0.94 : 1.06;
  return Math.max(40, Math.round(((35 + miles / 8) * wind) / 5) * 5);
}

export function totalMinutes(itinerary: readonly Leg[]): number {
  return Math.round(((itinerary[itinerary.length - 1] as Leg).arrUtc - (itinerary[0] as Leg).depUtc) / 60_000);
}

/** The network as the schedule reads it: which routes fly, and which airports are hubs. */
interface RouteView {
  network: EmulatorNetwork;
  hasRoute(origin: string, destination: string): boolean;
  isHub(code: string): boolean;
}

/** Nonstop legs from `from` to `to` departing on local date `date` at `from`: how many a day, and when. */
function scheduleLegs(routes: RouteView, from: EmulatorAirport, to: EmulatorAirport, date: string): Leg[] {
  const { network, hasRoute, isHub } = routes;
  if (!hasRoute(from.code, to.code)) return [];
  const route = `${from.code}${to.code}`;
  const r = randomFor('route', route);
  const miles = distanceMiles(from, to);
  const domestic = network.isDomesticRoute(from.code, to.code);
  let perDay = 1 + (isHub(from.code) ? 1 : 0) + (isHub(to.code) ? 1 : 0) + (r() < 0.35 ? 1 : 0);
  if (miles > 1800 || !domestic) perDay = Math.min(perDay, 2);
  // Thin routes between two non-hubs fly four days a week.
  if (!isHub(from.code) && !isHub(to.code) && r() < 0.4) {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (![0, 2, 4, 5].includes((weekday + hashString(route)) % 7)) return [];
  }
  const order = BANKS.map((b, i) => ({ b, i, k: r() })).sort((x, y) => x.k - y.k);
  const block = blockMinutes(from, to);
  return order
    .slice(0, perDay)
    .sort((x, y) => x.b - y.b)
    .map(({ b, i }) => {
      const minute = b + Math.floor(r() * 6) * 5;
      const depLocal = `${date}T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`;
      const depUtc = localToUtcMs(depLocal, from.timezone);
      const arrUtc = depUtc + block * 60_000;
      return {
        from,
        to,
        flightNumber: 100 + (hashString(`${route}${i}`) % 4800),
        depUtc,
        arrUtc,
        depLocal,
        arrLocal: utcToLocalIso(arrUtc, to.timezone),
      };
    });
}

interface PriceContext {
  from: EmulatorAirport;
  to: EmulatorAirport;
  date: string;
  daysOut: number;
  bucket: number;
  asOf: number;
}

/** How far ahead an Early Booking fare is sold before the window opens (decision 177). */
export const EARLY_BOOKING_DAYS = 30;

/**
 * Which GoWild fare a flight may carry at `asOf` (decision 177), by the same rule the adapter reads it with
 * (contract/src/gowild-fare.ts): inside the window the standard fare; before it, up to EARLY_BOOKING_DAYS ahead, an
 * Early Booking fare on the routes that run the promotion; on a blackout date a Peak Day fare, from the same horizon.
 * Charges come from the configured ranges, per flight for the Peak Day Charge. Null when no GoWild fare can be sold.
 */
function goWildOffer(
  network: EmulatorNetwork,
  itinerary: Leg[],
  at: { domestic: boolean; daysOut: number; asOf: number; key: string },
): { type: GoWildFareType; chargeUsd: number } | null {
  const type = classifyGoWildFare({
    now: new Date(at.asOf),
    kind: at.domestic ? 'domestic' : 'international',
    segments: itinerary.map((l) => ({ departure_time: l.depLocal, timeZone: l.from.timezone })),
    isBlackout: (d) => network.isBlackout(d),
  });
  if (type === 'standard') return { type, chargeUsd: 0 };
  if (at.daysOut > EARLY_BOOKING_DAYS) return null;
  const pick = randomFor('gowild-charge', at.key)();
  if (type === 'early_booking') {
    const first = itinerary[0] as Leg;
    const last = itinerary[itinerary.length - 1] as Leg;
    if (randomFor('early-booking-promo', first.from.code, last.to.code)() >= 0.5) return null;
    const { from, to } = GOWILD_PRICE_FIGURES.earlyBookingChargeUsd;
    return { type, chargeUsd: from + Math.floor(pick * ((to - from) / 10 + 1)) * 10 };
  }
  const { from, to } = GOWILD_PRICE_FIGURES.peakDayChargeUsd;
  return { type, chargeUsd: (from + Math.floor(pick * ((to - from) / 20 + 1)) * 20) * itinerary.length };
}

/**
 * The fares and seats of one itinerary, from distance, lead time and the bucket's drift; seats fall as departure
 * nears. The ribbon needs only these, so they come first; `stable` and `drift` go on to the GoWild draws.
 */
function baseFares(itinerary: Leg[], { from, to, date, daysOut, bucket }: PriceContext) {
  const key = `${itinerary.map((l) => l.flightNumber).join('-')}|${date}`;
  const stable = randomFor('fare', key);
  const drift = randomFor('drift', key, bucket);
  const miles = distanceMiles(from, to);
  const routeFactor = 0.85 + 0.4 * randomFor('route-price', from.code, to.code)();
  const lead = daysOut <= 2 ? 1.45 : daysOut <= 6 ? 1.3 : daysOut <= 13 ? 1.15 : daysOut <= 29 ? 1.0 : daysOut <= 59 ? 0.9 : 0.85;
  const stops = itinerary.length - 1;
  const standard = Math.round(
    (39 + 0.09 * miles * routeFactor) * lead * (0.9 + 0.2 * stable()) * (stops > 0 ? 0.9 : 1) * (0.9 + 0.2 * drift()),
  );
  const discountDen = Math.round(standard * (0.78 + 0.06 * stable()));
  // Seats fall as departure nears: load factor from ~45% a quarter ahead to ~90% on the day.
  const load = Math.min(1, 0.4 + 0.45 * (1 - Math.min(daysOut, 90) / 90) + 0.1 * drift() + 0.03 * stable());
  const seatsLeft = Math.max(0, Math.round(186 * (1 - load)));
  return { key, stable, drift, miles, standard, discountDen, seatsLeft };
}

/** One itinerary as the site sells it: its fares, and GoWild inside its booking window on some flights. */
function price(network: EmulatorNetwork, itinerary: Leg[], ctx: PriceContext): Offer {
  const { key, stable, drift, miles, standard, discountDen, seatsLeft } = baseFares(itinerary, ctx);
  const { from, to, daysOut, asOf } = ctx;
  const seatsAsText = stable() < 0.5;
  const domestic = network.isDomesticRoute(from.code, to.code);
  const offer = goWildOffer(network, itinerary, { domestic, daysOut, asOf, key });
  const maxGoWild = domestic ? (daysOut >= 1 ? 6 : 3) : Math.min(9, 2 + Math.floor(daysOut * 0.7));
  // GoWild inventory is capacity-controlled: pass holders find it on some flights and not others, and some routes
  // release it more readily than others. Each route gets a stable release rate (30–75% of its flights, less for the
  // charged kinds), and a flight that offers it has 1..max seats; both drift across buckets so availability appears
  // and disappears.
  const releaseRate = (0.3 + 0.45 * randomFor('gowild-release', from.code, to.code)()) * (offer?.type === 'standard' ? 1 : 0.6);
  const offersGoWild = offer !== null && drift() < releaseRate;
  const goWildSeats = offersGoWild ? Math.min(seatsLeft, 1 + Math.floor(drift() * maxGoWild)) : 0;
  const taxes = domestic
    ? domesticTaxesUsd(itinerary.map((l) => ({ departure_time: l.depLocal, arrival_time: l.arrLocal })))
    : 60 + Math.round(50 * Math.min(1, miles / 3000)) + Math.floor(stable() * 10);
  const goWildTotal = Math.round((GOWILD_PRICE_FIGURES.fareUsd + taxes + (offer?.chargeUsd ?? 0)) * 100) / 100;
  // Sometimes "enabled" with no fare, to exercise the rule that a GoWild fare needs both.
  const enabledAnyway = offer !== null && stable() < 0.5;
  return {
    legs: itinerary,
    standardFare: seatsLeft > 0 ? standard : -1,
    discountDenFare: seatsLeft > 0 ? discountDen : -1,
    seatsLeft,
    goWildFare: goWildSeats > 0 ? goWildTotal : -1,
    goWildEnabled: goWildSeats > 0 || enabledAnyway,
    goWildSeats,
    goWildType: goWildSeats > 0 && offer ? offer.type : null,
    domestic,
    seatsAsText,
    noGoWildAsNull: stable() >= 0.5,
  };
}

interface ScheduleOptions {
  network: EmulatorNetwork;
  bucketMinutes: number;
}

/** The days a route does not fly, from today to the last day the airline sells (YYYY-MM-DD, airport-local). */
export interface RouteCalendar {
  today: string;
  lastAvailableDate: string;
  disabledDates: string[];
}

/**
 * The timetable: which itineraries fly a route on a local date, from the route network and airport coordinates. It
 * does not depend on the time bucket, so legs and a route's day are worked out once and cached (connections, ribbons
 * and calendars ask for the same ones many times). `onReindex` hears when the network changed and caches emptied.
 */
function createTimetable(network: EmulatorNetwork, onReindex: () => void) {
  let indexedFrom: readonly unknown[] | undefined;
  let outbound = new Map<string, Set<string>>();
  let hubs: string[] = [];
  const legCache = new LRUCache<string, Leg[]>({ max: 20_000 });
  const itineraryCache = new LRUCache<string, Leg[][]>({ max: 20_000 });

  function index() {
    const routes = network.routes();
    if (routes === indexedFrom) return;
    legCache.clear();
    itineraryCache.clear();
    onReindex();
    outbound = new Map();
    for (const r of routes) {
      let set = outbound.get(r.origin);
      if (!set) outbound.set(r.origin, (set = new Set()));
      set.add(r.destination);
    }
    hubs = [...outbound.entries()]
      .sort((a, b) => b[1].size - a[1].size || a[0].localeCompare(b[0]))
      .slice(0, HUB_COUNT)
      .map(([code]) => code);
    indexedFrom = routes;
  }
  const hasRoute = (o: string, d: string) => outbound.get(o)?.has(d) ?? false;
  const routeView: RouteView = { network, hasRoute, isHub: (code) => hubs.includes(code) };

  function legs(from: EmulatorAirport, to: EmulatorAirport, date: string): Leg[] {
    const key = `${from.code}${to.code}${date}`;
    let found = legCache.get(key);
    if (!found) legCache.set(key, (found = scheduleLegs(routeView, from, to, date)));
    return found;
  }

  /** Connections through the hubs, shortest first; `limit` stops the search early (a calendar needs only one). */
  function connections(from: EmulatorAirport, to: EmulatorAirport, date: string, limit = Infinity): Leg[][] {
    const found: Leg[][] = [];
    for (const hubCode of hubs) {
      if (hubCode === from.code || hubCode === to.code || !hasRoute(from.code, hubCode) || !hasRoute(hubCode, to.code)) continue;
      const hub = network.airport(hubCode);
      if (!hub) continue;
      for (const first of legs(from, hub, date)) {
        const hubDate = first.arrLocal.slice(0, 10);
        const onward = [...legs(hub, to, hubDate), ...legs(hub, to, addDays(hubDate, 1))];
        const second = onward.find(
          (l) => l.depUtc >= first.arrUtc + MIN_CONNECTION_MIN * 60_000 && l.depUtc <= first.arrUtc + MAX_CONNECTION_MIN * 60_000,
        );
        if (second) found.push([first, second]);
        if (found.length >= limit) return found;
      }
    }
    return found.sort((a, b) => totalMinutes(a) - totalMinutes(b));
  }

  function dayOf(from: EmulatorAirport, to: EmulatorAirport, date: string): Leg[][] {
    const nonstops = legs(from, to, date).map((l) => [l]);
    const links = connections(from, to, date);
    let chosen: Leg[][];
    if (nonstops.length > 0) {
      // One connection as an extra option on some routes, when it is not absurdly long.
      const best = links[0];
      const shortest = Math.min(...nonstops.map(totalMinutes));
      chosen = best && randomFor('extra', from.code, to.code)() < 0.5 && totalMinutes(best) <= 2.5 * shortest + 120 ? [best] : [];
    } else {
      const seenFirst = new Set<number>();
      chosen = links.filter((c) => !seenFirst.has((c[0] as Leg).flightNumber) && seenFirst.add((c[0] as Leg).flightNumber)).slice(0, 3);
    }
    return [...nonstops, ...chosen].sort((a, b) => (a[0] as Leg).depUtc - (b[0] as Leg).depUtc);
  }

  return {
    index,
    hubs: () => hubs,
    /** Every itinerary from `from` to `to` departing on local date `date`, by departure. */
    itineraries(from: EmulatorAirport, to: EmulatorAirport, date: string): Leg[][] {
      const key = `${from.code}${to.code}${date}`;
      let found = itineraryCache.get(key);
      if (!found) itineraryCache.set(key, (found = dayOf(from, to, date)));
      return found;
    },
    /** Whether anything flies that day: a nonstop, else a first connection (what `itineraries` would list). */
    flies(from: EmulatorAirport, to: EmulatorAirport, date: string): boolean {
      return legs(from, to, date).length > 0 || connections(from, to, date, 1).length > 0;
    },
  };
}

/**
 * A deterministic airline: the same (origin, destination, date) gives the same flights within one time bucket,
 * and prices, seats and GoWild availability drift from bucket to bucket. Everything is derived from the route
 * network and airport coordinates; no state is kept but caches.
 */
export function createSchedule({ network, bucketMinutes }: ScheduleOptions) {
  const timetable = createTimetable(network, () => dayCache.clear());
  const { index, itineraries } = timetable;

  // The ribbon's days, per bucket: the neighbouring dates' pages (a date grid, a sweep) ask for the same ones.
  const dayCache = new LRUCache<string, { sells: boolean; fare: number | null; until: number }>({ max: 50_000 });

  /** The moment a search is answered as of: the start of its time bucket, so nothing changes inside a bucket. */
  function bucketOf(now: Date) {
    const bucketMs = bucketMinutes * 60_000;
    const bucket = Math.floor(now.getTime() / bucketMs);
    return { bucket, asOf: bucket * bucketMs };
  }

  /**
   * The itineraries of one journey still on sale at `now`, with what pricing them needs; null when nothing flies or
   * sells (past dates, beyond the selling horizon, unknown airports, every flight gone).
   */
  function onSale(origin: string, destination: string, date: string, now: Date) {
    index();
    const from = network.airport(origin);
    const to = network.airport(destination);
    if (!from || !to || origin === destination) return null;
    const { bucket, asOf } = bucketOf(now);
    const daysOut = daysBetween(localDate(new Date(asOf), from.timezone), date);
    if (daysOut < 0 || daysOut > BOOKABLE_DAYS) return null;
    // Sales close on the real clock, not the bucket's: the airline stops selling at the minute.
    const selling = itineraries(from, to, date).filter((it) => (it[0] as Leg).depUtc - SALES_CLOSE_MINUTES * 60_000 > now.getTime());
    if (selling.length === 0) return null;
    return { itineraries: selling, ctx: { from, to, date, daysOut, bucket, asOf } satisfies PriceContext };
  }

  /** Today at the origin (as of the bucket's start, as searches count it) and the last day the airline sells. */
  function sellingDays(origin: string, now: Date) {
    const zone = network.airport(origin)?.timezone ?? 'UTC';
    const today = localDate(new Date(bucketOf(now).asOf), zone);
    return { today, lastDay: addDays(today, BOOKABLE_DAYS) };
  }

  return {
    sellingDays,
    hubs(): string[] {
      index();
      return [...timetable.hubs()];
    },
    /** Every itinerary from `origin` to `destination` on local date `date` that still sells at `now`; null when none. */
    offers(origin: string, destination: string, date: string, now: Date): Offer[] | null {
      const sale = onSale(origin, destination, date, now);
      return sale ? sale.itineraries.map((it) => price(network, it, sale.ctx)) : null;
    },
    /**
     * What the page's ribbon shows for a day, by the same reckoning as `offers` (so it matches a search of that day):
     * whether anything flies and sells, and the lowest Discount Den fare (null when every flight is sold out).
     */
    lowestDiscountDen(origin: string, destination: string, date: string, now: Date): { sells: boolean; fare: number | null } {
      const key = `${origin}${destination}${date}|${bucketOf(now).bucket}`;
      const known = dayCache.get(key);
      if (known && now.getTime() < known.until) return { sells: known.sells, fare: known.fare };
      const sale = onSale(origin, destination, date, now);
      // Nothing on sale stays so for the bucket; otherwise the answer holds until the first of its flights closes.
      const day = { sells: sale !== null, fare: null as number | null, until: Infinity };
      for (const it of sale?.itineraries ?? []) {
        const base = baseFares(it, (sale as NonNullable<typeof sale>).ctx);
        if (base.seatsLeft > 0 && (day.fare === null || base.discountDen < day.fare)) day.fare = base.discountDen;
        day.until = Math.min(day.until, (it[0] as Leg).depUtc - SALES_CLOSE_MINUTES * 60_000);
      }
      dayCache.set(key, day);
      return { sells: day.sells, fare: day.fare };
    },
    /**
     * The route's calendar (`/Flight/RetrieveSchedule`): from today at the origin to the last day sold, the days with
     * no itinerary at all. One pass over the days; a day stops at its first nonstop or connection.
     */
    calendar(origin: string, destination: string, now: Date): RouteCalendar {
      index();
      const from = network.airport(origin);
      const to = network.airport(destination);
      const { today } = sellingDays(origin, now);
      const disabledDates: string[] = [];
      for (let i = 0; i <= BOOKABLE_DAYS; i++) {
        const date = addDays(today, i);
        const flies = !!from && !!to && origin !== destination && timetable.flies(from, to, date);
        if (!flies) disabledDates.push(date);
      }
      return { today, lastAvailableDate: addDays(today, BOOKABLE_DAYS), disabledDates };
    },
  };
}
export type Schedule = ReturnType<typeof createSchedule>;
