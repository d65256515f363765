/** The fixed city groups of docs/product/search.md#city-groups. City values are written as CITY:XXX. */
export interface CityGroup {
  /** The XXX of CITY:XXX. */
  code: string;
  cityName: string;
  displayName: string;
  airports: readonly string[];
  primaryAirport: string;
}

export const CITY_GROUPS: readonly CityGroup[] = [
  { code: 'NYC', cityName: 'New York City', displayName: 'New York City', airports: ['JFK', 'LGA', 'EWR'], primaryAirport: 'JFK' },
  { code: 'LAX', cityName: 'Los Angeles', displayName: 'Los Angeles', airports: ['LAX', 'BUR', 'SNA', 'ONT'], primaryAirport: 'LAX' },
  { code: 'CHI', cityName: 'Chicago', displayName: 'Chicago', airports: ['ORD', 'MDW'], primaryAirport: 'ORD' },
  { code: 'WAS', cityName: 'Washington D.C.', displayName: 'Washington D.C.', airports: ['DCA', 'IAD', 'BWI'], primaryAirport: 'DCA' },
  {
    code: 'SFO',
    cityName: 'San Francisco Bay Area',
    displayName: 'San Francisco Bay Area',
    airports: ['SFO', 'SJC', 'OAK'],
    primaryAirport: 'SFO',
  },
  { code: 'HOU', cityName: 'Houston', displayName: 'Houston', airports: ['IAH', 'HOU'], primaryAirport: 'IAH' },
  { code: 'MIA', cityName: 'Miami', displayName: 'Miami', airports: ['MIA', 'FLL'], primaryAirport: 'MIA' },
  { code: 'DFW', cityName: 'Dallas', displayName: 'Dallas', airports: ['DFW', 'DAL'], primaryAirport: 'DFW' },
  { code: 'BOS', cityName: 'Boston', displayName: 'Boston', airports: ['BOS', 'PWM'], primaryAirport: 'BOS' },
  { code: 'DTT', cityName: 'Detroit', displayName: 'Detroit', airports: ['DTW', 'FNT'], primaryAirport: 'DTW' },
];

export const CITY_PREFIX = 'CITY:';

export function cityValue(group: CityGroup): string {
  return `${CITY_PREFIX}${group.code}`;
}

export function findCityGroup(value: string): CityGroup | undefined {
  const v = value.trim();
  if (v.slice(0, CITY_PREFIX.length).toUpperCase() !== CITY_PREFIX) return undefined;
  const key = v.slice(CITY_PREFIX.length).trim().toUpperCase();
  // Accept the short code (CITY:NYC) and, for hand-typed links, the city's name (CITY:CHICAGO).
  return CITY_GROUPS.find((g) => g.code === key || g.cityName.toUpperCase() === key);
}

/**
 * docs/product/search.md#input-rules: codes are trimmed and upper-cased; values beginning with 'CITY:' stay as given,
 * and a city typed as city:xxx becomes CITY:XXX. A comma list is normalised item by item.
 */
export function normalizeAirportInput(raw: string): string {
  return raw
    .split(',')
    .map((part) => {
      const p = part.trim();
      if (p.startsWith(CITY_PREFIX)) return p;
      if (p.toLowerCase().startsWith('city:')) return `${CITY_PREFIX}${p.slice(5).toUpperCase()}`;
      return p.toUpperCase();
    })
    .filter((p) => p.length > 0)
    .join(',');
}

/** Every airport code a (normalised) origin or destination value stands for, in order, without duplicates. */
export function expandAirportInput(value: string): string[] {
  const out: string[] = [];
  for (const part of normalizeAirportInput(value).split(',')) {
    if (!part) continue;
    const group = findCityGroup(part);
    const codes = group ? group.airports : part.startsWith(CITY_PREFIX) ? [] : [part];
    for (const c of codes) if (!out.includes(c)) out.push(c);
  }
  return out;
}
