import { hubSearchQuerySchema, hubSearchResponseSchema } from '@gowild/contract/hub-search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SearchGate } from '../accounts/accounts.module';
import type { FlightsEngine } from './flights.module';
import { clientGone, searchAdmission } from './search-admission';
import { hubSearchRunner } from './search-runners';
import type { SearchSession } from './search-session';

/**
 * GET /api/flights/hub (docs/product/search.md#via-a-hub): the search gate first (401 visitors, 403 for everyone
 * but premium: the `hub` kind), then the query (400), then the plan's rules (400), then the search session, which
 * runs and settles it like any other paid search (the search log gets its line); refused input gives the ticket back.
 */
export const hubRoutes: FastifyPluginAsyncZod<{
  flights: FlightsEngine;
  searchGate: SearchGate;
  session: SearchSession;
}> = async (app, { flights, searchGate, session }) => {
  const admission = searchAdmission(app, searchGate);

  app.get(
    '/api/flights/hub',
    {
      preHandler: admission.preHandler(() => 'hub'),
      schema: {
        tags: ['flights'],
        summary: 'Two-flight GoWild trips through a hub, as separate tickets (premium)',
        security: [{ bearer: [] }],
        querystring: hubSearchQuerySchema,
        response: { 200: hubSearchResponseSchema },
      },
    },
    async (request, reply) => {
      const { origin, destination, date, min_layover, overnight } = request.query;
      const plan = flights.planHub({ origin, destination, date, min_layover, overnight });
      const runner = hubSearchRunner(flights.hub, plan);
      const { answer } = await session.run(admission.ticketOf(request), runner, { gone: clientGone(reply) });
      return answer.response;
    },
  );
};
