import { getHomeQuerySchema, getHomeResponseSchema } from '@gowild/contract/get-home';
import { hubSearchQuerySchema, hubSearchResponseSchema } from '@gowild/contract/hub-search';
import { tripFinderQuerySchema, tripFinderResponseSchema } from '@gowild/contract/trip-finder';
import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { SearchGate, SearchKind } from '../accounts/accounts.module';
import { type SearchRunner, type SearchSession, clientGone, searchAdmission, sendCsv, waysHomeCsv } from '../flights/flights.module';
import { getHomeRunner, hubSearchRunner, tripFinderRunner } from './premium-search.runners';
import type { PremiumSearches } from './premium-searches.module';

/**
 * One paid premium search as an HTTP call: its path, search kind, schemas, and how a validated query becomes the
 * runner the search session runs. Every such call answers in the same order: the search gate first (401 visitors,
 * 403 for everyone but premium, 429), then the query (400), then the plan's rules (400), then the session, which
 * runs and settles it like any other paid search (the search log gets its line); refused input gives the ticket back.
 */
interface PremiumSearchCall<Q extends z.ZodType, R extends z.ZodType> {
  path: string;
  kind: SearchKind;
  summary: string;
  querystring: Q;
  response: R;
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
      path: '/api/flights/hub',
      kind: 'hub',
      summary: 'Two-flight GoWild trips through a hub, as separate tickets (premium)',
      querystring: hubSearchQuerySchema,
      response: hubSearchResponseSchema,
      runner: ({ origin, destination, date, min_layover, overnight }) =>
        hubSearchRunner(searches.hub, searches.planHub({ origin, destination, date, min_layover, overnight })),
    }),
    // docs/product/get-me-home.md: the plan's rules are home, where the traveller is, the drive.
    call({
      path: '/api/flights/home',
      kind: 'home',
      summary: 'Get me home: the soonest ways home today and tomorrow from near the traveller (premium)',
      querystring: getHomeQuerySchema,
      response: getHomeResponseSchema,
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
      path: '/api/flights/trips',
      kind: 'trips',
      summary: 'Trip finder: GoWild round trips and day trips from an origin over a range of dates, best first (premium)',
      querystring: tripFinderQuerySchema,
      response: tripFinderResponseSchema,
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
  // Typed as a plain schema: the type provider cannot resolve a generic schema's types. The schemas still validate
  // the query and check the answer at run time, and `PremiumSearchCall` ties runner, query and answer together.
  const schema: FastifySchema = {
    tags: ['flights'],
    summary: c.summary,
    security: [{ bearer: [] }],
    querystring: c.querystring,
    response: { 200: c.response },
  };
  app.get(c.path, { preHandler: admission.preHandler(() => c.kind), schema }, async (request, reply) => {
    const runner = await c.runner(request.query as z.output<Q>);
    const { answer } = await session.run(admission.ticketOf(request), runner, { gone: clientGone(reply) });
    if (c.csv && (request.query as { format?: string }).format === 'csv') {
      const file = c.csv(answer.response);
      return sendCsv(reply, file.text, file.name);
    }
    return answer.response;
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
