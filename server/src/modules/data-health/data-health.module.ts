import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AppModule } from '../../lib/app-module';
import type { Clock } from '../../lib/clock';
import type { EmailProvider } from '../../providers/email/email.provider';
import type { AuthService } from '../accounts/accounts.module';
import { readContextFor, rereadKeptPages } from './airline-pages';
import { airlineReadCommand, airlineRereadCommand } from './airline-pages.cli';
import { dataHealthRoutes } from './data-health.routes';
import { createOperatorAccess } from './operator-access';
import type { ServiceMonitor } from './service-monitor';
import { type MonitoredService, type Probe, createStatusService } from './status.service';
import { createUnreadablePagesRepository } from './unreadable-pages.repository';
import { type UnreadablePages, createUnreadablePages } from './unreadable-pages.service';

export { createServiceMonitor, observeFlightProvider, observeMethods } from './service-monitor';
export type { ServiceMonitor } from './service-monitor';
export type { MonitoredService } from './status.service';
export type { UnreadablePages } from './unreadable-pages.service';

/**
 * The airline pages the adapter could not read are kept from the moment the airline is opened, before this module
 * exists (deps.ts builds the flights module first): this part is made early and handed to the module.
 */
export function createUnreadablePagesKeeper(deps: { config: Config; db: Db; clock: Clock; email: EmailProvider }): UnreadablePages {
  const { config } = deps;
  return createUnreadablePages({
    repo: createUnreadablePagesRepository(deps.db),
    clock: deps.clock,
    email: deps.email,
    settings: {
      maxBytes: config.UNREADABLE_PAGE_MAX_BYTES,
      keep: config.UNREADABLE_PAGES_KEEP,
      days: config.UNREADABLE_PAGES_DAYS,
      appUrl: config.APP_URL,
    },
  });
}

export interface DataHealthDeps {
  config: Config;
  clock: Clock;
  auth: Pick<AuthService, 'requireAdmin'>;
  monitor: ServiceMonitor;
  services: readonly MonitoredService[];
  probes: Partial<Record<MonitoredService['id'], Probe>>;
  pages: UnreadablePages;
  /** The GoWild blackout days as the app holds them: a kept page read again judges Peak Day fares by them. */
  isBlackout(date: string): boolean;
}

/**
 * The public data-health page (GET /api/status, docs/product/status.md) from in-memory rolling windows, and the
 * unreadable airline pages: the admins' list, their hourly e-mail at most, the pruning, and reading them again with
 * today's adapter (`airline:read`, `airline:reread`; decision 244).
 */
export function createDataHealthModule(deps: DataHealthDeps) {
  const { config, pages } = deps;
  const reading = { bookingBaseUrl: config.FRONTIER_BASE_URL, dateFormat: config.FRONTIER_DATE_FORMAT };
  const reread = () => rereadKeptPages(pages, readContextFor(reading, deps.isBlackout, deps.clock.now()));
  const operator = createOperatorAccess(config);
  const status = createStatusService({
    clock: deps.clock,
    monitor: deps.monitor,
    services: deps.services,
    probes: deps.probes,
    cacheMs: config.STATUS_CACHE_MS,
  });
  return {
    name: 'data-health',
    services: { dataHealth: { status, pages, reread } },
    routes: (app) =>
      dataHealthRoutes(app, {
        status,
        pages,
        auth: deps.auth,
        kept: { days: config.UNREADABLE_PAGES_DAYS, max: config.UNREADABLE_PAGES_KEEP },
        reread,
        operator,
      }),
    cli: {
      'airline:read': airlineReadCommand(config, () => deps.clock.now()),
      'airline:reread': airlineRereadCommand(reread),
    },
    jobs: [
      {
        name: 'data-health.unreadable-pages-notice',
        everyMs: 60_000,
        run: async (log) => {
          await pages.notify(log);
        },
      },
      {
        name: 'data-health.unreadable-pages-prune',
        everyMs: 3_600_000,
        run: async (log) => {
          const gone = await pages.prune();
          if (gone > 0) log.info({ pages: gone }, 'old unreadable airline pages pruned');
        },
      },
    ],
    close: async () => {
      await pages.flush();
      await status.idle();
    },
  } satisfies AppModule;
}
export type DataHealthModule = ReturnType<typeof createDataHealthModule>;
