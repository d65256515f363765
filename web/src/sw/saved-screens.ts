/**
 * Which answers the service worker keeps for the gate, and under whose name (docs/product/offline.md; decision 204).
 * Shared by the service worker and the page (which clears them at logout), so it imports nothing from either side.
 */

/** Every kept answer lives in a cache whose name starts with this, then the signed-in user's id (or 'guest'). */
export const SAVED_SCREENS_PREFIX = 'gowild-screens-';
/** The header a kept answer carries: when it was saved (ISO 8601). The page shows it when it is served offline. */
export const SAVED_AT_HEADER = 'x-gowild-saved-at';
/** How many answers one user's cache keeps (oldest out first). */
export const SAVED_SCREENS_PER_USER = 30;

/**
 * The screens a traveller opens and wants again at the gate: the results of a search (outbound, inbound, streamed
 * or not), one route's flights (returns use it), hub trips and the trip summary. Never an authentication call, an
 * account's data or anything that changes state.
 */
const KEPT_PATHS = new Set([
  '/api/flights/search',
  '/api/flights/search/stream',
  '/api/flights/inbound',
  '/api/flights/inbound/stream',
  '/api/flights/single',
  '/api/flights/hub',
  '/api/trips/summary',
]);

export function isKeptScreen(method: string, url: URL, origin: string): boolean {
  return method === 'GET' && url.origin === origin && KEPT_PATHS.has(url.pathname);
}

/**
 * The cache of the user a request is made for: the `sub` of its bearer token (a JWT; the server verifies it, this
 * only names a drawer), else 'guest'. A token that cannot be read names no drawer at all: nothing is kept.
 */
export function savedScreensCacheFor(authorization: string | null): string | null {
  if (!authorization) return `${SAVED_SCREENS_PREFIX}guest`;
  const token = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof json.sub === 'string' && /^[\w-]{1,100}$/.test(json.sub) ? `${SAVED_SCREENS_PREFIX}${json.sub}` : null;
  } catch {
    return null;
  }
}
