import type { Db } from '../../db/client';
import type { AppModule } from '../../lib/app-module';
import type { Clock } from '../../lib/clock';
import type { AuthService } from '../accounts/accounts.module';
import { createAdminRepository } from './admin.repository';
import { adminRoutes } from './admin.routes';
import { type AdminService, createAdminService } from './admin.service';

/** The admin area's lists and figures, for admins only. */
export function createAdminModule(
  deps: { db: Db; clock: Clock; auth: Pick<AuthService, 'requireAdmin'> },
  overrides: { admin?: AdminService } = {},
) {
  const admin = overrides.admin ?? createAdminService({ repo: createAdminRepository(deps.db), clock: deps.clock });
  return { name: 'admin', services: { admin }, routes: (app) => adminRoutes(app, { auth: deps.auth, admin }) } satisfies AppModule;
}
export type AdminModule = ReturnType<typeof createAdminModule>;
