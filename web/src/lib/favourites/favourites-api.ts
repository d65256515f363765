import { favouritesRoutes } from '@gowild/contract/routes/favourites';
import { type Favourites, type FavouritesInput } from '@gowild/contract/favourites';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

/** The signed-in traveller's favourites (docs/product/favourites.md), cached per account. */
export const favouritesKey = (userId: string) => ['favourites', userId] as const;

export const favouritesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: favouritesKey(userId),
    queryFn: ({ signal }) => callApi(favouritesRoutes.read, { action: 'fetch your favourites', prefer: 'error', signal }),
    // They change only when the traveller saves (here or on another device): a new page load reads them again.
    staleTime: Infinity,
    // Asked even offline: the service worker answers with the kept copy or it fails at once (no spinner that waits
    // for a connection; decision 280 does the same for the alerts list).
    networkMode: 'always',
  });

/** PUT /api/favourites: the parts given; the answer is the whole, as the server now keeps it. */
export async function saveFavourites(input: FavouritesInput): Promise<Favourites> {
  return callApi(favouritesRoutes.save, { body: input, action: 'save your favourites', prefer: 'error' });
}
