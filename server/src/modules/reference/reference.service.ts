import type { StartupLock } from '../../db/client';
import { BLACKOUT_SEED, ROUTE_SEED } from '../../lib/reference-data/seed';
import type { ReferenceRepository, RouteRow } from './reference.repository';
import { utcDateOf } from '@gowild/contract/dates';

/**
 * The route network and blackout dates as the database holds them, cached in memory because every search reads
 * them. Seeds both tables from the committed snapshots the first time a database is used, under the start-up lock,
 * so processes starting together on an empty database seed it once (decision 051).
 */
export async function createReferenceService(repo: ReferenceRepository, startupLock: StartupLock = (fn) => fn()) {
  await startupLock(async () => {
    if ((await repo.countRoutes()) === 0) await repo.replaceRoutes([...ROUTE_SEED]);
    if ((await repo.countBlackouts()) === 0) await repo.addBlackouts([...BLACKOUT_SEED]);
  });

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
    /** Every date from `start` to `end` inclusive, with one label; answers the dates added. */
    async addBlackoutRange(start: string, end: string, label: string): Promise<string[]> {
      const rows: { date: string; label: string }[] = [];
      for (let d = new Date(`${start}T00:00:00Z`); d <= new Date(`${end}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
        rows.push({ date: utcDateOf(d), label });
      }
      await repo.addBlackouts(rows);
      await reload();
      return rows.map((r) => r.date);
    },
    async removeBlackout(date: string) {
      const removed = await repo.removeBlackout(date);
      await reload();
      return removed;
    },
  };
}
export type ReferenceService = Awaited<ReturnType<typeof createReferenceService>>;
