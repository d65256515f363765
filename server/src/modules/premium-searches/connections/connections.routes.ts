import { flightsRoutes } from '@gowild/contract/routes/flights';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../../lib/contract-route';
import type { SearchGate } from '../../accounts/accounts.module';
import { type SearchPlan, type SearchRunner, type SearchSession, clientGone, searchAdmission } from '../../flights/flights.module';
import type { Connections, ConnectionsRun } from './connections.service';
import { type ConnectionsInput, type ConnectionsPlan, planConnections } from './connections.plan';

/** A connection search as the search session runs and settles it (the search log's `search_type` is hub). */
export function connectionsRunner(connections: Connections, plan: ConnectionsPlan): SearchRunner<ConnectionsRun> {
  return {
    subject: { origin: plan.origin, destination: plan.destination, date: plan.date },
    planned: plan.destinations?.length ?? 0,
    async run({ signal, gatewayCaller }) {
      const run = await connections.run(plan, { signal, gatewayCaller });
      const destinations = Math.max(run.destinationsPlanned, 1);
      return {
        answer: run,
        cutShort: run.cutShort,
        end: run.allFailed ? 'failed' : run.response.failed ? 'partial' : 'complete',
        whole: {
          destinations,
          checked: destinations,
          failed: 0,
          resultsFound: run.destinationsFound,
          totalFlights: run.response.itineraries.reduce((n, i) => n + i.legs.length, 0),
        },
      };
    },
  };
}

/**
 * GET /api/flights/connections (docs/product/connections.md): the hub search's gate (401 visitors, 403 for everyone
 * but premium, before the query is read), then the query (400), then the plan's rules (400, the search's own texts
 * for airports and dates), then the search session, which runs, settles and logs it like every paid search and
 * refuses it with 429 when the caller's airline share for the minute is spent (decision 117).
 */
export const connectionsRoutes: FastifyPluginAsyncZod<{
  connections: Connections;
  searchGate: SearchGate;
  session: SearchSession;
  planOutbound(input: { origin: string; date: string; destination?: string }): SearchPlan;
  minTransferMinutes: number;
}> = async (app, deps) => {
  const admission = searchAdmission(app, deps.searchGate);
  contractRoute(app, flightsRoutes.connections, { preHandler: admission.preHandler(() => 'connections') }, async (request, reply) => {
    const plan = planConnections(request.query as ConnectionsInput, deps);
    const { answer } = await deps.session.run(admission.ticketOf(request), connectionsRunner(deps.connections, plan), {
      gone: clientGone(reply),
    });
    return answer.response;
  });
};
