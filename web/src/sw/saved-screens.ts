/**
 * Which answers the service worker keeps for the gate, and how a session's are locked to that session
 * (docs/product/offline.md; decisions 204 and 245). Shared by the service worker and the page (which clears them when
 * a session ends), so it imports nothing from either side.
 */

/** Every kept answer lives in a cache whose name starts with this. */
export const SAVED_SCREENS_PREFIX = 'gowild-screens-';
/** The one drawer of visitors who are not signed in: their answers hold nothing of a person. */
export const GUEST_SCREENS = `${SAVED_SCREENS_PREFIX}guest`;
/** A signed-in session's drawer: this, then a name derived from the session's token (never the user's id). */
export const SESSION_SCREENS_PREFIX = `${SAVED_SCREENS_PREFIX}s-`;
/** The header a kept answer carries: when it was saved (ISO 8601). The page shows it when it is served offline. */
export const SAVED_AT_HEADER = 'x-gowild-saved-at';
/** How many answers one drawer keeps (oldest out first). */
export const SAVED_SCREENS_PER_USER = 30;

/**
 * The screens a traveller opens and wants again at the gate: the results of a search (outbound, inbound, streamed
 * or not), one route's flights (returns use it), hub trips, the trip summary, and the list of one's alerts (shown
 * read-only offline, decision 280; a session's answers are sealed to it, decision 245), and one's favourites (the
 * pickers and lists start from them offline too, decision 283). Never an authentication
 * call, the profile, billing, admin or anything that changes state.
 */
const KEPT_PATHS = new Set([
  '/api/flights/search',
  '/api/flights/search/stream',
  '/api/flights/inbound',
  '/api/flights/inbound/stream',
  '/api/flights/single',
  '/api/flights/hub',
  '/api/trips/summary',
  '/api/notifications',
  '/api/favourites',
]);

export function isKeptScreen(method: string, url: URL, origin: string): boolean {
  return method === 'GET' && url.origin === origin && KEPT_PATHS.has(url.pathname);
}

/** The token of a `Bearer` header, or null. */
export function bearerToken(authorization: string | null): string | null {
  return (authorization && /^Bearer\s+(\S+)$/i.exec(authorization)?.[1]) || null;
}

/**
 * When a session token says it expires (its `exp`, in ms), or null when it is not a token of ours in shape (three
 * parts, a JSON middle with a numeric `exp`). Read, not verified: only the server can verify a token, and this is
 * used only to stop serving what an expired session kept.
 */
export function tokenExpiry(token: string): number | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const json = JSON.parse(atob(parts[1].replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' && Number.isFinite(json.exp) ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * Where one answer is kept and how it is stored: in the clear for guests; for a session, under a name, an address
 * and a key that only the session's token gives.
 */
export interface Drawer {
  name: string;
  /** The cache key an answer of `url` is stored under. */
  address(url: string): Promise<string>;
  /** What is stored for an answer (the whole body read). */
  seal(url: string, response: Response): Promise<Response>;
  /** The answer back from what was stored; null when it cannot be opened (another session's, or damaged). */
  unseal(url: string, stored: Response): Promise<Response | null>;
  /** Whether kept answers may still be served at `now` (ms): false once the session's token has expired. */
  liveAt(now: number): boolean;
}

export const guestDrawer: Drawer = {
  name: GUEST_SCREENS,
  address: async (url) => url,
  seal: async (_url, response) => response,
  unseal: async (_url, stored) => stored,
  liveAt: () => true,
};

const utf8 = (s: string) => new TextEncoder().encode(s);
const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
/** Where a session's answers are addressed: a path of this origin no request ever asks for. */
const SEALED_PATH = '/__gowild-saved-screen/';
const IV_BYTES = 12;

/**
 * The keys of one session's drawer, derived from its token with HKDF (SHA-256): the token is the one thing only the
 * live session holds (its signature is the server's HMAC), so a made-up token with the user's id derives other keys
 * and finds nothing. Three keys for three uses: the drawer's name, the answers' addresses (an HMAC of the URL, so
 * what was searched is not readable in the cache) and the answers' encryption (AES-GCM, the URL as associated data).
 */
async function sessionKeys(token: string) {
  const ikm = await crypto.subtle.importKey('raw', utf8(token), 'HKDF', false, ['deriveBits', 'deriveKey']);
  const params = (info: string): HkdfParams => ({
    name: 'HKDF',
    hash: 'SHA-256',
    salt: utf8('gowild-finder saved screens'),
    info: utf8(info),
  });
  const [name, mac, aes] = await Promise.all([
    crypto.subtle.deriveBits(params('drawer name'), ikm, 128),
    crypto.subtle.deriveKey(params('answer address'), ikm, { name: 'HMAC', hash: 'SHA-256', length: 256 }, false, ['sign']),
    crypto.subtle.deriveKey(params('answer key'), ikm, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']),
  ]);
  return { name: `${SESSION_SCREENS_PREFIX}${hex(name)}`, mac, aes };
}

/** The name of a session's drawer (the page keeps it and deletes every other session's). */
export async function sessionDrawerName(token: string): Promise<string> {
  return (await sessionKeys(token)).name;
}

interface Envelope {
  status: number;
  statusText: string;
  headers: [string, string][];
}

/**
 * A session's drawer, or null for a token that is not one of ours in shape (nothing is kept for it). What is stored
 * is `iv ‖ AES-GCM(4-byte length ‖ the answer's status and headers as JSON ‖ its body)`, under an address that is an
 * HMAC of the URL: without the token nobody at the browser reads what was kept, or what was searched.
 */
export async function sessionDrawer(token: string): Promise<Drawer | null> {
  const expiresAt = tokenExpiry(token);
  if (expiresAt === null) return null;
  const { name, mac, aes } = await sessionKeys(token);
  return {
    name,
    async address(url) {
      return `${new URL(url).origin}${SEALED_PATH}${hex(await crypto.subtle.sign('HMAC', mac, utf8(url)))}`;
    },
    async seal(url, response) {
      const envelope: Envelope = { status: response.status, statusText: response.statusText, headers: [...response.headers] };
      const head = utf8(JSON.stringify(envelope));
      const body = new Uint8Array(await response.arrayBuffer());
      const plain = new Uint8Array(4 + head.length + body.length);
      new DataView(plain.buffer).setUint32(0, head.length);
      plain.set(head, 4);
      plain.set(body, 4 + head.length);
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: utf8(url) }, aes, plain));
      const stored = new Uint8Array(IV_BYTES + sealed.length);
      stored.set(iv);
      stored.set(sealed, IV_BYTES);
      return new Response(stored, { headers: { 'content-type': 'application/octet-stream' } });
    },
    async unseal(url, stored) {
      try {
        const bytes = new Uint8Array(await stored.arrayBuffer());
        const iv = bytes.subarray(0, IV_BYTES);
        const plain = new Uint8Array(
          await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: utf8(url) }, aes, bytes.subarray(IV_BYTES)),
        );
        const headLength = new DataView(plain.buffer).getUint32(0);
        const envelope = JSON.parse(new TextDecoder().decode(plain.subarray(4, 4 + headLength))) as Envelope;
        return new Response(plain.subarray(4 + headLength), envelope);
      } catch {
        return null;
      }
    },
    liveAt: (now) => now < expiresAt,
  };
}

/**
 * Keeps one answer in a drawer, stamped with the time it was saved, oldest out past the drawer's limit. The service
 * worker keeps what passes through it; the page keeps what it read before any worker controlled it (the first visit,
 * decision 280), so both write the same way.
 */
export async function keepAnswer(storage: CacheStorage, drawer: Drawer, url: string, response: Response, now: Date): Promise<void> {
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT_HEADER, now.toISOString());
  // Reading the body to its end: a streamed search is kept whole, once it has finished.
  const body = await response.arrayBuffer();
  const sealed = await drawer.seal(url, new Response(body, { status: response.status, statusText: response.statusText, headers }));
  const cache = await storage.open(drawer.name);
  // The key is an address alone: the token is never stored, and a session's address says nothing of what was asked.
  await cache.put(new Request(await drawer.address(url), { method: 'GET' }), sealed);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - SAVED_SCREENS_PER_USER))) await cache.delete(old);
}

/** A drawer of the old shape (named after the user's id, answers in the clear): deleted when the worker updates. */
export function isLegacyDrawer(name: string): boolean {
  return name.startsWith(SAVED_SCREENS_PREFIX) && name !== GUEST_SCREENS && !name.startsWith(SESSION_SCREENS_PREFIX);
}
