import { CITY_PREFIX, findCityGroup, normalizeAirportInput } from '@gowild/contract/city-groups';
import { addDays } from '@gowild/contract/dates';
import { distanceMiles } from '@gowild/contract/distance';
import { SEARCH_MAX_AIRPORT_ITEMS, SEARCH_MESSAGES, unknownAirportMessage } from '@gowild/contract/flights';
import { GET_HOME_LIMITS, GET_HOME_MESSAGES, type NearbyAirport } from '@gowild/contract/get-home';
import { todayAt } from '@gowild/contract/local-time';
import { badRequest } from '../../../lib/http-error';
import { findAirport, listAirports } from '../../../lib/reference-data/airports';

/** A checked "get me home" search (docs/product/get-me-home.md). */
export interface GetHomePlan {
  from: string | null;
  location: { lat: number; lng: number } | null;
  home: string;
  homeAirports: string[];
  radiusMiles: number;
  /** The airports to leave from, nearest first (the chosen airport first, at 0 miles). */
  nearby: NearbyAirport[];
  /** Today and tomorrow at the traveller's nearest airport. */
  dates: string[];
  maxWorkers: number;
}

export interface GetHomeInput {
  from?: string;
  lat?: number | '';
  lng?: number | '';
  home: string;
  radius?: number | '';
}

interface GetHomeContext {
  now: Date;
  destinationsFrom(origin: string): readonly string[];
  maxWorkersCap: number;
}

/** The home value's airports: each item a known airport or city group (the search's own 400 texts otherwise). */
function homeAirports(raw: string): { home: string; codes: string[] } {
  const home = normalizeAirportInput(raw);
  const items = home.split(',').filter(Boolean);
  if (items.length === 0) throw badRequest(GET_HOME_MESSAGES.homeRequired);
  if (items.length > SEARCH_MAX_AIRPORT_ITEMS) throw badRequest(SEARCH_MESSAGES.tooManyAirports);
  const codes: string[] = [];
  for (const item of items) {
    const group = item.startsWith(CITY_PREFIX) ? findCityGroup(item) : undefined;
    const found = group ? group.airports.filter((c) => findAirport(c)) : /^[A-Z]{3}$/.test(item) && findAirport(item) ? [item] : [];
    if (found.length === 0) throw badRequest(unknownAirportMessage(item));
    for (const c of found) if (!codes.includes(c)) codes.push(c);
  }
  return { home, codes };
}

/** Where the traveller is: the chosen airport's place, or the location they shared. */
function startingPoint(input: GetHomeInput): { from: string | null; point: { lat: number; lng: number } } {
  const from = input.from?.trim().toUpperCase();
  if (from) {
    const a = /^[A-Z]{3}$/.test(from) ? findAirport(from) : undefined;
    if (!a) throw badRequest(unknownAirportMessage(from));
    return { from: a.stationCode, point: { lat: a.lat, lng: a.lng } };
  }
  const { lat, lng } = input;
  if (lat === undefined || lat === '' || lng === undefined || lng === '') throw badRequest(GET_HOME_MESSAGES.fromRequired);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
    throw badRequest(GET_HOME_MESSAGES.locationInvalid);
  }
  return { from: null, point: { lat, lng } };
}

/**
 * The search's input by its rules: a known home, a starting airport or a real location, a drive radius in range;
 * the airports to leave from are the network's airports within the drive (the chosen one always), nearest first, at
 * most GET_HOME_LIMITS.maxNearbyAirports, never a home airport (decision 199).
 */
export function planGetHome(input: GetHomeInput, ctx: GetHomeContext): GetHomePlan {
  const { home, codes } = homeAirports(input.home);
  const { from, point } = startingPoint(input);
  const radiusMiles = typeof input.radius === 'number' ? input.radius : GET_HOME_LIMITS.radiusDefault;
  const homeSet = new Set(codes);
  const inReach = listAirports()
    .filter((a) => a.frontier && ctx.destinationsFrom(a.stationCode).length > 0)
    .map((a) => ({ code: a.stationCode, miles: a.stationCode === from ? 0 : Math.round(distanceMiles(point, a)) }))
    .filter((a) => a.code === from || a.miles <= radiusMiles)
    .sort((a, b) => a.miles - b.miles || a.code.localeCompare(b.code));
  const nearby = inReach.filter((a) => !homeSet.has(a.code)).slice(0, GET_HOME_LIMITS.maxNearbyAirports);
  if (nearby.length === 0) throw badRequest(inReach.length > 0 ? GET_HOME_MESSAGES.alreadyHome : GET_HOME_MESSAGES.noAirportsNearby);
  const today = todayAt(findAirport(nearby[0]!.code)?.timezone, ctx.now);
  return {
    from,
    location: from ? null : point,
    home,
    homeAirports: codes,
    radiusMiles,
    nearby,
    dates: [today, addDays(today, 1)],
    maxWorkers: ctx.maxWorkersCap,
  };
}
