import type { AnywhereStreamEvent } from '@gowild/contract/anywhere';
import { flightsRoutes } from '@gowild/contract/routes/flights';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../../lib/contract-route';
import type { SearchGate } from '../../accounts/accounts.module';
import {
  type FlightsEngine,
  type SearchSession,
  clientGone,
  flightSearchRunner,
  flightsCsv,
  searchAdmission,
  sendCsv,
  streamSearch,
  streamedGroups,
} from '../../flights/flights.module';
import type { PremiumSearches } from '../premium-searches.module';

/**
 * GET /api/flights/anywhere (docs/product/anywhere.md): every destination from an origin on every day of a range of
 * up to 7 days. The search gate first (401, 403 for everyone but premium), then the query (400), then the range's
 * rules (400), then the search session, which runs it as one search through the same gateway as the outbound search
 * and settles it once (search log kind `anywhere`). Streamed in the outbound search's event style, answered at once
 * from what was last seen and confirmed live; with `format=csv`, the whole answer as a CSV file.
 */
export const anywhereRoutes: FastifyPluginAsyncZod<{
  flights: FlightsEngine;
  searches: Pick<PremiumSearches, 'planAnywhere'>;
  searchGate: SearchGate;
  session: SearchSession;
}> = async (app, { flights, searches, searchGate, session }) => {
  const admission = searchAdmission(app, searchGate);

  contractRoute(app, flightsRoutes.anywhere, { preHandler: admission.preHandler(() => 'anywhere') }, async (request, reply) => {
    const { search, parameters } = searches.planAnywhere(request.query);
    const ticket = admission.ticketOf(request);
    if (request.query.format === 'csv') {
      const { answer } = await session.run(ticket, flightSearchRunner(flights.search, search), { gone: clientGone(reply) });
      const csv = flightsCsv(answer.run.response.flights, { premium: ticket.caller.isPremium });
      return sendCsv(reply, csv, { origin: parameters.origin, from: parameters.from, to: parameters.to });
    }

    return streamSearch<AnywhereStreamEvent>(request, reply, {
      session,
      ticket,
      runner: (write) => flightSearchRunner(flights.search, search, streamedGroups(write)),
      start: { type: 'start', total: search.codes.length, codes: search.codes, search_parameters: parameters },
      what: 'anywhere search stream',
    });
  });
};
