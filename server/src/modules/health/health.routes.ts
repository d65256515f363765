import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';

const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['ok', 'down']), uptime_seconds: z.number() });

/** Up and able to reach its database; 503 otherwise, so a load balancer takes the process out. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get('/api/health', { schema: { tags: ['ops'], response: { 200: healthSchema, 503: healthSchema } } }, async (request, reply) => {
    try {
      await database.ping();
      return { status: 'ok' as const, database: 'ok' as const, uptime_seconds: Math.round(process.uptime()) };
    } catch (err) {
      request.log.error({ err }, 'health: database unreachable');
      return reply
        .status(503)
        .send({ status: 'degraded' as const, database: 'down' as const, uptime_seconds: Math.round(process.uptime()) });
    }
  });
};
