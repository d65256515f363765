import type { Db } from '../../db/client';
import type { AppModule } from '../../lib/app-module';
import type { Clock } from '../../lib/clock';
import type { AuthService } from '../accounts/accounts.module';
import type { ReferenceService } from '../reference/reference.module';
import { createFavouritesRepository } from './favourites.repository';
import { favouritesRoutes } from './favourites.routes';
import { type FavouritesService, createFavouritesService } from './favourites.service';

export interface FavouritesDeps {
  db: Db;
  clock: Clock;
  auth: Pick<AuthService, 'requireUser'>;
  reference: Pick<ReferenceService, 'destinationsFrom'>;
}

interface FavouritesServices {
  favourites: FavouritesService;
}

/** Favourites (docs/product/favourites.md; decision 283): home airports, favourite origins, remembered filters. */
export function createFavouritesModule(deps: FavouritesDeps) {
  const favourites = createFavouritesService({ repo: createFavouritesRepository(deps.db), clock: deps.clock, reference: deps.reference });
  return {
    name: 'favourites',
    services: { favourites } satisfies FavouritesServices,
    routes: (app) => favouritesRoutes(app, { auth: deps.auth, favourites }),
  } satisfies AppModule;
}
export type FavouritesModule = ReturnType<typeof createFavouritesModule>;
export type { FavouritesService } from './favourites.service';
