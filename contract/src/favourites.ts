import { z } from 'zod';
import { FLIGHT_SORT_KEYS } from './flight-sort';

/**
 * Favourites (docs/product/favourites.md; decision 283): per account, kept by the server so they follow the traveller
 * to another device. Home airports and favourite origins lead the origin pickers; the remembered filters are what
 * every flight list starts with. The texts both sides show and the shapes the API takes and answers.
 */

export const FAVOURITES_MESSAGES = {
  loginRequired: 'Please log in to keep favourites',
  homeInvalid: 'Choose up to 3 home airports (3-letter codes)',
  favouritesInvalid: 'Keep up to 20 favourite airports or cities',
  airportUnknown: 'is not an airport or city we fly from',
  filtersInvalid: 'These filters cannot be remembered',
  nothingToSave: 'Send home_airports, favourite_airports or filters',
  // The web app.
  homeTitle: 'Home airports',
  homeHelp: 'Up to 3 airport codes, separated by commas. Origin pickers show them first.',
  favouritesTitle: 'Favourite origins',
  favouritesHelp: 'Star an airport or city in any origin picker to keep it here. Pickers show them right after your home airports.',
  noFavourites: 'No favourites yet: star an airport or city in an origin picker.',
  save: 'Save home airports',
  saved: 'Favourites saved',
  saveFailed: 'Could not save your favourites. Please try again.',
  homeBadge: 'Home',
  star: (name: string) => `Add ${name} to favourites`,
  unstar: (name: string) => `Remove ${name} from favourites`,
  remove: (name: string) => `Remove ${name}`,
  offline: 'You are offline: these are the favourites kept on this device, and changes need a connection.',
} as const;

export const FAVOURITES_MAX_HOME = 3;
export const FAVOURITES_MAX_FAVOURITES = 20;

/** An airport code (DEN) or a city group's value (CITY:NYC), upper-cased. */
const placeCode = (message: string) =>
  z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(/^(CITY:)?[A-Z]{3}$/, message));

const airportCode = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, FAVOURITES_MESSAGES.homeInvalid));

/** Minutes after midnight on the filters' 30-minute steps (0 to 24:00). */
const bad = FAVOURITES_MESSAGES.filtersInvalid;
const minutes = z.number(bad).int(bad).min(0, bad).max(1440, bad).multipleOf(30, bad);

/**
 * The filters a flight list starts with (docs/product/search.md#filters): each one optional, a missing one is the
 * list's default. The price limit is not remembered: its range depends on the list's own fares.
 */
export const rememberedFiltersSchema = z
  .object(
    {
      stops: z.enum(['any', 'nonstop', 'one_stop'], bad),
      fares: z.enum(['any', 'gowild', 'usual_gowild'], bad),
      earliest_departure: minutes,
      latest_departure: minutes,
      arrive_by: minutes,
      max_duration_hours: z.number(bad).min(1, bad).max(24, bad).multipleOf(0.5, bad),
      sort: z.enum(FLIGHT_SORT_KEYS, bad),
    },
    bad,
  )
  .partial()
  .strict()
  .refine((f) => f.earliest_departure === undefined || f.latest_departure === undefined || f.earliest_departure <= f.latest_departure, bad);
export type RememberedFilters = z.infer<typeof rememberedFiltersSchema>;

const dedupe = (a: string[]) => [...new Set(a)];

/**
 * PUT /api/favourites: any of the three parts; a part left out keeps its value (a star from one device does not undo
 * the filters another saved). `filters: null` forgets the remembered filters.
 */
export const favouritesInputSchema = z
  .object({
    home_airports: z
      .array(airportCode, FAVOURITES_MESSAGES.homeInvalid)
      .max(FAVOURITES_MAX_HOME, FAVOURITES_MESSAGES.homeInvalid)
      .transform(dedupe)
      .optional(),
    favourite_airports: z
      .array(placeCode(FAVOURITES_MESSAGES.favouritesInvalid), FAVOURITES_MESSAGES.favouritesInvalid)
      .max(FAVOURITES_MAX_FAVOURITES, FAVOURITES_MESSAGES.favouritesInvalid)
      .transform(dedupe)
      .optional(),
    filters: rememberedFiltersSchema.nullable().optional(),
  })
  .strict()
  .refine(
    (i) => i.home_airports !== undefined || i.favourite_airports !== undefined || i.filters !== undefined,
    FAVOURITES_MESSAGES.nothingToSave,
  );
export type FavouritesInput = z.input<typeof favouritesInputSchema>;

/** GET and PUT /api/favourites: the traveller's favourites (empty lists and no filters until saved once). */
export const favouritesSchema = z.object({
  home_airports: z.array(z.string()),
  favourite_airports: z.array(z.string()),
  filters: rememberedFiltersSchema.nullable(),
  updated_at: z.string().nullable(),
  message: z.string().optional(),
});
export type Favourites = z.infer<typeof favouritesSchema>;

export const NO_FAVOURITES: Favourites = { home_airports: [], favourite_airports: [], filters: null, updated_at: null };

/**
 * Where a picker card goes (decision 283): 0 for a home airport (or a city holding one), 1 for a favourite, 2 for the
 * rest. `codes` are the card's airports (a city card has several).
 */
export function favouriteRank(
  value: string,
  codes: readonly string[],
  favourites: Pick<Favourites, 'home_airports' | 'favourite_airports'>,
): number {
  if (favourites.home_airports.some((h) => h === value || codes.includes(h))) return 0;
  if (favourites.favourite_airports.includes(value)) return 1;
  return 2;
}
