import type { Config } from '../../config';
import type { AppModule } from '../../lib/app-module';
import { type PublicConfigLive, publicConfigRoutes } from './public-config.routes';

export { planCatalogue } from './public-config.routes';

/** GET /api/config: the figures and switches the web app renders from. */
export function createPublicConfigModule(deps: { config: Config; live?: PublicConfigLive }) {
  return { name: 'public-config', services: {}, routes: (app) => publicConfigRoutes(app, deps) } satisfies AppModule;
}
