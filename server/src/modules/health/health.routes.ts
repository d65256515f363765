import { opsRoutes as routes } from '@gowild/contract/routes/ops';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../lib/contract-route';
import type { DependencyChange } from '../../lib/dependency-status';
import type { HealthDeps } from './health.module';

/** How long one readiness check may take before it counts as down: probes have short time-outs of their own. */
const CHECK_TIMEOUT_MS = 3000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const EFFECTS: Record<string, { down: string; up: string }> = {
  database: {
    down: 'requests that need it answer 503 until it is back',
    up: 'requests that need it are served again',
  },
  redis: {
    down: "rate limits count in this process's memory and the flight cache is skipped until it is back",
    up: 'rate limits and the flight cache are shared through it again',
  },
};

/** One line per change: a warning when a dependency goes, a note when it is back (not one per failed request). */
function logChange(log: FastifyBaseLogger, change: DependencyChange) {
  const effect = EFFECTS[change.name];
  if (change.state === 'down') {
    log.warn({ dependency: change.name, reason: change.reason }, `${change.name} unreachable (${change.reason}): ${effect?.down ?? ''}`);
  } else if (change.previous === 'down') {
    log.info({ dependency: change.name }, `${change.name} reachable again: ${effect?.up ?? ''}`);
  }
}

export const healthRoutes: FastifyPluginAsyncZod<HealthDeps> = async (app, deps) => {
  const stops = [deps.database.status, deps.redisStatus].flatMap((s) => (s ? [s.onChange((change) => logChange(app.log, change))] : []));
  app.addHook('onClose', async () => {
    for (const stop of stops) stop();
  });

  // Liveness: the process is up and serving. It asks no dependency, so an outage of the database or Redis never
  // gets every process restarted at once; readiness below is what takes a process out of the load balancer.
  contractRoute(app, routes.health, {}, async () => ({ status: 'ok' as const, uptime_seconds: Math.round(process.uptime()) }));

  // Readiness: the database answers and carries every migration this code ships. Redis down leaves the process
  // ready but degraded (limits per process, no shared cache), since every process would be equally affected.
  contractRoute(app, routes.ready, {}, async (_request, reply) => {
    const database = await within(deps.database.ping(), CHECK_TIMEOUT_MS).then(
      () => 'ok' as const,
      () => 'down' as const,
    );
    const migrations =
      database === 'ok'
        ? await within(deps.database.migrationsApplied(), CHECK_TIMEOUT_MS).then(
            (applied) => (applied ? ('ok' as const) : ('pending' as const)),
            () => 'unknown' as const,
          )
        : ('unknown' as const);
    let redisCheck: 'ok' | 'down' | 'not_configured' = 'not_configured';
    if (deps.redis) {
      redisCheck =
        deps.redisStatus && !deps.redisStatus.isUp()
          ? 'down'
          : await within(deps.redis.ping(), CHECK_TIMEOUT_MS).then(
              () => 'ok' as const,
              () => 'down' as const,
            );
    }
    const checks = { database, redis: redisCheck, migrations };
    if (database !== 'ok' || migrations !== 'ok') return reply.status(503).send({ status: 'not_ready' as const, checks });
    return { status: redisCheck === 'down' ? ('degraded' as const) : ('ready' as const), checks };
  });
};
