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
import type { SearchEnd, SearchGate, SearchKind, SearchOutcome, SearchTicket } from '../accounts/accounts.module';
import type { SearchPlan } from './flight-search.plan';
import type { SearchRun } from './flight-search.service';
import type { FlightsEngine } from './flights.module';

const upstreamFailed = () => new HttpError(503, SEARCH_MESSAGES.upstreamUnavailable, ERROR_CODES.UPSTREAM_FAILED);
const serverRestarting = () => new HttpError(503, SEARCH_MESSAGES.serverRestarting, ERROR_CODES.SERVER_RESTARTING);

/** What the traveller was sent of a search: destinations told about, of those failed, and with flights. */
type Delivered = Pick<SearchOutcome, 'checked' | 'failed' | 'resultsFound' | 'totalFlights'>;
const NOTHING: Delivered = { checked: 0, failed: 0, resultsFound: 0, totalFlights: 0 };

/** A search that ran to its end delivers its whole answer. */
function wholeAnswer(run: SearchRun, p: SearchPlan): Delivered {
  const failed = run.response.failed?.length ?? 0;
  return { checked: p.codes.length, failed, resultsFound: run.resultsFound, totalFlights: run.totalFlights };
}

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
 * rules that need data in the plan), then the search. Input refused once the reservation is held gives it back
 * (`cancel`, no log line). A search that ran is settled with how it ended and what the client was sent, which
 * decides whether it counts (docs/product/accounts-and-plans.md#when-a-search-counts): a client that leaves, or a
 * shutdown (`stopping`, the app-wide signal), before any destination with flights was sent costs nothing.
 * `running` holds every search in progress, so the module's close can wait for them to settle.
 */
export const flightRoutes: FastifyPluginAsyncZod<{
  flights: FlightsEngine;
  searchGate: SearchGate;
  stopping: AbortSignal;
  running: Set<Promise<unknown>>;
}> = async (app, { flights, searchGate, stopping, running }) => {
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

  const settle = (ticket: SearchTicket, p: SearchPlan, end: SearchEnd, sent: Delivered) => {
    const sp = p.search_parameters;
    // The log keeps the origin the traveller asked for; an inbound search names none ('Inbound to …' is display text).
    const origin = p.direction === 'inbound' ? null : sp.origin;
    return ticket.settle({ origin, destination: sp.destination, date: sp.date, end, destinations: p.codes.length, ...sent });
  };
  /** How a search that ran to its end went. */
  const endOf = (run: SearchRun): SearchEnd => (run.allFailed ? 'failed' : run.response.partial ? 'partial' : 'complete');
  /** Keeps `work` in `running` until it ends. */
  const track = <T>(work: Promise<T>): Promise<T> => {
    const settled = work.catch(() => {});
    running.add(settled);
    void settled.finally(() => running.delete(settled));
    return work;
  };

  async function answer(request: FastifyRequest, reply: FastifyReply, make: () => SearchPlan) {
    const ticket = ticketOf(request);
    const p = make();
    // A kept answer for the same search and view (decision 063): the gate's ticket is settled as for a fresh one.
    const kept = flights.answers.lookup(p, ticket.caller);
    if (kept) {
      await settle(ticket, p, endOf(kept.run), wholeAnswer(kept.run, p));
      return flights.answers.send(request, reply, kept);
    }
    return track(
      (async () => {
        const gone = clientGone(reply);
        try {
          const run = await flights.search.run(p, ticket.caller, { signal: AbortSignal.any([gone, stopping]) });
          // Stopped before its end, the answer is never sent: the client gets nothing, and pays nothing.
          if (run.cutShort && stopping.aborted) {
            await settle(ticket, p, 'interrupted', NOTHING);
            throw serverRestarting();
          }
          if (gone.aborted) {
            await settle(ticket, p, 'abandoned', NOTHING);
            return run.response;
          }
          await settle(ticket, p, endOf(run), wholeAnswer(run, p));
          if (run.allFailed) throw upstreamFailed();
          const json = reply.serialize(run.response) as string;
          return flights.answers.send(request, reply, flights.answers.keep(p, ticket.caller, run, json));
        } catch (err) {
          // A fault charges nothing (a search settled above stays as it was settled).
          await settle(ticket, p, 'failed', NOTHING).catch(() => {});
          throw err;
        }
      })(),
    );
  }

  /**
   * NDJSON: `start`, one `destination` per code as it completes, then `summary` (or `error`). A shutdown ends the
   * stream with the `SERVER_RESTARTING` error event; what was sent before it stands.
   */
  async function stream(request: FastifyRequest, reply: FastifyReply, make: () => SearchPlan) {
    const ticket = ticketOf(request);
    const p = make();
    const out = ndjsonBody(request, reply);
    const write = (e: SearchStreamEvent) => out.write(`${JSON.stringify(e)}\n`);
    const writeError = (e: HttpError) => write({ type: 'error', status: e.statusCode, error: e.message, message: e.message, code: e.code });
    const gone = clientGone(reply);
    const signal = AbortSignal.any([gone, stopping]);
    const sent: Delivered = { ...NOTHING };
    void track(
      (async () => {
        try {
          write({ type: 'start', total: p.codes.length, codes: p.codes, search_parameters: p.search_parameters });
          const run = await flights.search.run(p, ticket.caller, {
            signal,
            onGroup: (g) => {
              write({
                type: 'destination',
                code: g.code,
                flights: g.flights,
                done: g.done,
                total: g.total,
                ...(g.failed ? { failed: true } : {}),
              });
              sent.checked++;
              if (g.failed) sent.failed++;
              if (g.flights.length > 0) sent.resultsFound++;
              sent.totalFlights += g.flights.length;
            },
          });
          // The client left (before the summary, maybe after every destination): it counts if it got results.
          if (gone.aborted) return void (await settle(ticket, p, 'abandoned', sent));
          if (run.cutShort && stopping.aborted) {
            await settle(ticket, p, 'interrupted', sent);
            return writeError(serverRestarting());
          }
          await settle(ticket, p, endOf(run), wholeAnswer(run, p));
          if (run.allFailed) return writeError(upstreamFailed());
          const { summary, partial, failed, stale, incomplete, demo } = run.response;
          write({ type: 'summary', summary, partial, failed, stale, incomplete, demo });
        } catch (err) {
          // The answer has started, so the error goes in the stream by hand; a fault charges nothing.
          await settle(ticket, p, 'failed', sent).catch(() => {});
          const e = err instanceof HttpError ? err : new HttpError(500, 'Failed to search flights', ERROR_CODES.INTERNAL);
          if (!(err instanceof HttpError)) request.log.error({ err }, 'flight search stream failed');
          writeError(e);
        } finally {
          out.end();
          // A client that left may hold its socket half-open; the response will never be read, so let it go.
          if (gone.aborted) reply.raw.destroy();
        }
      })(),
    );
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
