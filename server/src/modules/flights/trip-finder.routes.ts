import { tripFinderQuerySchema, tripFinderResponseSchema } from '@gowild/contract/trip-finder';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SearchGate } from '../accounts/accounts.module';
import type { FlightsEngine } from './flights.module';
import { clientGone, searchAdmission } from './search-admission';
import { tripFinderRunner } from './search-runners';
import type { SearchSession } from './search-session';

/**
 * GET /api/flights/trips (docs/product/trip-finder.md): the search gate first (401 visitors, 403 for everyone but
 * premium: the `trips` kind), then the query (400), then the plan's rules (400: origin, dates, stay), then the
 * outbound answers kept fresh are read, then the search session runs and settles it like any other paid search.
 */
export const tripFinderRoutes: FastifyPluginAsyncZod<{
  flights: FlightsEngine;
  searchGate: SearchGate;
  session: SearchSession;
}> = async (app, { flights, searchGate, session }) => {
  const admission = searchAdmission(app, searchGate);

  app.get(
    '/api/flights/trips',
    {
      preHandler: admission.preHandler(() => 'trips'),
      schema: {
        tags: ['flights'],
        summary: 'Trip finder: GoWild round trips and day trips from an origin over a range of dates, best first (premium)',
        security: [{ bearer: [] }],
        querystring: tripFinderQuerySchema,
        response: { 200: tripFinderResponseSchema },
      },
    },
    async (request, reply) => {
      const plan = flights.planTrips(request.query);
      const prepared = await flights.trips.prepare(plan);
      const runner = tripFinderRunner(flights.trips, plan, prepared);
      const { answer } = await session.run(admission.ticketOf(request), runner, { gone: clientGone(reply) });
      return answer.response;
    },
  );
};
