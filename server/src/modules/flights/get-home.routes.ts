import { getHomeQuerySchema, getHomeResponseSchema } from '@gowild/contract/get-home';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SearchGate } from '../accounts/accounts.module';
import type { FlightsEngine } from './flights.module';
import { clientGone, searchAdmission } from './search-admission';
import { getHomeRunner } from './search-runners';
import type { SearchSession } from './search-session';

/**
 * GET /api/flights/home (docs/product/get-me-home.md): the search gate first (401 visitors, 403 for everyone but
 * premium: the `home` kind), then the query (400), then the plan's rules (400: home, where the traveller is, the
 * drive), then the search session, which runs and settles it like any other paid search.
 */
export const getHomeRoutes: FastifyPluginAsyncZod<{
  flights: FlightsEngine;
  searchGate: SearchGate;
  session: SearchSession;
}> = async (app, { flights, searchGate, session }) => {
  const admission = searchAdmission(app, searchGate);

  app.get(
    '/api/flights/home',
    {
      preHandler: admission.preHandler(() => 'home'),
      schema: {
        tags: ['flights'],
        summary: 'Get me home: the soonest ways home today and tomorrow from near the traveller (premium)',
        security: [{ bearer: [] }],
        querystring: getHomeQuerySchema,
        response: { 200: getHomeResponseSchema },
      },
    },
    async (request, reply) => {
      const plan = flights.planHome(request.query);
      const { answer } = await session.run(admission.ticketOf(request), getHomeRunner(flights.home, plan), { gone: clientGone(reply) });
      return answer.response;
    },
  );
};
