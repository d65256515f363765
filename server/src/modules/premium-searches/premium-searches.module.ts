import { goWildRouteKind } from '@gowild/contract/gowild-window';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AppModule } from '../../lib/app-module';
import type { Clock } from '../../lib/clock';
import { findAirport } from '../../lib/reference-data/airports';
import type { SearchGate } from '../accounts/accounts.module';
import { fetchLive } from '../airline/airline.module';
import { type FlightsEngine, createOnSale, createSearchSession } from '../flights/flights.module';
import type { ReferenceService } from '../reference/reference.module';
import { type AnywherePlan, type AnywherePlanInput, planAnywhere } from './anywhere/anywhere.plan';
import { anywhereRoutes } from './anywhere/anywhere.routes';
import { connectionsRoutes } from './connections/connections.routes';
import { createConnections } from './connections/connections.service';
import { createNetworkDayReader } from './connections/network-day.repository';
import { type GetHome, createGetHome } from './get-home/get-home';
import { type GetHomeInput, type GetHomePlan, planGetHome } from './get-home/get-home.plan';
import { type HubPlan, type HubSearch, createHubSearch } from './hub-search/hub-search';
import { type HubPlanInput, planHub } from './hub-search/hub-search.plan';
import { premiumSearchRoutes } from './premium-search.routes';
import { type TripFinder, createTripFinder } from './trip-finder/trip-finder';
import { type TripPlanInput, type TripPlan, planTrips } from './trip-finder/trip-finder.plan';

/** The premium searches built on a flight engine: each asks the airline through the engine's gateway. */
export interface PremiumSearches {
  /** Two-flight GoWild trips through a hub (docs/product/search.md#via-a-hub). */
  hub: HubSearch;
  planHub(input: HubPlanInput): HubPlan;
  /** "Get me home": the way home from near the traveller today and tomorrow (docs/product/get-me-home.md). */
  home: GetHome;
  planHome(input: GetHomeInput): GetHomePlan;
  /** The trip finder: GoWild round trips and day trips over a range of dates (docs/product/trip-finder.md). */
  trips: TripFinder;
  planTrips(input: TripPlanInput): TripPlan;
  /** Every destination over a range of days (docs/product/anywhere.md); run as the outbound search is. */
  planAnywhere(input: AnywherePlanInput): AnywherePlan;
}

/** The premium searches over `flights`: its gateway, demo flag, route network, plan context and observation store. */
export function createPremiumSearches(deps: {
  flights: FlightsEngine;
  clock: Clock;
  config: Pick<Config, 'FLIGHT_CACHE_TTL_SECONDS'>;
}): PremiumSearches {
  const { flights, clock } = deps;
  const timeZoneOf = (code: string) => findAirport(code)?.timezone;
  const onSale = createOnSale(timeZoneOf);
  const { gateway } = flights;
  const demo = flights.provider.demo;
  const destinationsFrom = (o: string) => flights.reference.destinationsFrom(o);
  const hub = createHubSearch({ gateway, clock, demo, destinationsFrom, timeZoneOf });
  return {
    hub,
    planHub: (input) => planHub(input, flights.planContext()),
    home: createGetHome({ gateway, hub, clock, demo, onSale, destinationsFrom, timeZoneOf }),
    planHome: (input) => planGetHome(input, flights.planContext()),
    trips: createTripFinder({
      gateway,
      observations: flights.observations,
      freshSeconds: deps.config.FLIGHT_CACHE_TTL_SECONDS,
      clock,
      demo,
      onSale,
      timeZoneOf,
      kindOf: (o, d) => goWildRouteKind(findAirport(o)?.countryCode, findAirport(d)?.countryCode),
    }),
    planTrips: (input) => planTrips(input, flights.planContext()),
    planAnywhere: (input) => planAnywhere(input, flights.planContext()),
  };
}

interface PremiumSearchesDeps {
  config: Pick<Config, 'CONNECTION_MIN_TRANSFER_MINUTES' | 'FLIGHT_CACHE_TTL_SECONDS'>;
  db: Db;
  clock: Clock;
  flights: FlightsEngine;
  reference: Pick<ReferenceService, 'destinationsFrom' | 'originsTo' | 'routes'>;
  searchGate: SearchGate;
  /** The app-wide shutdown signal: open searches stop asking the airline (decision 057). */
  stopping: AbortSignal;
}

/**
 * The premium searches (docs/product/: via a hub, get-me-home, trip-finder, connections, anywhere), each named as its
 * web feature is: every one a paid search behind the search gate, run and settled by its own search session, asking
 * the airline through the flights engine's gateway. Connections of up to three flights (decision 263) search the
 * kept observations (read-only) and confirm the chosen itineraries live.
 */
export function createPremiumSearchesModule(deps: PremiumSearchesDeps, overrides: { premiumSearches?: PremiumSearches } = {}) {
  const { flights } = deps;
  const searches = overrides.premiumSearches ?? createPremiumSearches(deps);
  const timeZoneOf = (code: string) => findAirport(code)?.timezone;
  const onSale = createOnSale(timeZoneOf);
  const connections = createConnections({
    reader: createNetworkDayReader(deps.db),
    gateway: flights.gateway,
    fetchLive,
    clock: deps.clock,
    demo: flights.provider.demo,
    timeZoneOf,
    isOnSale: (f, now) => onSale.isOnSale(f, now),
    destinationsFrom: (o) => deps.reference.destinationsFrom(o),
    originsTo: (d) => deps.reference.originsTo(d),
    routeCount: () => deps.reference.routes().length,
  });
  // Close waits for the searches still open to settle (charge or refund, search log), as the flights module's does.
  const session = createSearchSession({ stopping: deps.stopping, budgetLeft: (caller) => flights.gateway.budgetLeft(caller) });
  return {
    name: 'premium-searches',
    services: { premiumSearches: searches },
    routes: async (app) => {
      await premiumSearchRoutes(app, { searches, searchGate: deps.searchGate, session });
      await anywhereRoutes(app, { flights, searches, searchGate: deps.searchGate, session });
      await connectionsRoutes(app, {
        connections,
        searchGate: deps.searchGate,
        session,
        planOutbound: (input) => flights.planOutbound(input),
        minTransferMinutes: deps.config.CONNECTION_MIN_TRANSFER_MINUTES,
      });
    },
    close: () => session.close(),
  } satisfies AppModule;
}
export type PremiumSearchesModule = ReturnType<typeof createPremiumSearchesModule>;
