import { SAVED_SCREENS_PREFIX, SESSION_SCREENS_PREFIX, sessionDrawerName } from '@/sw/saved-screens';
import { linkSearchSettled } from '../link-search-settled';
import { noteUpdateReady } from './offline-state';

let applyUpdate: (() => void) | null = null;

/**
 * Registers the app's service worker once the page has loaded and a results link's search has ended (decision 329;
 * production builds only: the dev server has none), and notes when a new version waits, so the page can ask before
 * reloading into it (decision 204). Written on the browser's own API: a new version is one that finished installing
 * while an older one controls the page.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  const offer = (waiting: ServiceWorker) => {
    applyUpdate = () => {
      container.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      waiting.postMessage({ type: 'skip-waiting' });
    };
    noteUpdateReady();
  };
  // The boot script starts the app (decision 331), so the page may have loaded before the app runs.
  whenLoaded(() => {
    // On a link's first visit, installing fetches the whole shell: not while the link's search is answering.
    void linkSearchSettled()
      .then(() => container.register('/service-worker.js'))
      .then((registration) => {
        // A version installed earlier (another tab held the old one) is already waiting.
        if (registration.waiting && container.controller) offer(registration.waiting);
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            if (installing.state === 'installed' && container.controller) offer(installing);
          });
        });
      })
      .catch(() => {
        /* No service worker (private mode, an old browser): the app works online as before. */
      });
  });
}

/** Runs `then` once the page has loaded: now, if it already has. */
function whenLoaded(then: () => void): void {
  if (document.readyState === 'complete') then();
  else window.addEventListener('load', then, { once: true });
}

/** Takes the waiting version: the page reloads into it. */
export function reloadIntoUpdate(): void {
  if (applyUpdate) applyUpdate();
  else window.location.reload();
}

/** Forgets every saved screen on this device (at logout, and when a session ends): the next user sees none of them. */
export function clearSavedScreens(): void {
  void clearSavedScreensNow();
}

function clearSavedScreensNow(): Promise<void> {
  if (typeof caches === 'undefined') return Promise.resolve();
  navigator.serviceWorker?.controller?.postMessage({ type: 'clear-saved-screens' });
  return caches
    .keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith(SAVED_SCREENS_PREFIX)).map((n) => caches.delete(n))))
    .then(() => undefined)
    .catch(() => {
      /* Storage unavailable: nothing was saved either. */
    });
}

/**
 * Keeps the screens of this session alone (at sign-in and each start with a live session; decision 245): whatever an
 * earlier session kept, which this page did not see end, is deleted. With no session at all, every session's screens
 * go, and this browser's push subscription (only a session can have made it).
 */
async function keepOnlySessionScreens(token: string | null): Promise<void> {
  if (!token) await stopPushNow();
  if (typeof caches === 'undefined') return;
  try {
    const mine = token ? await sessionDrawerName(token) : null;
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith(SESSION_SCREENS_PREFIX) && n !== mine).map((n) => caches.delete(n)));
  } catch {
    /* Storage or crypto unavailable: nothing was saved either. */
  }
}

/**
 * Turns web push off on this device when a session ends (docs/product/alerts.md#web-push; decision 246): the next
 * person on it gets none of this user's alerts. The server has already forgotten the subscription of an ended
 * session; after a logout it is also told directly, and the push service answers 410 for this browser from now on.
 */
function stopPushNow(): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return Promise.resolve();
  return navigator.serviceWorker
    .getRegistration()
    .then((registration) => registration?.pushManager?.getSubscription())
    .then((subscription) => subscription?.unsubscribe())
    .then(() => undefined)
    .catch(() => {
      /* No worker or no push here: nothing to turn off. */
    });
}

/** What this device keeps for a session, and what a session's end clears (the auth store calls these). */
export interface SessionDevice {
  /** A session ended (any way): its saved screens and this browser's push subscription go. */
  forget(): Promise<void>;
  /** A session is live with this token: only its saved screens stay (none, and no push, with no session). */
  keepOnly(token: string | null): Promise<void>;
}

export const browserSessionDevice: SessionDevice = {
  forget: async () => {
    await Promise.all([clearSavedScreensNow(), stopPushNow()]);
  },
  keepOnly: keepOnlySessionScreens,
};
