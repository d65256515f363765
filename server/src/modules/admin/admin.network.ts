import { ADMIN_MESSAGES, type AdminRoutesResult } from '@gowild/contract/admin';
import { badRequest, notFound, serviceUnavailable } from '../../lib/http-error';
import type { UserRow } from '../accounts/accounts.module';
import { type RouteRefresh, RouteRefreshError, diffRoutes } from '../flights/flights.module';
import type { ReferenceService } from '../reference/reference.module';
import type { AuditWriter } from './admin.audit';

/** Route lists kept in an audit entry; a network of thousands is summarised by its counts. */
const AUDIT_ROUTE_LIST = 100;

export interface AdminNetworkDeps {
  reference: Pick<ReferenceService, 'routes' | 'replaceRoutes' | 'addBlackoutRange' | 'removeBlackout' | 'blackoutDates'>;
  routeRefresh: Pick<RouteRefresh, 'run'>;
  audit: AuditWriter;
}

/** The operator's edits of the blackout dates and the route network, as the CLI's commands, audited. */
export function createAdminNetwork({ reference, routeRefresh, audit }: AdminNetworkDeps) {
  return {
    blackoutDates: () => reference.blackoutDates(),
    /** `blackouts:add`: one date or an inclusive range, with a label. */
    async addBlackouts(actor: UserRow, body: { start: string; end?: string; label: string }) {
      const before = new Set(reference.blackoutDates());
      const dates = await reference.addBlackoutRange(body.start, body.end ?? body.start, body.label);
      const entry = await audit(actor, {
        action: 'blackouts_add',
        target: 'blackout dates',
        before: { present: dates.filter((d) => before.has(d)) },
        after: { dates, label: body.label },
      });
      return { blackout_dates: reference.blackoutDates(), audit: entry };
    },
    /** `blackouts:remove`. */
    async removeBlackout(actor: UserRow, date: string) {
      if (!(await reference.removeBlackout(date))) throw notFound(ADMIN_MESSAGES.blackoutNotFound);
      const entry = await audit(actor, { action: 'blackout_remove', target: 'blackout dates', before: { date }, after: null });
      return { blackout_dates: reference.blackoutDates(), audit: entry };
    },

    /** `routes:import`: replaces the network with the routes given. */
    async importRoutes(actor: UserRow, rows: { origin: string; destination: string }[]): Promise<AdminRoutesResult> {
      const key = (r: { origin: string; destination: string }) => `${r.origin}-${r.destination}`;
      const unique = [...new Map(rows.filter((r) => r.origin !== r.destination).map((r) => [key(r), r])).values()];
      if (unique.length === 0) throw badRequest(ADMIN_MESSAGES.noValidRoutes);
      const previous = reference.routes();
      const { added, removed } = diffRoutes(previous, unique);
      await reference.replaceRoutes(unique);
      const entry = await audit(actor, {
        action: 'routes_import',
        target: 'route network',
        before: { routes: previous.length },
        after: { routes: unique.length, added: added.slice(0, AUDIT_ROUTE_LIST), removed: removed.slice(0, AUDIT_ROUTE_LIST) },
      });
      return { routes: unique.length, added, removed, skipped: rows.length - unique.length, dry_run: false, audit: entry };
    },
    /** `routes:refresh`: the network as the airline publishes it; 503 when the airline does not give it. */
    async refreshRoutes(actor: UserRow, dryRun: boolean): Promise<AdminRoutesResult> {
      const previous = reference.routes().length;
      let report;
      try {
        report = await routeRefresh.run({ dryRun });
      } catch (e) {
        if (e instanceof RouteRefreshError) throw serviceUnavailable(`${ADMIN_MESSAGES.routesUnavailable} (${e.message})`);
        throw e;
      }
      const result = { routes: report.routes, added: report.added, removed: report.removed, skipped: report.skipped, dry_run: dryRun };
      if (dryRun) return result;
      const entry = await audit(actor, {
        action: 'routes_refresh',
        target: 'route network',
        before: { routes: previous },
        after: {
          routes: report.routes,
          from: report.provider,
          added: report.added.slice(0, AUDIT_ROUTE_LIST),
          removed: report.removed.slice(0, AUDIT_ROUTE_LIST),
        },
      });
      return { ...result, audit: entry };
    },
  };
}
