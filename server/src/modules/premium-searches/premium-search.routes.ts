import type { RouteSpec } from '@gowild/contract/route';
import { flightsRoutes as routes } from '@gowild/contract/routes/flights';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { fastifySchemaOf } from '../../lib/contract-route';
import type { SearchGate, SearchKind } from '../accounts/accounts.module';
import { type SearchRunner, type SearchSession, clientGone, searchAdmission, sendCsv, waysHomeCsv } from '../flights/flights.module';
import { getHomeRunner, hubSearchRunner, tripFinderRunner } from './premium-search.runners';
import type { PremiumSearches } from './premium-searches.module';

/**
 * One paid premium search as an HTTP call: its route table entry, search kind, and how a validated query becomes the
 * runner the search session runs. Every such call answers in the same order: the search gate first (401 visitors,
 * 403 for everyone but premium, 429), then the query (400), then the plan's rules (400), then the session, which
 * runs and settles it like any other paid search (the search log gets its line); refused input gives the ticket back.
 */
interface PremiumSearchCall<Q extends z.ZodType, R extends z.ZodType> {
  /** Method, path, query and answer schemas (decision 302). */
  spec: RouteSpec & { query: Q; responses: { 200: R } };
  kind: SearchKind;
  runner(query: z.output<Q>): SearchRunner<{ response: z.input<R> }> | Promise<SearchRunner<{ response: z.input<R> }>>;
  /** `format=csv` (docs/product/anywhere.md#export): the answer as a file and its name; without it the query has no format. */
  csv?(answer: z.input<R>): { text: string; name: { origin: string; from: string; to?: string } };
}

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
type Admission = ReturnType<typeof searchAdmission>;
/** A call, typed by its own schemas, made into what registers it (so calls of different shapes sit in one list). */
const call =
  <Q extends z.ZodType, R extends z.ZodType>(c: PremiumSearchCall<Q, R>) =>
  (app: ZodApp, admission: Admission, session: SearchSession) =>
    routeOf(app, admission, session, c);

/** The premium searches beside the outbound/inbound/single family of flights.routes.ts. */
function premiumSearchCalls(searches: PremiumSearches) {
  return [
    // docs/product/search.md#via-a-hub
    call({
      spec: routes.hub,
      kind: 'hub',
      runner: ({ origin, destination, date, min_layover, overnight }) =>
        hubSearchRunner(searches.hub, searches.planHub({ origin, destination, date, min_layover, overnight })),
    }),
    // docs/product/get-me-home.md: the plan's rules are home, where the traveller is, the drive.
    call({
      spec: routes.home,
      kind: 'home',
      runner: (query) => getHomeRunner(searches.home, searches.planHome(query)),
      // A premium call: the file has the seats.
      csv: ({ options, search_parameters: p }) => ({
        text: waysHomeCsv(options, { premium: true }),
        name: { origin: `home-${p.home.replace(/^CITY:/, '')}`, from: p.dates[0] ?? '', to: p.dates.at(-1) },
      }),
    }),
    // docs/product/trip-finder.md: the plan's rules are origin, dates, stay; the outbound answers kept fresh are read
    // before the session runs, so a search they answer whole asks the airline nothing.
    call({
      spec: routes.trips,
      kind: 'trips',
      runner: async (query) => {
        const plan = searches.planTrips(query);
        return tripFinderRunner(searches.trips, plan, await searches.trips.prepare(plan));
      },
    }),
  ];
}

function routeOf<Q extends z.ZodType, R extends z.ZodType>(
  app: ZodApp,
  admission: Admission,
  session: SearchSession,
  c: PremiumSearchCall<Q, R>,
): void {
  // By hand from the entry rather than contractRoute: the type provider cannot resolve a generic entry's types. The
  // schemas still validate the query and check the answer at run time, and `PremiumSearchCall` ties runner, query and
  // answer together.
  const { method, path: url } = c.spec;
  app.route({
    method,
    url,
    preHandler: admission.preHandler(() => c.kind),
    schema: fastifySchemaOf(c.spec),
    handler: async (request, reply) => {
      const runner = await c.runner(request.query as z.output<Q>);
      const { answer } = await session.run(admission.ticketOf(request), runner, { gone: clientGone(reply) });
      if (c.csv && (request.query as { format?: string }).format === 'csv') {
        const file = c.csv(answer.response);
        return sendCsv(reply, file.text, file.name);
      }
      return answer.response;
    },
  });
}

export const premiumSearchRoutes: FastifyPluginAsyncZod<{
  searches: PremiumSearches;
  searchGate: SearchGate;
  session: SearchSession;
}> = async (app, { searches, searchGate, session }) => {
  const admission = searchAdmission(app, searchGate);
  for (const register of premiumSearchCalls(searches)) register(app, admission, session);
};
