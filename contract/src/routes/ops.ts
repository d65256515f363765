import { z } from 'zod';
import { route } from '../route';

const readySchema = z.object({
  status: z.enum(['ready', 'degraded', 'not_ready']),
  checks: z.object({
    database: z.enum(['ok', 'down']),
    redis: z.enum(['ok', 'down', 'not_configured']),
    migrations: z.enum(['ok', 'pending', 'unknown']),
  }),
});

/** The probes a load balancer and an orchestrator call. */
export const opsRoutes = {
  health: route({
    method: 'GET',
    path: '/api/health',
    tags: ['ops'],
    summary: 'Liveness: the process is up',
    access: 'public',
    responses: { 200: z.object({ status: z.literal('ok'), uptime_seconds: z.number() }) },
  }),
  ready: route({
    method: 'GET',
    path: '/api/ready',
    tags: ['ops'],
    summary: 'Readiness: database, migrations and Redis',
    access: 'public',
    responses: { 200: readySchema, 503: readySchema },
  }),
};
