import { matchesQuery } from '@gowild/contract/airport-search';
import { CITY_GROUPS, cityValue, findCityGroup } from '@gowild/contract/city-groups';
import { formatMiles } from '@gowild/contract/distance';
import { type Favourites, favouriteRank } from '@gowild/contract/favourites';
import type { Airport } from '@gowild/contract/reference';

export type ViewMode = 'city' | 'airport';

/** One card of a picker grid. */
export interface AirportOption {
  /** What the search sends: an airport code or CITY:XXX. */
  value: string;
  /** Card title: the city name (city view) or the airport code (airport view). */
  title: string;
  /** Card subtitle: the airport codes (city view) or the city (airport view). */
  subtitle: string;
  codes: string[];
  /** Text the filter box matches against. */
  searchText: string;
  /** Miles to the traveller, when their location is known. */
  distance: number | null;
}

/** Miles from the traveller to a point, or null when the location is unknown. */
export type DistanceFn = (lat: number, lng: number) => number | null;

function nearest(codes: readonly string[], byCode: ReadonlyMap<string, Airport>, distance?: DistanceFn): number | null {
  if (!distance) return null;
  let best: number | null = null;
  for (const c of codes) {
    const a = byCode.get(c);
    const d = a ? distance(a.lat, a.lng) : null;
    if (d !== null && (best === null || d < best)) best = d;
  }
  return best;
}

/** The city an airport's cityAndCode names: 'Denver (DEN)' → 'Denver'. */
function cityOf(a: Airport): string {
  return a.city || a.cityAndCode.replace(/\s*\([A-Z]{3}\)\s*$/, '');
}

/**
 * City view: one card per city group (docs/product/search.md#city-groups) whose airports the product serves, plus one card per airport
 * that is in no group. Airport view: one card per airport. Sorted by nearest distance when the traveller's
 * location is known, else by name.
 */
export function buildAirportOptions(airports: readonly Airport[], mode: ViewMode, distance?: DistanceFn): AirportOption[] {
  const byCode = new Map(airports.map((a) => [a.stationCode, a]));
  const options: AirportOption[] = [];
  if (mode === 'city') {
    const grouped = new Set<string>();
    for (const g of CITY_GROUPS) {
      const codes = g.airports.filter((c) => byCode.has(c));
      if (codes.length === 0) continue;
      codes.forEach((c) => grouped.add(c));
      const names = codes.map((c) => byCode.get(c)!.name).join(' ');
      options.push({
        value: cityValue(g),
        title: g.displayName,
        subtitle: codes.join(', '),
        codes,
        searchText: `${g.cityName} ${g.displayName} ${codes.join(' ')} ${names}`.toLowerCase(),
        distance: nearest(codes, byCode, distance),
      });
    }
    for (const a of airports) {
      if (grouped.has(a.stationCode)) continue;
      options.push(airportOption(a, cityOf(a), a.stationCode, distance));
    }
  } else {
    for (const a of airports) options.push(airportOption(a, a.stationCode, cityOf(a), distance));
  }
  return options.sort((x, y) => {
    if (x.distance !== null && y.distance !== null && x.distance !== y.distance) return x.distance - y.distance;
    if (x.distance !== null && y.distance === null) return -1;
    if (x.distance === null && y.distance !== null) return 1;
    return x.title.localeCompare(y.title);
  });
}

function airportOption(a: Airport, title: string, subtitle: string, distance?: DistanceFn): AirportOption {
  return {
    value: a.stationCode,
    title,
    subtitle,
    codes: [a.stationCode],
    searchText: `${a.stationCode} ${a.cityAndCode} ${a.name} ${a.city} ${a.region}`.toLowerCase(),
    distance: distance ? distance(a.lat, a.lng) : null,
  };
}

/**
 * docs/product/favourites.md: the traveller's home airports first (a city card leads when it holds one), in the order
 * they were saved, then their favourites in the order starred, then every other card in the order it had.
 */
export function leadWithFavourites(
  options: readonly AirportOption[],
  favourites: Pick<Favourites, 'home_airports' | 'favourite_airports'>,
): AirportOption[] {
  const place = (o: AirportOption): [number, number] => {
    const rank = favouriteRank(o.value, o.codes, favourites);
    if (rank === 0) return [0, favourites.home_airports.findIndex((h) => h === o.value || o.codes.includes(h))];
    if (rank === 1) return [1, favourites.favourite_airports.indexOf(o.value)];
    return [2, 0];
  };
  const placed = options.map((o) => ({ o, at: place(o) }));
  // Array.prototype.sort is stable: the rest keep their order (nearest first, or by name).
  placed.sort((a, b) => a.at[0] - b.at[0] || a.at[1] - b.at[1]);
  return placed.map((p) => p.o);
}

/** Options whose text contains every word typed, in any order. */
export function filterOptions(options: readonly AirportOption[], query: string): AirportOption[] {
  return options.filter((o) => matchesQuery(o.searchText, query));
}

/**
 * A short human label for a search value: 'Denver, CO (DEN)', 'New York City', 'JFK, LGA'. Cities by their
 * group name, airports by the name in the airports list when it is known, else the code.
 */
export function describeAirportValue(value: string, byCode: ReadonlyMap<string, Pick<Airport, 'cityAndCode'>> = new Map()): string {
  return value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => findCityGroup(p)?.displayName ?? byCode.get(p)?.cityAndCode ?? p)
    .join(', ');
}

/** docs/product/search.md#airport-pickers: 'N mi away', rounded. */
export function formatDistance(miles: number): string {
  return `${formatMiles(miles)} away`;
}

/** docs/product/search.md#airport-pickers: one row of 2, 3, 4 or 5 cards at widths under 768, under 1024, under 1280, or wider. */
export function columnsForWidth(width: number): number {
  if (width < 768) return 2;
  if (width < 1024) return 3;
  if (width < 1280) return 4;
  return 5;
}
