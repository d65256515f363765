import { distanceMiles } from '@gowild/contract/distance';
import { LRUCache } from 'lru-cache';
import { addDays, daysBetween } from '@gowild/contract/dates';
import { type GoWildFareType, GOWILD_PRICE_FIGURES, classifyGoWildFare, domesticTaxesUsd } from '@gowild/contract/gowild-fare';
import { SALES_CLOSE_MINUTES } from '@gowild/contract/sales-close';
import { localDate, localToUtcMs, utcToLocalIso } from '@gowild/contract/local-time';
import type { EmulatorAirport, EmulatorNetwork } from './network';
import { hashString, randomFor } from '../../../lib/seeded-random';

/** One flight leg as the emulated airline schedules it. */
interface Leg {
  from: EmulatorAirport;
  to: EmulatorAirport;
  flightNumber: number;
  depUtc: number;
  arrUtc: number;
  depLocal: string;
  arrLocal: string;
}

/** The wire shape of one itinerary in FlightData (docs/product/providers.md#fields-we-read), as the emulator writes it. */
export interface WireFlight {
  isGoWildFareEnabled: boolean;
  goWildFare: number | null;
  goWildFareSeatsRemaining: number | string | null;
  discountDenFare: number;
  discountDenFareSeatsRemaining: number | string | null;
  standardFare: number;
  standardFareSeatsRemaining: number | string | null;
  milesFare: number;
  stopCount: number;
  stopsText: string;
  duration: string;
  legs: {
    departureStation: string;
    arrivalStation: string;
    departureDate: string;
    arrivalDate: string;
    departureDateFormatted: string;
    arrivalDateFormatted: string;
    flightNumber: number;
    carrierCode: string;
    durationFormatted: string;
  }[];
}
interface WireFlightData {
  results: { journeys: { flights: WireFlight[] | null }[] };
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

function clock12(local: string): string {
  const h = Number(local.slice(11, 13));
  const m = local.slice(14, 16);
  return `${h % 12 === 0 ? 12 : h % 12}:${m} ${h < 12 ? 'AM' : 'PM'}`;
}

function durationText(minutes: number): string {
  return `${Math.floor(minutes / 60)} hrs ${minutes % 60} min`;
}

/** Seats as the site writes them: sometimes a number, sometimes text; only when few are left. */
function seatsWire(n: number, textual: boolean): number | string | null {
  if (n > 9) return null;
  return textual ? `${n} Seat${n === 1 ? '' : 's'} Left!` : n;
}

function totalMinutes(itinerary: Leg[]): number {
  return Math.round(((itinerary[itinerary.length - 1] as Leg).arrUtc - (itinerary[0] as Leg).depUtc) / 60_000);
}

function wireLeg(l: Leg): WireFlight['legs'][number] {
  return {
    departureStation: l.from.code,
    arrivalStation: l.to.code,
    departureDate: l.depLocal,
    arrivalDate: l.arrLocal,
    departureDateFormatted: clock12(l.depLocal),
    arrivalDateFormatted: clock12(l.arrLocal),
    flightNumber: l.flightNumber,
    carrierCode: 'F9',
    durationFormatted: durationText(Math.round((l.arrUtc - l.depUtc) / 60_000)),
  };
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
  /** The request asked for GoWild fares (`ftype=GW`); without it the flights come with GoWild not enabled. */
  goWild: boolean;
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
 * One itinerary as the site writes it: fares from distance, lead time and the bucket's drift; seats falling as
 * departure nears; GoWild inside its booking window on some flights.
 */
function price(network: EmulatorNetwork, itinerary: Leg[], { goWild, from, to, date, daysOut, bucket, asOf }: PriceContext): WireFlight {
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
  const textual = stable() < 0.5;

  const domestic = network.isDomesticRoute(from.code, to.code);
  const offer = goWild ? goWildOffer(network, itinerary, { domestic, daysOut, asOf, key }) : null;
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

  return {
    isGoWildFareEnabled: goWildSeats > 0 || (offer !== null && stable() < 0.5),
    // Not asked for (no ftype=GW): no GoWild figure at all, as the site leaves it out.
    goWildFare: goWildSeats > 0 ? goWildTotal : goWild && stable() < 0.5 ? -1 : null,
    goWildFareSeatsRemaining: goWildSeats > 0 ? seatsWire(goWildSeats, textual) : null,
    discountDenFare: seatsLeft > 0 ? discountDen : -1,
    discountDenFareSeatsRemaining: seatsLeft > 0 ? seatsWire(Math.max(1, Math.floor(seatsLeft / 2)), textual) : null,
    standardFare: seatsLeft > 0 ? standard : -1,
    standardFareSeatsRemaining: seatsLeft > 0 ? seatsWire(seatsLeft, textual) : null,
    milesFare: 0,
    stopCount: stops,
    stopsText:
      stops === 0
        ? 'Nonstop'
        : `${stops} Stop ${itinerary
            .slice(1)
            .map((l) => l.from.code)
            .join(', ')}`,
    duration: durationText(totalMinutes(itinerary)),
    legs: itinerary.map(wireLeg),
  };
}

interface ScheduleOptions {
  network: EmulatorNetwork;
  bucketMinutes: number;
}

/**
 * A deterministic airline: the same (origin, destination, date) gives the same flights within one time bucket,
 * and prices, seats and GoWild availability drift from bucket to bucket. Everything is derived from the route
 * network and airport coordinates; no state is kept.
 */
export function createSchedule({ network, bucketMinutes }: ScheduleOptions) {
  let indexedFrom: readonly unknown[] | undefined;
  let outbound = new Map<string, Set<string>>();
  let hubs: string[] = [];

  function index() {
    const routes = network.routes();
    if (routes === indexedFrom) return;
    legCache.clear();
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
  const isHub = (code: string) => hubs.includes(code);
  const routeView: RouteView = { network, hasRoute, isHub };

  // Legs do not depend on the time bucket; connections ask for the same ones many times.
  const legCache = new LRUCache<string, Leg[]>({ max: 20_000 });
  function legs(from: EmulatorAirport, to: EmulatorAirport, date: string): Leg[] {
    const key = `${from.code}${to.code}${date}`;
    let found = legCache.get(key);
    if (!found) legCache.set(key, (found = scheduleLegs(routeView, from, to, date)));
    return found;
  }

  function connections(from: EmulatorAirport, to: EmulatorAirport, date: string): Leg[][] {
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
      }
    }
    return found.sort((a, b) => totalMinutes(a) - totalMinutes(b));
  }

  function itineraries(from: EmulatorAirport, to: EmulatorAirport, date: string): Leg[][] {
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

  /** One journey of the page: every itinerary from `origin` to `destination` on local date `date` that still sells. */
  function journey(origin: string, destination: string, date: string, goWild: boolean, now: Date): { flights: WireFlight[] | null } {
    index();
    const none = { flights: null };
    const from = network.airport(origin);
    const to = network.airport(destination);
    if (!from || !to || origin === destination) return none;
    const bucketMs = bucketMinutes * 60_000;
    const bucket = Math.floor(now.getTime() / bucketMs);
    // Within a bucket every answer is computed as of the bucket's start, so it cannot change inside it.
    const asOf = bucket * bucketMs;
    const daysOut = daysBetween(localDate(new Date(asOf), from.timezone), date);
    if (daysOut < 0 || daysOut > BOOKABLE_DAYS) return none;
    const flights = itineraries(from, to, date)
      // Sales close on the real clock, not the bucket's: the airline stops selling at the minute.
      .filter((it) => (it[0] as Leg).depUtc - SALES_CLOSE_MINUTES * 60_000 > now.getTime())
      .map((it) => price(network, it, { goWild, from, to, date, daysOut, bucket, asOf }));
    return { flights: flights.length > 0 ? flights : null };
  }

  return {
    hubs(): string[] {
      index();
      return [...hubs];
    },
    /**
     * FlightData for one search, as the airline would embed it: one journey, or two for a round trip (the return
     * from `destination` on `returnDate`); a journey's `flights` is null when nothing flies or sells. GoWild fares
     * only when the request asked for them (`goWild`, the site's `ftype=GW`).
     */
    flightData(
      search: { origin: string; destination: string; date: string; returnDate?: string; goWild: boolean },
      now: Date,
    ): WireFlightData {
      const journeys = [journey(search.origin, search.destination, search.date, search.goWild, now)];
      if (search.returnDate) journeys.push(journey(search.destination, search.origin, search.returnDate, search.goWild, now));
      return { results: { journeys } };
    },
  };
}
