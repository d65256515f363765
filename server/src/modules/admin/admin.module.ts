import type { Registry } from 'prom-client';
import type { Db } from '../../db/client';
import type { AppModule } from '../../lib/app-module';
import type { Clock } from '../../lib/clock';
import type { AuthService, UsersService } from '../accounts/accounts.module';
import type { RouteRefresh } from '../flights/flights.module';
import { createAdminRepository } from './admin.repository';
import { adminRoutes } from './admin.routes';
import { type AdminService, type AdminServiceDeps, createAdminService } from './admin.service';
import { createServiceFigures } from './service-figures';

export interface AdminDeps {
  db: Db;
  clock: Clock;
  auth: Pick<AuthService, 'requireAdmin'>;
  /** The operator's account calls (the CLI's user:grant and user:revoke). */
  users: Pick<UsersService, 'grant' | 'revoke'>;
  reference: AdminServiceDeps['reference'];
  routeRefresh: Pick<RouteRefresh, 'run'>;
  /** The app's metrics registry: the dashboard reads the service's own counters from it. */
  metrics: Registry;
}

/** The admin area: lists, figures and operator actions, for admins only (docs/product/admin.md). */
export function createAdminModule(deps: AdminDeps, overrides: { admin?: AdminService } = {}) {
  const admin =
    overrides.admin ??
    createAdminService({
      repo: createAdminRepository(deps.db),
      clock: deps.clock,
      users: deps.users,
      reference: deps.reference,
      routeRefresh: deps.routeRefresh,
      serviceFigures: createServiceFigures(deps.metrics, new Date()),
    });
  return { name: 'admin', services: { admin }, routes: (app) => adminRoutes(app, { auth: deps.auth, admin }) } satisfies AppModule;
}
export type AdminModule = ReturnType<typeof createAdminModule>;
