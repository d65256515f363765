import type { AppModule } from '../../lib/app-module';
import type { AuthService } from '../accounts/accounts.module';
import type { ReferenceService } from '../reference/reference.module';
import { routeMapRoutes } from './route-map.routes';

/** The route map's data (docs/product/maps.md): the reference module's network behind the premium check. */
export function createRouteMapModule(deps: { auth: Pick<AuthService, 'requirePremium'>; reference: ReferenceService }) {
  return { name: 'route-map', services: {}, routes: (app) => routeMapRoutes(app, deps) } satisfies AppModule;
}
