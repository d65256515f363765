import type { Database } from '../../db/client';
import type { AppModule } from '../../lib/app-module';
import { healthRoutes } from './health.routes';

/** GET /api/health for load balancers. */
export function createHealthModule(deps: { database: Database }) {
  return { name: 'health', services: {}, routes: (app) => healthRoutes(app, deps) } satisfies AppModule;
}
