import { guestDrawer, isKeptScreen, keepAnswer, sessionDrawer } from '@/sw/saved-screens';

interface KeepDeps {
  /** Whether a service worker controls this page (it keeps answers itself then). */
  controlled: boolean;
  storage: CacheStorage | undefined;
  token: string | null;
  now: () => Date;
}

/**
 * The first visit's answers (docs/product/offline.md#the-first-visit; decision 280): the service worker registers
 * once the page has loaded and controls the page only from then on, so the first search of an install goes around
 * it and would not be kept. The page keeps such an answer itself, in the same sealed drawer the worker would use,
 * so that search opens offline too. Returns the promise of the write (tests wait for it), or null when there is
 * nothing to do.
 */
export function keepUncontrolledAnswer(method: string, response: Response, deps: KeepDeps): Promise<void> | null {
  if (deps.controlled || !deps.storage || !response.ok || !response.url) return null;
  if (!isKeptScreen(method, new URL(response.url), window.location.origin)) return null;
  const storage = deps.storage;
  const copy = response.clone();
  const drawer = deps.token ? sessionDrawer(deps.token) : Promise.resolve(guestDrawer);
  return drawer
    .then((d) => (d ? keepAnswer(storage, d, response.url, copy, deps.now()) : undefined))
    .catch(() => {
      /* Storage or crypto unavailable: the screen is simply not kept, as without a worker. */
    });
}
