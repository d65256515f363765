import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import type { AppModule } from '../../../lib/app-module';
import type { Clock } from '../../../lib/clock';
import { findAirport } from '../../../lib/reference-data/airports';
import type { SearchGate } from '../../accounts/accounts.module';
import { type FlightsEngine, createOnSale, fetchLive } from '../flights.module';
import { createSearchSession } from '../search-session';
import type { ReferenceService } from '../../reference/reference.module';
import { connectionsRoutes } from './connections.routes';
import { createConnections } from './connections.service';
import { createNetworkDayReader } from './network-day.repository';

interface ConnectionsModuleDeps {
  config: Pick<Config, 'CONNECTION_MIN_TRANSFER_MINUTES'>;
  db: Db;
  clock: Clock;
  flights: FlightsEngine;
  reference: Pick<ReferenceService, 'destinationsFrom' | 'originsTo' | 'routes'>;
  searchGate: SearchGate;
  /** The app-wide shutdown signal: open searches stop asking the airline (decision 057). */
  stopping: AbortSignal;
}

/**
 * GoWild connections of up to three flights (docs/product/connections.md; decision 263): the graph search over the
 * kept observations (read-only), the chosen itineraries confirmed live through the flights module's gateway, behind
 * the same search gate and search session as the other premium searches.
 */
export function createConnectionsModule(deps: ConnectionsModuleDeps) {
  const timeZoneOf = (code: string) => findAirport(code)?.timezone;
  const onSale = createOnSale(timeZoneOf);
  const connections = createConnections({
    reader: createNetworkDayReader(deps.db),
    gateway: deps.flights.gateway,
    fetchLive,
    clock: deps.clock,
    demo: deps.flights.provider.demo,
    timeZoneOf,
    isOnSale: (f, now) => onSale.isOnSale(f, now),
    destinationsFrom: (o) => deps.reference.destinationsFrom(o),
    originsTo: (d) => deps.reference.originsTo(d),
    routeCount: () => deps.reference.routes().length,
  });
  const session = createSearchSession({ stopping: deps.stopping, budgetLeft: (caller) => deps.flights.gateway.budgetLeft(caller) });
  return {
    name: 'connections',
    services: { connections },
    routes: async (app) => {
      await connectionsRoutes(app, {
        connections,
        searchGate: deps.searchGate,
        session,
        planOutbound: (input) => deps.flights.planOutbound(input),
        minTransferMinutes: deps.config.CONNECTION_MIN_TRANSFER_MINUTES,
      });
    },
    close: () => session.close(),
  } satisfies AppModule;
}
