import { ERROR_CODES } from '@gowild/contract/errors';
import { SEARCH_MESSAGES } from '@gowild/contract/flights';
import { hubSearchQuerySchema, hubSearchResponseSchema } from '@gowild/contract/hub-search';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error';
import type { SearchEnd, SearchGate, SearchTicket } from '../accounts/accounts.module';
import type { HubRun } from './hub-search';
import type { FlightsEngine } from './flights.module';

/**
 * GET /api/flights/hub (docs/product/search.md#via-a-hub): the search gate first (401 visitors, 403 for everyone
 * but premium: the `hub` kind), then the query (400), then the plan's rules (400), then the search. A search that
 * ran is settled like any other (the search log gets its line); refused input gives the ticket back.
 */
export const hubRoutes: FastifyPluginAsyncZod<{
  flights: FlightsEngine;
  searchGate: SearchGate;
  stopping: AbortSignal;
  running: Set<Promise<unknown>>;
}> = async (app, { flights, searchGate, stopping, running }) => {
  const tickets = new WeakMap<FastifyRequest, SearchTicket>();
  app.addHook('onError', async (request) => {
    await tickets.get(request)?.cancel();
  });

  app.get(
    '/api/flights/hub',
    {
      preHandler: async (request) => void tickets.set(request, await searchGate.admit(request, 'hub')),
      schema: {
        tags: ['flights'],
        summary: 'Two-flight GoWild trips through a hub, as separate tickets (premium)',
        security: [{ bearer: [] }],
        querystring: hubSearchQuerySchema,
        response: { 200: hubSearchResponseSchema },
      },
    },
    async (request, reply) => {
      const ticket = tickets.get(request)!;
      const q = request.query;
      const plan = flights.planHub({
        origin: q.origin,
        destination: q.destination,
        date: q.date,
        min_layover: q.min_layover,
        overnight: q.overnight,
      });
      const gone = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableEnded) gone.abort();
      });
      const settle = (end: SearchEnd, run: HubRun | null) =>
        ticket.settle({
          origin: plan.origin,
          destination: plan.destination,
          date: plan.date,
          end,
          destinations: run?.hubsChecked ?? 0,
          checked: run ? run.hubsChecked : 0,
          failed: run?.hubsFailed ?? 0,
          resultsFound: run?.destinationsFound ?? 0,
          totalFlights: (run?.response.connections.length ?? 0) * 2,
        });
      const work = (async () => {
        const run = await flights.hub.run(plan, { signal: AbortSignal.any([gone.signal, stopping]) });
        if (stopping.aborted) {
          await settle('interrupted', null);
          throw new HttpError(503, SEARCH_MESSAGES.serverRestarting, ERROR_CODES.SERVER_RESTARTING);
        }
        if (gone.signal.aborted) {
          await settle('abandoned', null);
          return run.response;
        }
        await settle(run.allFailed ? 'failed' : run.response.partial ? 'partial' : 'complete', run);
        if (run.allFailed) throw new HttpError(503, SEARCH_MESSAGES.upstreamUnavailable, ERROR_CODES.UPSTREAM_FAILED);
        return run.response;
      })();
      const tracked = work.catch(() => {});
      running.add(tracked);
      void tracked.finally(() => running.delete(tracked));
      return work;
    },
  );
};
