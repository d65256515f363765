import type { AppModule } from '../../lib/app-module';
import type { AuthService } from '../accounts/accounts.module';
import type { FlightsEngine } from '../flights/flights.module';
import { type TripLookupService, createTripLookupService } from './trip-lookup.service';
import { tripsRoutes } from './trips.routes';

/** Chosen trips read again by their flights' hashes, so a summary address works in any browser (decision 101). */
export function createTripsModule(deps: {
  auth: Pick<AuthService, 'requirePremium'>;
  flights: Pick<FlightsEngine, 'gateway' | 'provider'>;
}) {
  const trips: TripLookupService = createTripLookupService({ flights: deps.flights });
  return { name: 'trips', services: { trips }, routes: (app) => tripsRoutes(app, { auth: deps.auth, trips }) } satisfies AppModule;
}
