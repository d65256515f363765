import type { Redis } from 'ioredis';
import type { Database } from '../../db/client';
import type { AppModule } from '../../lib/app-module';
import type { DependencyStatus } from '../../lib/dependency-status';
import { healthRoutes } from './health.routes';

export interface HealthDeps {
  database: Database;
  /** Absent when REDIS_URL is not set. */
  redis?: Redis;
  redisStatus?: DependencyStatus;
}

/**
 * GET /api/health (liveness) and GET /api/ready (readiness) for orchestrators and load balancers, and the one log
 * line each time the database or Redis goes away or comes back (decision 049).
 */
export function createHealthModule(deps: HealthDeps) {
  return { name: 'health', services: {}, routes: (app) => healthRoutes(app, deps) } satisfies AppModule;
}
