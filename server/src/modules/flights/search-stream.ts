import { ERROR_CODES } from '@gowild/contract/errors';
import type { SearchStreamEvent } from '@gowild/contract/flights';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { ndjsonBody } from '../../lib/ndjson-body';
import type { SearchTicket } from '../accounts/accounts.module';
import type { FlightAnswer } from './search-runners';
import type { GroupDone, GroupObserved } from './flight-search.service';
import { clientGone } from './search-admission';
import type { SearchRunner, SearchSession } from './search-session';

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
 * A search's NDJSON answer, for every streamed search (the outbound and inbound streams, anywhere): `start`, the
 * runner's events as they come, then `summary`, or an `error` event once the answer has started (a refusal before the
 * first byte is the answer's status instead, 429). A shutdown ends the stream with the `SERVER_RESTARTING` error
 * event; what was sent before it stands. `what` names the stream in the log of an unexpected failure.
 */
export async function streamSearch<Event extends { type: string }>(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: {
    session: SearchSession;
    ticket: SearchTicket;
    /** The search's runner, given how to write the events it streams. */
    runner: (write: (e: Event) => void) => SearchRunner<FlightAnswer>;
    start: Event;
    what: string;
  },
) {
  const { session, ticket } = opts;
  // The body exists once the budget check has passed; the runner writes only once it runs, after that.
  const sink: { body?: ReturnType<typeof ndjsonBody> } = {};
  const write = (e: object) => sink.body?.write(`${JSON.stringify(e)}\n`);
  const runner = opts.runner(write);
  // Refused before the first byte, so the refusal is the answer's status (429), not an event in the stream.
  await session.refuseOverBudget(ticket, runner);
  const body = (sink.body = ndjsonBody(request, reply));
  const gone = clientGone(reply);
  write(opts.start);
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
        if (!(err instanceof HttpError)) request.log.error({ err }, `${opts.what} failed`);
        const e = err instanceof HttpError ? err : new HttpError(500, 'Failed to search flights', ERROR_CODES.INTERNAL);
        write({ type: 'error', status: e.statusCode, error: e.message, message: e.message, code: e.code });
      },
    )
    .finally(() => {
      body.end();
      // A client that left may hold its socket half-open; the response will never be read, so let it go.
      if (gone.aborted) reply.raw.destroy();
    });
  reply.header('content-type', 'application/x-ndjson; charset=utf-8').header('cache-control', 'no-store').header('x-accel-buffering', 'no');
  return reply.send(body);
}
