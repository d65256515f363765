/**
 * A results link's search, as the boot script started it, for the service worker to wait on (decision 329). On a
 * link's first visit the worker installs by fetching the app's whole shell (over a hundred files): from the server
 * the search is waiting on, and on the browser's cores that draw its answer. It now waits until that search has
 * ended, or `MAX_WAIT_MS`, whichever is first.
 *
 * Shared through the window, as the early calls are (lib/early-fetch.ts): the boot script and the app each bundle
 * this module. It imports nothing, so the inline boot script stays small.
 */
const KEY = '__gowildLinkSearchSettled';

/** The longest the service worker waits for a link's search: a slow airline must not keep the app from working offline. */
export const MAX_WAIT_MS = 15_000;

type Slot = Record<typeof KEY, Promise<void> | undefined>;

/**
 * Follows the boot script's search `answer` to its end, through a copy of its body taken in the turn it arrives (the
 * app reads the original). Settles, never rejects, when the stream ends, fails or is cut.
 */
export function noteLinkSearch(answer: Promise<Response>): void {
  (globalThis as unknown as Slot)[KEY] = answer
    .then(async (response) => {
      const reader = response.clone().body?.getReader();
      if (!reader) return;
      while (!(await reader.read()).done) {
        /* Only its end matters. */
      }
    })
    .catch(() => undefined);
}

/** Resolves when the page's link search has ended, or after `maxWaitMs`; at once on a page that started none. */
export function linkSearchSettled(maxWaitMs = MAX_WAIT_MS): Promise<void> {
  const settled = (globalThis as unknown as Slot)[KEY];
  if (!settled) return Promise.resolve();
  return Promise.race([settled, new Promise<void>((resolve) => setTimeout(resolve, maxWaitMs))]);
}
