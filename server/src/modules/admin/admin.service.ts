import type { AdminDashboard } from '@gowild/contract/admin';
import type { Clock } from '../../lib/clock';
import type { UsersService } from '../accounts/accounts.module';
import type { RouteRefresh } from '../flights/flights.module';
import { createAdminActions } from './admin.actions';
import { createAuditWriter } from './admin.audit';
import { createAdminDashboard } from './admin.dashboard';
import { createAdminLists } from './admin.lists';
import { type AdminNetworkDeps, createAdminNetwork } from './admin.network';
import type { AdminRepository } from './admin.repository';

export interface AdminServiceDeps {
  repo: AdminRepository;
  clock: Clock;
  users: Pick<UsersService, 'grant' | 'revoke'>;
  reference: AdminNetworkDeps['reference'];
  routeRefresh: Pick<RouteRefresh, 'run'>;
  serviceFigures: () => Promise<AdminDashboard['service']>;
}

/**
 * The admin area (docs/product/admin.md), one part per use case: the lists (admin.lists.ts), the dashboard
 * (admin.dashboard.ts), the actions on accounts (admin.actions.ts) and the network edits (admin.network.ts).
 */
export function createAdminService(deps: AdminServiceDeps) {
  const { repo, clock } = deps;
  const audit = createAuditWriter({ repo, clock });
  return {
    ...createAdminLists({ repo, clock }),
    dashboard: createAdminDashboard({ repo, clock, serviceFigures: deps.serviceFigures }),
    ...createAdminActions({ repo, users: deps.users, audit }),
    ...createAdminNetwork({ reference: deps.reference, routeRefresh: deps.routeRefresh, audit }),
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
