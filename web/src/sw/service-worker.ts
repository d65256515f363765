/// <reference lib="webworker" />
/**
 * The app's service worker (docs/product/offline.md; decision 204): the app shell is precached so the app opens with
 * no signal; the screens a traveller opened (results, returns, hub trips, summaries) are kept per session, sealed
 * with keys only that session's token gives (decision 245), and served, marked with the time they were saved, only
 * when the network fails. Nothing else of /api is touched. Web
 * pushes show as notifications that open the alert's results.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { notificationFor, openFromNotification } from './push-notifications';
import {
  type Drawer,
  SAVED_SCREENS_PREFIX,
  bearerToken,
  guestDrawer,
  isKeptScreen,
  isLegacyDrawer,
  keepAnswer,
  sessionDrawer,
} from './saved-screens';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Client-side routes open the precached shell; the server's own pages (API, metrics, the demo billing pages) do not.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/metrics/, /^\/billing\/demo-/] }));

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (!isKeptScreen(event.request.method, url, self.location.origin)) return;
  const authorization = event.request.headers.get('authorization');
  if (!authorization) {
    event.respondWith(networkThenSaved(event, guestDrawer));
    return;
  }
  const token = bearerToken(authorization);
  if (!token) return;
  event.respondWith(drawerOf(token).then((drawer) => (drawer ? networkThenSaved(event, drawer) : fetch(event.request))));
});

/** Drawers of the last few tokens seen: their keys are derived once, not on every request. */
const drawers = new Map<string, Promise<Drawer | null>>();
function drawerOf(token: string): Promise<Drawer | null> {
  let drawer = drawers.get(token);
  if (!drawer) {
    drawer = sessionDrawer(token).catch(() => null);
    drawers.set(token, drawer);
    for (const old of [...drawers.keys()].slice(0, Math.max(0, drawers.size - 4))) drawers.delete(old);
  }
  return drawer;
}

/**
 * How many times the page has told this worker to forget every saved screen (a logout, a session ended). An answer
 * whose request began before the latest of them is not kept: a search still streaming at logout would otherwise end
 * after the page had emptied the drawers and put the ended session's drawer back (seen in the offline browser test).
 */
let clearings = 0;

/**
 * The network's answer, kept when it is a success; the kept copy only when the network cannot be reached, and only
 * to the session that kept it (decision 245): another token opens another drawer, and an expired token's drawer is
 * deleted rather than served.
 */
async function networkThenSaved(event: FetchEvent, drawer: Drawer): Promise<Response> {
  const { request } = event;
  const clearingsAtStart = clearings;
  let response: Response;
  try {
    response = await fetch(request);
  } catch (networkError) {
    const saved = await readSaved(drawer, request.url);
    if (saved) return saved;
    throw networkError;
  }
  if (response.ok) event.waitUntil(keepUnlessCleared(drawer, request.url, response.clone(), clearingsAtStart));
  return response;
}

async function keepUnlessCleared(drawer: Drawer, url: string, response: Response, clearingsAtStart: number): Promise<void> {
  if (clearings !== clearingsAtStart) return;
  await keepAnswer(caches, drawer, url, response, new Date());
  // Cleared while the answer was still coming in: the drawer goes again.
  if (clearings !== clearingsAtStart) await caches.delete(drawer.name);
}

async function readSaved(drawer: Drawer, url: string): Promise<Response | null> {
  if (!drawer.liveAt(Date.now())) {
    await caches.delete(drawer.name);
    return null;
  }
  const stored = await (await caches.open(drawer.name)).match(await drawer.address(url), { ignoreVary: true });
  return stored ? drawer.unseal(url, stored) : null;
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === 'skip-waiting') void self.skipWaiting();
  if (data?.type === 'clear-saved-screens') {
    clearings += 1;
    event.waitUntil(clearSavedScreens());
  }
});

async function clearSavedScreens(): Promise<void> {
  for (const name of await caches.keys()) if (name.startsWith(SAVED_SCREENS_PREFIX)) await caches.delete(name);
}

// Web push (docs/product/alerts.md#web-push; decision 213): every push shows a notification; a click opens the results.
self.addEventListener('push', (event) => {
  const { title, options } = notificationFor(event.data?.text() ?? null, self.location.origin);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const url = typeof data?.url === 'string' ? data.url : new URL('/notifications', self.location.origin).href;
  event.waitUntil(openFromNotification(self.clients, url, self.location.origin));
});

// Drawers of the old shape (named after the user's id, answers in the clear) go when this version takes over.
self.addEventListener('activate', (event) => event.waitUntil(Promise.all([self.clients.claim(), dropLegacyDrawers()])));

async function dropLegacyDrawers(): Promise<void> {
  for (const name of await caches.keys()) if (isLegacyDrawer(name)) await caches.delete(name);
}
