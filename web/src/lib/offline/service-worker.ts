import { SAVED_SCREENS_PREFIX } from '@/sw/saved-screens';
import { noteUpdateReady } from './offline-state';

let applyUpdate: (() => void) | null = null;

/**
 * Registers the app's service worker once the page has loaded (production builds only: the dev server has none),
 * and notes when a new version waits, so the page can ask before reloading into it (decision 204). Written on the
 * browser's own API: a new version is one that finished installing while an older one controls the page.
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
  window.addEventListener('load', () => {
    container
      .register('/service-worker.js')
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

/** Takes the waiting version: the page reloads into it. */
export function reloadIntoUpdate(): void {
  if (applyUpdate) applyUpdate();
  else window.location.reload();
}

/** Forgets every saved screen on this device (at logout, and when a session ends): the next user sees none of them. */
export function clearSavedScreens(): void {
  if (typeof caches === 'undefined') return;
  navigator.serviceWorker?.controller?.postMessage({ type: 'clear-saved-screens' });
  void caches
    .keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith(SAVED_SCREENS_PREFIX)).map((n) => caches.delete(n))))
    .catch(() => {
      /* Storage unavailable: nothing was saved either. */
    });
}

/**
 * Turns web push off on this device at logout (docs/product/alerts.md#web-push): the next person on it gets none of
 * this user's alerts. The push service then answers the server 410 for this browser, and the server forgets it.
 */
export function stopPushOnThisDevice(): void {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return;
  void navigator.serviceWorker
    .getRegistration()
    .then((registration) => registration?.pushManager?.getSubscription())
    .then((subscription) => subscription?.unsubscribe())
    .catch(() => {
      /* No worker or no push here: nothing to turn off. */
    });
}
