import { type AnywhereStreamEvent, anywhereQuerySchema } from '@gowild/contract/anywhere';
import { ERROR_CODES } from '@gowild/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../../lib/http-error';
import { ndjsonBody } from '../../../lib/ndjson-body';
import type { SearchGate } from '../../accounts/accounts.module';
import type { FlightsEngine } from '../flights.module';
import { streamedGroups } from '../flights.routes';
import { clientGone, searchAdmission } from '../search-admission';
import { flightSearchRunner } from '../search-runners';
import type { SearchSession } from '../search-session';
import { flightsCsv, sendCsv } from './flights-csv';

/**
 * GET /api/flights/anywhere (docs/product/anywhere.md): every destination from an origin on every day of a range of
 * up to 7 days. The search gate first (401, 403 for everyone but premium), then the query (400), then the range's
 * rules (400), then the search session, which runs it as one search through the same gateway as the outbound search
 * and settles it once (search log kind `anywhere`). Streamed in the outbound search's event style, answered at once
 * from what was last seen and confirmed live; with `format=csv`, the whole answer as a CSV file.
 */
export const anywhereRoutes: FastifyPluginAsyncZod<{
  flights: FlightsEngine;
  searchGate: SearchGate;
  session: SearchSession;
}> = async (app, { flights, searchGate, session }) => {
  const admission = searchAdmission(app, searchGate);

  app.get(
    '/api/flights/anywhere',
    {
      preHandler: admission.preHandler(() => 'anywhere'),
      schema: {
        tags: ['flights'],
        summary: 'Every destination from an origin over up to 7 days, one way: NDJSON events (anywhereStreamEventSchema) or CSV (premium)',
        security: [{ bearer: [] }],
        querystring: anywhereQuerySchema,
      },
    },
    async (request, reply) => {
      const { search, parameters } = flights.planAnywhere(request.query);
      const ticket = admission.ticketOf(request);
      const gone = clientGone(reply);

      if (request.query.format === 'csv') {
        const { answer } = await session.run(ticket, flightSearchRunner(flights.search, search), { gone });
        const csv = flightsCsv(answer.run.response.flights, { premium: ticket.caller.isPremium });
        return sendCsv(reply, csv, { origin: parameters.origin, from: parameters.from, to: parameters.to });
      }

      const runner = flightSearchRunner(
        flights.search,
        search,
        streamedGroups((e) => write(e)),
      );
      // Refused before the first byte, so the refusal is the answer's status (429), not an event in the stream.
      await session.refuseOverBudget(ticket, runner);
      const out = ndjsonBody(request, reply);
      const write = (e: AnywhereStreamEvent) => out.write(`${JSON.stringify(e)}\n`);
      write({ type: 'start', total: search.codes.length, codes: search.codes, search_parameters: parameters });
      void session
        .run(ticket, runner, { gone })
        .then(
          ({ answer: { run }, abandoned }) => {
            if (abandoned) return;
            const { summary, partial, failed, stale, incomplete, over_budget, demo } = run.response;
            write({ type: 'summary', summary, partial, failed, stale, incomplete, over_budget, demo });
          },
          (err: unknown) => {
            if (!(err instanceof HttpError)) request.log.error({ err }, 'anywhere search stream failed');
            const e = err instanceof HttpError ? err : new HttpError(500, 'Failed to search flights', ERROR_CODES.INTERNAL);
            write({ type: 'error', status: e.statusCode, error: e.message, message: e.message, code: e.code });
          },
        )
        .finally(() => {
          out.end();
          if (gone.aborted) reply.raw.destroy();
        });
      reply
        .header('content-type', 'application/x-ndjson; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no');
      return reply.send(out);
    },
  );
};
