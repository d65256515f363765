import { ERROR_CODES } from '@gowild/contract/errors';
import {
  type SearchStreamEvent,
  flightSearchResponseSchema,
  inboundQuerySchema,
  searchQuerySchema,
  singleQuerySchema,
} from '@gowild/contract/flights';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error';
import { ndjsonBody } from '../../lib/ndjson-body';
import type { SearchGate, SearchKind } from '../accounts/accounts.module';
import type { SearchPlan } from './flight-search.plan';
import type { GroupDone, GroupObserved } from './flight-search.service';
import type { FlightsEngine } from './flights.module';
import { clientGone, searchAdmission } from './search-admission';
import { flightSearchRunner } from './search-runners';
import { flightsCsv, sendCsv } from './anywhere/flights-csv';
import type { SearchSession } from './search-session';

/**
 * How a streamed search writes its destinations: one `destination` event per code as it completes; a code whose
 * observations are older than the fresh time first from them (`confirming`), sent again when the airline has
 * confirmed it (docs/product/search.md#answer-at-once).
 */
export function streamedGroups(write: (e: Extract<SearchStreamEvent, { type: 'destination' }>) => void) {
  return {
    onGroup: (g: GroupDone) =>
      write({
        type: 'destination',
        code: g.code,
        flights: g.flights,
        done: g.done,
        total: g.total,
        ...(g.failed ? { failed: true } : {}),
        ...(g.overBudget ? { over_budget: true } : {}),
        ...(g.checkedAt ? { checked_at: g.checkedAt } : {}),
      }),
    onObserved: (g: GroupObserved) =>
      write({
        type: 'destination',
        code: g.code,
        flights: g.flights,
        done: g.done,
        total: g.total,
        checked_at: g.checkedAt,
        confirming: true,
      }),
  };
}

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
    const ticket = admission.ticketOf(request);
    const runner = flightSearchRunner(
      flights.search,
      plan,
      streamedGroups((e) => write(e)),
    );
    // Refused before the first byte, so the refusal is the answer's status (429), not an event in the stream.
    await session.refuseOverBudget(ticket, runner);
    const out = ndjsonBody(request, reply);
    const write = (e: SearchStreamEvent) => out.write(`${JSON.stringify(e)}\n`);
    const writeError = (e: HttpError) => write({ type: 'error', status: e.statusCode, error: e.message, message: e.message, code: e.code });
    const gone = clientGone(reply);
    write({ type: 'start', total: plan.codes.length, codes: plan.codes, search_parameters: plan.search_parameters });
    void session
      .run(ticket, runner, { gone })
      .then(
        ({ answer: { run }, abandoned }) => {
          if (abandoned) return;
          const { summary, partial, failed, stale, incomplete, over_budget, demo } = run.response;
          write({ type: 'summary', summary, partial, failed, stale, incomplete, over_budget, demo });
        },
        (err: unknown) => {
          // The answer has started, so the error goes in the stream by hand.
          if (!(err instanceof HttpError)) request.log.error({ err }, 'flight search stream failed');
          writeError(err instanceof HttpError ? err : new HttpError(500, 'Failed to search flights', ERROR_CODES.INTERNAL));
        },
      )
      .finally(() => {
        out.end();
        // A client that left may hold its socket half-open; the response will never be read, so let it go.
        if (gone.aborted) reply.raw.destroy();
      });
    reply
      .header('content-type', 'application/x-ndjson; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no');
    return reply.send(out);
  }

  /** A destination makes an outbound search a single-route one (premium); read from the raw query, before validation. */
  const outboundKind = (query: unknown): SearchKind => {
    const destination = (query as { destination?: unknown } | undefined)?.destination;
    return (typeof destination === 'string' ? destination.trim() !== '' : destination !== undefined) ? 'single' : 'search';
  };
  const docs = (summary: string) => ({ tags: ['flights'], summary, security: [{ bearer: [] }] });

  app.get(
    '/api/flights/search',
    {
      preHandler: admission.preHandler(outboundKind),
      schema: {
        ...docs('Flights from an origin to every destination, or to one'),
        querystring: searchQuerySchema,
        response: { 200: flightSearchResponseSchema },
      },
    },
    async (request, reply) => answer(request, reply, flights.planOutbound(request.query)),
  );
  app.get(
    '/api/flights/single',
    {
      preHandler: admission.preHandler(() => 'single'),
      schema: { ...docs('Flights on one route'), querystring: singleQuerySchema, response: { 200: flightSearchResponseSchema } },
    },
    async (request, reply) => answer(request, reply, flights.planOutbound(request.query)),
  );
  // The premium live re-check of one destination (decision 183): a single-route search that asks the airline even when
  // a fresh answer is kept; through the session like any search, so the airline budget applies. Its answer is kept.
  const recheckSchema = { querystring: singleQuerySchema, response: { 200: flightSearchResponseSchema } };
  app.post(
    '/api/flights/recheck',
    {
      preHandler: admission.preHandler(() => 'single'),
      schema: { ...docs('A live re-check of one destination (premium)'), ...recheckSchema },
    },
    async (request, reply) => answer(request, reply, flights.planOutbound(request.query), true),
  );
  app.get(
    '/api/flights/inbound',
    {
      preHandler: admission.preHandler(() => 'inbound'),
      schema: {
        ...docs('Flights from every origin into a destination (premium)'),
        querystring: inboundQuerySchema,
        response: { 200: flightSearchResponseSchema },
      },
    },
    async (request, reply) => answer(request, reply, flights.planInbound(request.query)),
  );
  app.get(
    '/api/flights/search/stream',
    {
      preHandler: admission.preHandler(outboundKind),
      schema: { ...docs('The outbound search as NDJSON events (searchStreamEventSchema)'), querystring: searchQuerySchema },
    },
    async (request, reply) => stream(request, reply, flights.planOutbound(request.query)),
  );
  app.get(
    '/api/flights/inbound/stream',
    {
      preHandler: admission.preHandler(() => 'inbound'),
      schema: { ...docs('The inbound search as NDJSON events (searchStreamEventSchema)'), querystring: inboundQuerySchema },
    },
    async (request, reply) => stream(request, reply, flights.planInbound(request.query)),
  );
};
