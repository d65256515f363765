import { ERROR_CODES } from '@gowild/contract/errors';
import { findCityGroup } from '@gowild/contract/city-groups';
import {
  FAVOURITES_MESSAGES,
  type Favourites,
  NO_FAVOURITES,
  type RememberedFilters,
  rememberedFiltersSchema,
} from '@gowild/contract/favourites';
import type { Clock } from '../../lib/clock';
import { badRequest } from '../../lib/http-error';
import type { ReferenceService } from '../reference/reference.module';
import type { FavouritesRepository, FavouritesRow } from './favourites.repository';

export interface FavouritesServiceDeps {
  repo: FavouritesRepository;
  clock: Clock;
  reference: Pick<ReferenceService, 'destinationsFrom'>;
}

/** The API's shape of a row; filters that no longer parse (an older shape) read as none rather than failing the page. */
function present(row: FavouritesRow | undefined): Favourites {
  if (!row) return NO_FAVOURITES;
  const filters = rememberedFiltersSchema.safeParse(row.filters);
  return {
    home_airports: row.homeAirports,
    favourite_airports: row.favouriteAirports,
    filters: row.filters !== null && filters.success ? filters.data : null,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Favourites (docs/product/favourites.md; decision 283): read and save the signed-in traveller's own, nobody else's. */
export function createFavouritesService(deps: FavouritesServiceDeps) {
  const { repo, clock } = deps;
  /** An airport the network flies from, or a city group with at least one such airport. */
  const fliesFrom = (value: string) => {
    const group = findCityGroup(value);
    const codes = group ? group.airports : value.startsWith('CITY:') ? [] : [value];
    return codes.some((c) => deps.reference.destinationsFrom(c).length > 0);
  };

  return {
    async read(userId: string): Promise<Favourites> {
      return present(await repo.read(userId));
    },

    /** PUT /api/favourites: every airport known (400 naming the first that is not), then the parts given saved. */
    async save(
      userId: string,
      input: { home_airports?: string[]; favourite_airports?: string[]; filters?: RememberedFilters | null },
    ): Promise<Favourites> {
      for (const code of [...(input.home_airports ?? []), ...(input.favourite_airports ?? [])])
        if (!fliesFrom(code)) throw badRequest(`${code} ${FAVOURITES_MESSAGES.airportUnknown}`, ERROR_CODES.VALIDATION_FAILED);
      const row = await repo.save(
        userId,
        { homeAirports: input.home_airports, favouriteAirports: input.favourite_airports, filters: input.filters },
        clock.now(),
      );
      return { ...present(row), message: FAVOURITES_MESSAGES.saved };
    },

    /** The digest's suggested origins (home airports first, then favourites). */
    originsOf: (userId: string) => repo.originsOf(userId),
  };
}
export type FavouritesService = ReturnType<typeof createFavouritesService>;
