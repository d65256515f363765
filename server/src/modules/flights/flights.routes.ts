import type { SearchStreamEvent } from '@gowild/contract/flights';
import { flightsRoutes as routes } from '@gowild/contract/routes/flights';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../lib/contract-route';
import type { SearchGate, SearchKind } from '../accounts/accounts.module';
import type { SearchPlan } from './flight-search.plan';
import type { FlightsEngine } from './flights.module';
import { clientGone, searchAdmission } from './search-admission';
import { flightSearchRunner } from './search-runners';
import { flightsCsv, sendCsv } from './flights-csv';
import type { SearchSession } from './search-session';
import { streamSearch, streamedGroups } from './search-stream';

/**
 * Search routes (docs/product/search.md#search-api). Each route: the search gate as its preHandler (authenticate and
 * authorize: 401, 403, and 429 once the free quota is used up, reserving one search), then validation (the query
 * schema, then the rules that need data in the plan), then the search session (search-session.ts), which runs the
 * search, settles it (docs/product/accounts-and-plans.md#when-a-search-counts) and tracks it until it has. The routes
 * write the answer: JSON (a kept answer for the same search and view when there is one, decision 063), or NDJSON.
 */
export const flightRoutes: FastifyPluginAsyncZod<{
  flights: FlightsEngine;
  searchGate: SearchGate;
  session: SearchSession;
}> = async (app, { flights, searchGate, session }) => {
  const admission = searchAdmission(app, searchGate);

  async function answer(request: FastifyRequest, reply: FastifyReply, plan: SearchPlan, live = false) {
    const ticket = admission.ticketOf(request);
    const runner = flightSearchRunner(flights.search, plan, live ? { live } : { answers: flights.answers });
    const { answer: ran, abandoned } = await session.run(ticket, runner, { gone: clientGone(reply) });
    // docs/product/anywhere.md#export: the same answer (kept or run) as a CSV file.
    if ((request.query as { format?: string }).format === 'csv') {
      const { origin, date } = plan.search_parameters;
      return sendCsv(reply, flightsCsv(ran.run.response.flights, { premium: ticket.caller.isPremium }), { origin, from: date });
    }
    if (ran.kept) return flights.answers.send(request, reply, ran.kept);
    if (abandoned) return ran.run.response;
    const json = reply.serialize(ran.run.response) as string;
    return flights.answers.send(request, reply, flights.answers.keep(plan, ticket.caller, ran.run, json));
  }

  /**
   * NDJSON: `start`, one `destination` per code as it completes, then `summary` (or `error`). A code whose observations
   * are older than the fresh time is sent first from them (`confirming`), then again when confirmed. A shutdown ends
   * the stream with the `SERVER_RESTARTING` error event; what was sent before it stands.
   */
  async function stream(request: FastifyRequest, reply: FastifyReply, plan: SearchPlan) {
    return streamSearch<SearchStreamEvent>(request, reply, {
      session,
      ticket: admission.ticketOf(request),
      runner: (write) => flightSearchRunner(flights.search, plan, streamedGroups(write)),
      start: {
        type: 'start',
        total: plan.codes.length,
        codes: plan.codes,
        search_parameters: plan.search_parameters,
        demo: flights.provider.demo,
      },
      what: 'flight search stream',
    });
  }

  /** A destination makes an outbound search a single-route one (premium); read from the raw query, before validation. */
  const outboundKind = (query: unknown): SearchKind => {
    const destination = (query as { destination?: unknown } | undefined)?.destination;
    return (typeof destination === 'string' ? destination.trim() !== '' : destination !== undefined) ? 'single' : 'search';
  };
  contractRoute(app, routes.search, { preHandler: admission.preHandler(outboundKind) }, async (request, reply) =>
    answer(request, reply, flights.planOutbound(request.query)),
  );
  contractRoute(app, routes.single, { preHandler: admission.preHandler(() => 'single') }, async (request, reply) =>
    answer(request, reply, flights.planOutbound(request.query)),
  );
  // The premium live re-check of one destination (decision 183): a single-route search that asks the airline even when
  // a fresh answer is kept; through the session like any search, so the airline budget applies. Its answer is kept.
  contractRoute(app, routes.recheck, { preHandler: admission.preHandler(() => 'single') }, async (request, reply) =>
    answer(request, reply, flights.planOutbound(request.query), true),
  );
  contractRoute(app, routes.inbound, { preHandler: admission.preHandler(() => 'inbound') }, async (request, reply) =>
    answer(request, reply, flights.planInbound(request.query)),
  );
  contractRoute(app, routes.searchStream, { preHandler: admission.preHandler(outboundKind) }, async (request, reply) =>
    stream(request, reply, flights.planOutbound(request.query)),
  );
  contractRoute(app, routes.inboundStream, { preHandler: admission.preHandler(() => 'inbound') }, async (request, reply) =>
    stream(request, reply, flights.planInbound(request.query)),
  );
};
