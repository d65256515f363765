import { ERROR_CODES } from '@gowild/contract/errors';
import {
  SEARCH_MESSAGES,
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
 * Search routes (docs/product/search.md#search-api). Each route: the search gate as its preHandler (authenticate and authorize: 401,
 * 403, and 429 once the free quota is used up, reserving one search), then validation (the query schema, then the
 * rules that need data in the plan), then the search. The reservation is kept only when the search ran: anything
 * thrown once it is held (bad input, every airline query failed, a fault) gives it back, and so does a client that
 * leaves.
 */
export const flightRoutes: FastifyPluginAsyncZod<{ flights: FlightsEngine; searchGate: SearchGate }> = async (
  app,
  { flights, searchGate },
) => {
  const tickets = new WeakMap<FastifyRequest, SearchTicket>();
  /** The gate for a search of the kind the (not yet validated) query asks for. */
  const gate =
    (kindOf: (query: unknown) => SearchKind) =>
    async (request: FastifyRequest): Promise<void> => {
      tickets.set(request, await searchGate.admit(request, kindOf(request.query)));
    };
  app.addHook('onError', async (request) => {
    await tickets.get(request)?.cancel();
  });
  const ticketOf = (request: FastifyRequest) => tickets.get(request)!;

  async function settle(ticket: SearchTicket, p: SearchPlan, run: SearchRun): Promise<void> {
    if (run.allFailed) throw upstreamFailed();
    const sp = p.search_parameters;
    await ticket.complete({
      origin: sp.origin,
      destination: sp.destination,
      date: sp.date,
      resultsFound: run.resultsFound,
      totalFlights: run.totalFlights,
    });
  }

  async function answer(request: FastifyRequest, reply: FastifyReply, make: () => SearchPlan) {
    const ticket = ticketOf(request);
    const p = make();
    // A kept answer for the same search and view (decision 063): the gate's ticket is settled as for a fresh one.
    const kept = flights.answers.lookup(p, ticket.caller);
    if (kept) {
      await settle(ticket, p, kept.run);
      return flights.answers.send(request, reply, kept);
    }
    const signal = clientGone(reply);
    const run = await flights.search.run(p, ticket.caller, { signal });
    // Nobody is waiting for the answer: the search does not count.
    if (signal.aborted) {
      await ticket.cancel();
      return run.response;
    }
    await settle(ticket, p, run);
    return flights.answers.send(request, reply, flights.answers.keep(p, ticket.caller, run, reply.serialize(run.response) as string));
  }

  /** NDJSON: `start`, one `destination` per code as it completes, then `summary` (or `error`). */
  async function stream(request: FastifyRequest, reply: FastifyReply, make: () => SearchPlan) {
    const ticket = ticketOf(request);
    const p = make();
    const out = ndjsonBody(request, reply);
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
        const { summary, partial, failed, stale, incomplete, demo } = run.response;
        write({ type: 'summary', summary, partial, failed, stale, incomplete, demo });
      } catch (err) {
        // The answer has started, so the error goes in the stream (and the reservation back) by hand.
        await ticket.cancel().catch(() => {});
        const e = err instanceof HttpError ? err : new HttpError(500, 'Failed to search flights', ERROR_CODES.INTERNAL);
        if (!(err instanceof HttpError)) request.log.error({ err }, 'flight search stream failed');
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

  /** A destination makes an outbound search a single-route one (premium); read from the raw query, before validation. */
  const outboundKind = (query: unknown): SearchKind => {
    const destination = (query as { destination?: unknown } | undefined)?.destination;
    return (typeof destination === 'string' ? destination.trim() !== '' : destination !== undefined) ? 'single' : 'search';
  };
  const docs = (summary: string) => ({ tags: ['flights'], summary, security: [{ bearer: [] }] });

  app.get(
    '/api/flights/search',
    {
      preHandler: gate(outboundKind),
      schema: {
        ...docs('Flights from an origin to every destination, or to one'),
        querystring: searchQuerySchema,
        response: { 200: flightSearchResponseSchema },
      },
    },
    async (request, reply) => answer(request, reply, () => flights.planOutbound(request.query)),
  );
  app.get(
    '/api/flights/single',
    {
      preHandler: gate(() => 'single'),
      schema: { ...docs('Flights on one route'), querystring: singleQuerySchema, response: { 200: flightSearchResponseSchema } },
    },
    async (request, reply) => answer(request, reply, () => flights.planOutbound(request.query)),
  );
  app.get(
    '/api/flights/inbound',
    {
      preHandler: gate(() => 'inbound'),
      schema: {
        ...docs('Flights from every origin into a destination (premium)'),
        querystring: inboundQuerySchema,
        response: { 200: flightSearchResponseSchema },
      },
    },
    async (request, reply) => answer(request, reply, () => flights.planInbound(request.query)),
  );
  app.get(
    '/api/flights/search/stream',
    {
      preHandler: gate(outboundKind),
      schema: { ...docs('The outbound search as NDJSON events (searchStreamEventSchema)'), querystring: searchQuerySchema },
    },
    async (request, reply) => stream(request, reply, () => flights.planOutbound(request.query)),
  );
  app.get(
    '/api/flights/inbound/stream',
    {
      preHandler: gate(() => 'inbound'),
      schema: { ...docs('The inbound search as NDJSON events (searchStreamEventSchema)'), querystring: inboundQuerySchema },
    },
    async (request, reply) => stream(request, reply, () => flights.planInbound(request.query)),
  );
};
