import type { Airport } from '@gowild/contract/reference';

/** An airport for tests: 'Denver (DEN)' in the US, at 0,0 in Denver's zone unless told otherwise. */
export function buildAirport(stationCode: string, city: string, overrides: Partial<Airport> = {}): Airport {
  return {
    stationCode,
    cityAndCode: `${city} (${stationCode})`,
    countryCode: 'US',
    name: `${city} Airport`,
    city,
    region: 'XX',
    lat: 0,
    lng: 0,
    timezone: 'America/Denver',
    ...overrides,
  };
}
