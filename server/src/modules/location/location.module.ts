import type { AppModule } from '../../lib/app-module';
import type { GeoProvider } from '../../providers/geo/geo.provider';
import { locationRoutes } from './location.routes';
import { type LocationService, createLocationService } from './location.service';

export type { LocationService } from './location.service';

/** The caller's approximate place by IP address. */
export function createLocationModule(deps: { geo: GeoProvider }, overrides: { location?: LocationService } = {}) {
  const location = overrides.location ?? createLocationService(deps.geo);
  return { name: 'location', services: { location }, routes: (app) => locationRoutes(app, { location }) } satisfies AppModule;
}
export type LocationModule = ReturnType<typeof createLocationModule>;
