import type { Airport } from '@gowild/contract/reference';
import airportsData from './airports.json' with { type: 'json' };

interface AirportRecord extends Airport {
  /** In Frontier's network (as opposed to an airport only listed for a city group). */
  frontier: boolean;
}

const AIRPORTS: readonly AirportRecord[] = airportsData as unknown as AirportRecord[];
const AIRPORTS_BY_CODE = new Map(AIRPORTS.map((a) => [a.stationCode, a]));
/** US airports and US territories count as domestic for GoWild booking windows. */
const DOMESTIC_COUNTRIES = new Set(['US', 'PR', 'VI', 'GU', 'AS', 'MP']);

/**
 * The airports the product knows (committed data, built by scripts/build-reference-data.ts). A bottom-layer piece:
 * modules and providers (the emulator, the adapter's time zones) read it alike.
 */
export function listAirports(): readonly AirportRecord[] {
  return AIRPORTS;
}
export function findAirport(code: string): AirportRecord | undefined {
  return AIRPORTS_BY_CODE.get(code.toUpperCase());
}
function isDomesticAirport(code: string): boolean {
  const a = findAirport(code);
  return a ? DOMESTIC_COUNTRIES.has(a.countryCode) : false;
}
export function isDomesticRoute(origin: string, destination: string): boolean {
  return isDomesticAirport(origin) && isDomesticAirport(destination);
}
