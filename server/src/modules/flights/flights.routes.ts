import { PassThrough } from 'node:stream';
import { ERROR_CODES } from '@gowild/contract/errors';
import {
  SEARCH_MESSAGES,
  type SearchStreamEvent,
  flightSearchResponseSchema,
  inboundQuerySchema,
  searchQuerySchema,
} from '@gowild/contract/flights';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error';
import type { SearchGate, SearchKind, SearchTicket } from '../accounts/accounts.module';
import type { SearchPlan } from './flight-search.plan';
import type { SearchRun } from './flight-search.service';
import type { FlightsEngine } from './flights.module';

const upstreamFailed = () => new HttpError(503, SEARCH_MESSAGES.upstreamUnavailable, ERROR_CODES.UPSTREAM_FAILED);

/** Stops scheduling airline queries once the client has gone. */
function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableEnded) controller.abort();
  });
  return controller.signal;
}

/**
 * Search routes (spec section 7): entitlement gate first (401/403/429 come from it), then validation, then the
 * search. The quota reserved by the gate is kept only when the search ran; it is given back on bad input, when
 * every airline query failed, or when the client left.
 */
export const flightRoutes: FastifyPluginAsyncZod<{ flights: FlightsEngine; searchGate: SearchGate }> = async (
  app,
  { flights, searchGate },
) => {
  async function plan(ticket: SearchTicket, make: () => SearchPlan): Promise<SearchPlan> {
    try {
      return make();
    } catch (err) {
      await ticket.cancel();
      throw err;
    }
  }

  async function settle(ticket: SearchTicket, p: SearchPlan, run: SearchRun): Promise<void> {
    if (run.allFailed) {
      await ticket.cancel();
      throw upstreamFailed();
    }
    const sp = p.search_parameters;
    await ticket.complete({
      origin: sp.origin,
      destination: sp.destination,
      date: sp.date,
      resultsFound: run.resultsFound,
      totalFlights: run.totalFlights,
    });
  }

  async function answer(request: FastifyRequest, reply: FastifyReply, kind: SearchKind, make: () => SearchPlan) {
    const ticket = await searchGate.admit(request, kind);
    const p = await plan(ticket, make);
    const signal = clientGone(reply);
    let run: SearchRun;
    try {
      run = await flights.search.run(p, ticket.caller, { signal });
    } catch (err) {
      await ticket.cancel();
      throw err;
    }
    // Nobody is waiting for the answer: the search does not count.
    if (signal.aborted) {
      await ticket.cancel();
      return run.response;
    }
    await settle(ticket, p, run);
    return run.response;
  }

  /** NDJSON: `start`, one `destination` per code as it completes, then `summary` (or `error`). */
  async function stream(request: FastifyRequest, reply: FastifyReply, kind: SearchKind, make: () => SearchPlan) {
    const ticket = await searchGate.admit(request, kind);
    const p = await plan(ticket, make);
    const out = new PassThrough();
    const write = (e: SearchStreamEvent) => out.write(`${JSON.stringify(e)}\n`);
    const signal = clientGone(reply);
    void (async () => {
      try {
        write({ type: 'start', total: p.codes.length, codes: p.codes, search_parameters: p.search_parameters });
        const run = await flights.search.run(p, ticket.caller, {
          signal,
          onGroup: (g) =>
            write({
              type: 'destination',
              code: g.code,
              flights: g.flights,
              done: g.done,
              total: g.total,
              ...(g.failed ? { failed: true } : {}),
            }),
        });
        if (signal.aborted) return void (await ticket.cancel());
        await settle(ticket, p, run);
        const { summary, partial, failed, stale, demo } = run.response;
        write({ type: 'summary', summary, partial, failed, stale, demo });
      } catch (err) {
        const e = err instanceof HttpError ? err : new HttpError(500, 'Failed to search flights', ERROR_CODES.INTERNAL);
        if (!(err instanceof HttpError)) {
          request.log.error({ err }, 'flight search stream failed');
          await ticket.cancel().catch(() => {});
        }
        write({ type: 'error', status: e.statusCode, error: e.message, message: e.message, code: e.code });
      } finally {
        out.end();
        // A client that left may hold its socket half-open; the response will never be read, so let it go.
        if (signal.aborted) reply.raw.destroy();
      }
    })();
    reply
      .header('content-type', 'application/x-ndjson; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no');
    return reply.send(out);
  }

  const outboundKind = (q: { destination?: string }): SearchKind => (q.destination?.trim() ? 'single' : 'search');
  const docs = (summary: string) => ({ tags: ['flights'], summary, security: [{ bearer: [] }] });

  app.get(
    '/api/flights/search',
    {
      schema: {
        ...docs('Flights from an origin to every destination, or to one'),
        querystring: searchQuerySchema,
        response: { 200: flightSearchResponseSchema },
      },
    },
    async (request, reply) =>
      answer(request, reply, outboundKind(request.query), () => flights.planOutbound(request.query, { requireDestination: false })),
  );
  app.get(
    '/api/flights/single',
    { schema: { ...docs('Flights on one route'), querystring: searchQuerySchema, response: { 200: flightSearchResponseSchema } } },
    async (request, reply) => answer(request, reply, 'single', () => flights.planOutbound(request.query, { requireDestination: true })),
  );
  app.get(
    '/api/flights/inbound',
    {
      schema: {
        ...docs('Flights from every origin into a destination (premium)'),
        querystring: inboundQuerySchema,
        response: { 200: flightSearchResponseSchema },
      },
    },
    async (request, reply) => answer(request, reply, 'inbound', () => flights.planInbound(request.query)),
  );
  app.get(
    '/api/flights/search/stream',
    { schema: { ...docs('The outbound search as NDJSON events (searchStreamEventSchema)'), querystring: searchQuerySchema } },
    async (request, reply) =>
      stream(request, reply, outboundKind(request.query), () => flights.planOutbound(request.query, { requireDestination: false })),
  );
  app.get(
    '/api/flights/inbound/stream',
    { schema: { ...docs('The inbound search as NDJSON events (searchStreamEventSchema)'), querystring: inboundQuerySchema } },
    async (request, reply) => stream(request, reply, 'inbound', () => flights.planInbound(request.query)),
  );
};
