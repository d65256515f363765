/// <reference lib="webworker" />
/**
 * The app's service worker (docs/product/offline.md; decision 204): the app shell is precached so the app opens with
 * no signal; the screens a traveller opened (results, returns, hub trips, summaries) are kept per signed-in user and
 * served, marked with the time they were saved, only when the network fails. Nothing else of /api is touched. Web
 * pushes show as notifications that open the alert's results.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { notificationFor, openFromNotification } from './push-notifications';
import { SAVED_AT_HEADER, SAVED_SCREENS_PER_USER, SAVED_SCREENS_PREFIX, isKeptScreen, savedScreensCacheFor } from './saved-screens';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Client-side routes open the precached shell; the server's own pages (API, metrics, the demo billing pages) do not.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/metrics/, /^\/billing\/demo-/] }));

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (!isKeptScreen(event.request.method, url, self.location.origin)) return;
  const cacheName = savedScreensCacheFor(event.request.headers.get('authorization'));
  if (!cacheName) return;
  event.respondWith(networkThenSaved(event, cacheName));
});

/** The network's answer, kept when it is a success; the kept copy only when the network cannot be reached. */
async function networkThenSaved(event: FetchEvent, cacheName: string): Promise<Response> {
  const { request } = event;
  let response: Response;
  try {
    response = await fetch(request);
  } catch (networkError) {
    const saved = await (await caches.open(cacheName)).match(request, { ignoreVary: true });
    if (saved) return saved;
    throw networkError;
  }
  if (response.ok) event.waitUntil(keep(cacheName, request, response.clone()));
  return response;
}

async function keep(cacheName: string, request: Request, response: Response): Promise<void> {
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT_HEADER, new Date().toISOString());
  // Reading the body to its end: a streamed search is kept whole, once it has finished.
  const body = await response.arrayBuffer();
  const cache = await caches.open(cacheName);
  await cache.put(stripAuthorization(request), new Response(body, { status: response.status, statusText: response.statusText, headers }));
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - SAVED_SCREENS_PER_USER))) await cache.delete(old);
}

/** The cache key is the URL alone: the token must not be stored, and the drawer already says whose answer it is. */
const stripAuthorization = (request: Request) => new Request(request.url, { method: 'GET' });

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === 'skip-waiting') void self.skipWaiting();
  if (data?.type === 'clear-saved-screens') event.waitUntil(clearSavedScreens());
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

self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
