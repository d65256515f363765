import type { Airport } from '@gowild/contract/reference';
import airportsData from './data/airports.json' with { type: 'json' };
import blackoutSeed from './data/blackout-dates.json' with { type: 'json' };
import routeSeed from './data/routes.json' with { type: 'json' };
import type { ReferenceRepository, RouteRow } from './reference.repository';

export interface AirportRecord extends Airport {
  /** In Frontier's network (as opposed to an airport only listed for a city group). */
  frontier: boolean;
}

const AIRPORTS: readonly AirportRecord[] = airportsData as unknown as AirportRecord[];
const AIRPORTS_BY_CODE = new Map(AIRPORTS.map((a) => [a.stationCode, a]));
/** US airports and US territories count as domestic for GoWild booking windows. */
const DOMESTIC_COUNTRIES = new Set(['US', 'PR', 'VI', 'GU', 'AS', 'MP']);

export function listAirports(): readonly AirportRecord[] {
  return AIRPORTS;
}
export function findAirport(code: string): AirportRecord | undefined {
  return AIRPORTS_BY_CODE.get(code.toUpperCase());
}
export function isDomesticAirport(code: string): boolean {
  const a = findAirport(code);
  return a ? DOMESTIC_COUNTRIES.has(a.countryCode) : false;
}
export function isDomesticRoute(origin: string, destination: string): boolean {
  return isDomesticAirport(origin) && isDomesticAirport(destination);
}

/**
 * The route network and blackout dates as the database holds them, cached in memory because every search reads
 * them. Seeds both tables from the committed snapshots the first time a database is used.
 */
export async function createReferenceService(repo: ReferenceRepository) {
  if ((await repo.countRoutes()) === 0) await repo.replaceRoutes(routeSeed as RouteRow[]);
  if ((await repo.countBlackouts()) === 0) await repo.addBlackouts(blackoutSeed.map(({ date, label }) => ({ date, label })));

  let routes: RouteRow[] = [];
  let outbound = new Map<string, string[]>();
  let inbound = new Map<string, string[]>();
  let blackouts: string[] = [];
  let blackoutSet = new Set<string>();

  async function reload() {
    routes = await repo.listRoutes();
    outbound = new Map();
    inbound = new Map();
    for (const r of routes) {
      outbound.set(r.origin, [...(outbound.get(r.origin) ?? []), r.destination]);
      inbound.set(r.destination, [...(inbound.get(r.destination) ?? []), r.origin]);
    }
    blackouts = (await repo.listBlackouts()).map((b) => b.date);
    blackoutSet = new Set(blackouts);
  }
  await reload();

  return {
    reload,
    routes: () => routes,
    destinationsFrom: (origin: string): string[] => outbound.get(origin) ?? [],
    originsTo: (destination: string): string[] => inbound.get(destination) ?? [],
    hasRoute: (origin: string, destination: string) => (outbound.get(origin) ?? []).includes(destination),
    blackoutDates: () => blackouts,
    isBlackout: (date: string) => blackoutSet.has(date),
    async replaceRoutes(rows: RouteRow[]) {
      await repo.replaceRoutes(rows);
      await reload();
    },
    async addBlackouts(rows: { date: string; label: string }[]) {
      await repo.addBlackouts(rows);
      await reload();
    },
    async removeBlackout(date: string) {
      const removed = await repo.removeBlackout(date);
      await reload();
      return removed;
    },
  };
}
export type ReferenceService = Awaited<ReturnType<typeof createReferenceService>>;
