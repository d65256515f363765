import { FAVOURITES_MESSAGES, type Favourites, type FavouritesInput, type RememberedFilters } from '@gowild/contract/favourites';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { showToast } from '@/components/ui/toast/toast-store';
import { useAuth } from '@/lib/auth/auth-context';
import { favouritesKey, favouritesQueryOptions, saveFavourites } from './favourites-api';

/** What the pickers, the flight lists and the profile read and change (docs/product/favourites.md). */
export interface FavouritesControl {
  /** The traveller's favourites; null for a visitor, and until (or unless) the first read answers. */
  favourites: Favourites | null;
  /** 'unavailable': the read failed (offline with no kept copy): pickers and lists behave as for a visitor. */
  status: 'loading' | 'ready' | 'unavailable';
  /** Stars or unstars an airport or city (a picker card's value). */
  toggleFavourite(value: string): void;
  /** Saves the home airports; resolves to the favourites as saved, rejects with the server's message. */
  saveHomeAirports(codes: string[]): Promise<Favourites>;
  /** The filters flight lists start with from now on (null forgets them); saved a moment after the last change. */
  rememberFilters(filters: RememberedFilters | null): void;
}

/** Exported for tests, which give a list or a picker favourites without a session. */
export const FavouritesContext = createContext<FavouritesControl | null>(null);

/** How long after the last filter change the filters are saved: a slider's drag is one save, not twenty. */
export const REMEMBER_FILTERS_AFTER_MS = 600;

/**
 * Reads the signed-in traveller's favourites once per account and page load (offline: the copy the service worker
 * kept, else none; nothing waits on it) and saves changes at once, shown before the server answers and put back if
 * it refuses. Visitors get no favourites: every picker and list behaves as it always has.
 */
export function FavouritesProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const client = useQueryClient();
  const query = useQuery({ ...favouritesQueryOptions(userId ?? ''), enabled: userId !== null });
  const favourites = userId !== null ? (query.data ?? null) : null;
  const filterTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (filterTimer.current && clearTimeout(filterTimer.current)), []);

  const save = useCallback(
    async (input: FavouritesInput, optimistic: (f: Favourites) => Favourites): Promise<Favourites> => {
      if (userId === null) throw new Error(FAVOURITES_MESSAGES.loginRequired);
      const key = favouritesKey(userId);
      const before = client.getQueryData<Favourites>(key);
      if (before) client.setQueryData(key, optimistic(before));
      try {
        const saved = await saveFavourites(input);
        client.setQueryData(key, saved);
        return saved;
      } catch (error) {
        if (before) client.setQueryData(key, before);
        throw error;
      }
    },
    [client, userId],
  );
  const failed = useCallback((error: unknown) => {
    showToast({ type: 'error', title: FAVOURITES_MESSAGES.saveFailed, message: error instanceof Error ? error.message : undefined });
  }, []);

  const value = useMemo<FavouritesControl | null>(() => {
    if (userId === null) return null;
    return {
      favourites,
      status: favourites ? 'ready' : query.isError ? 'unavailable' : 'loading',
      toggleFavourite(place) {
        const current = client.getQueryData<Favourites>(favouritesKey(userId))?.favourite_airports ?? [];
        const next = current.includes(place) ? current.filter((p) => p !== place) : [...current, place];
        save({ favourite_airports: next }, (f) => ({ ...f, favourite_airports: next })).catch(failed);
      },
      saveHomeAirports: (codes) => save({ home_airports: codes }, (f) => ({ ...f, home_airports: codes })),
      rememberFilters(filters) {
        // Shown at once (the next list starts with them), saved when the traveller stops moving the controls.
        client.setQueryData<Favourites>(favouritesKey(userId), (f) => (f ? { ...f, filters } : f));
        if (filterTimer.current) clearTimeout(filterTimer.current);
        filterTimer.current = setTimeout(() => {
          filterTimer.current = null;
          saveFavourites({ filters })
            .then((saved) => client.setQueryData(favouritesKey(userId), saved))
            .catch(() => {
              /* Offline or refused: this page keeps them; the next visit reads what the server kept. */
            });
        }, REMEMBER_FILTERS_AFTER_MS);
      },
    };
  }, [client, failed, favourites, query.isError, save, userId]);

  return <FavouritesContext.Provider value={value}>{children}</FavouritesContext.Provider>;
}

/** The traveller's favourites and how to change them; null outside a signed-in session (and in isolated tests). */
export function useFavourites(): FavouritesControl | null {
  return useContext(FavouritesContext);
}
