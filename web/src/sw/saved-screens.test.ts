import { describe, expect, it } from 'vitest';
import {
  GUEST_SCREENS,
  SESSION_SCREENS_PREFIX,
  bearerToken,
  isKeptScreen,
  isLegacyDrawer,
  sessionDrawer,
  sessionDrawerName,
  tokenExpiry,
} from './saved-screens';

const b64url = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (payload: object, signature = 'sig-of-the-server') => `${b64url({ alg: 'HS256' })}.${b64url(payload)}.${signature}`;
const origin = 'https://gowild.example';
const url = (path: string) => new URL(path, origin);
const HOUR = 3_600_000;
const live = jwt({ sub: 'user-1', sid: 's-1', exp: Math.floor(Date.now() / 1000) + 3600 });
const answerUrl = `${origin}/api/flights/search/stream?origin=DEN&date=2026-12-01`;
const answer = () =>
  new Response('{"origin":"DEN","destinations":["MCO"]}\n', {
    status: 200,
    headers: { 'content-type': 'application/x-ndjson', 'x-gowild-saved-at': '2026-11-27T10:00:00.000Z' },
  });

describe('the screens kept for offline use', () => {
  it('keeps results, returns, hub trips, summaries, the alerts list and the favourites; never auth, account or state-changing calls', () => {
    for (const path of [
      '/api/flights/search/stream?origin=DEN',
      '/api/flights/single?origin=LAS',
      '/api/flights/hub',
      '/api/trips/summary?x=1',
      '/api/notifications?include_completed=false',
      '/api/favourites',
    ])
      expect(isKeptScreen('GET', url(path), origin), path).toBe(true);
    for (const path of [
      '/api/auth/login',
      '/api/auth/verify-token',
      '/api/notifications/deliveries',
      '/api/stripe/subscription',
      '/index.html',
    ])
      expect(isKeptScreen('GET', url(path), origin), path).toBe(false);
    expect(isKeptScreen('POST', url('/api/flights/search'), origin)).toBe(false);
    expect(isKeptScreen('POST', url('/api/notifications'), origin)).toBe(false);
    expect(isKeptScreen('PUT', url('/api/favourites'), origin)).toBe(false);
    expect(isKeptScreen('GET', new URL('/api/flights/search', 'https://elsewhere.example'), origin)).toBe(false);
  });

  it('reads the bearer token and its expiry; anything else is no token', () => {
    expect(bearerToken(`Bearer ${live}`)).toBe(live);
    expect(bearerToken(null)).toBeNull();
    expect(bearerToken('Basic abc')).toBeNull();
    expect(tokenExpiry(jwt({ exp: 1_900_000_000 }))).toBe(1_900_000_000_000);
    expect(tokenExpiry('not-a-jwt')).toBeNull();
    expect(tokenExpiry(jwt({ sub: 'no-exp' }))).toBeNull();
    expect(tokenExpiry('a.!!!.c')).toBeNull();
  });
});

describe("a session's drawer (decision 245)", () => {
  it('is named after the token, never the user: two sessions of one user have two drawers', async () => {
    const other = jwt({ sub: 'user-1', sid: 's-2', exp: Math.floor(Date.now() / 1000) + 3600 });
    const [a, b] = await Promise.all([sessionDrawerName(live), sessionDrawerName(other)]);
    expect(a.startsWith(SESSION_SCREENS_PREFIX)).toBe(true);
    expect(a).not.toBe(b);
    expect(a).not.toContain('user-1');
    expect(await sessionDrawerName(live)).toBe(a);
  });

  it('stores an answer sealed: neither its body nor its address shows what was asked, and its own token opens it whole', async () => {
    const drawer = (await sessionDrawer(live))!;
    const address = await drawer.address(answerUrl);
    expect(address.startsWith(`${origin}/__gowild-saved-screen/`)).toBe(true);
    expect(address).not.toContain('DEN');
    const stored = await drawer.seal(answerUrl, answer());
    const bytes = new Uint8Array(await stored.clone().arrayBuffer());
    expect(new TextDecoder().decode(bytes)).not.toContain('DEN');
    const opened = (await drawer.unseal(answerUrl, stored))!;
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('application/x-ndjson');
    expect(opened.headers.get('x-gowild-saved-at')).toBe('2026-11-27T10:00:00.000Z');
    expect(await opened.text()).toBe('{"origin":"DEN","destinations":["MCO"]}\n');
  });

  it('a made-up token with the same user id, or the same session id, finds another drawer and opens nothing', async () => {
    const drawer = (await sessionDrawer(live))!;
    const stored = await drawer.seal(answerUrl, answer());
    for (const forged of [
      jwt({ sub: 'user-1', sid: 's-1', exp: Math.floor(Date.now() / 1000) + 3600 }, 'guessed'),
      jwt({ sub: 'user-1', exp: 4_102_444_800 }),
    ]) {
      const theirs = (await sessionDrawer(forged))!;
      expect(theirs.name).not.toBe(drawer.name);
      expect(await theirs.address(answerUrl)).not.toBe(await drawer.address(answerUrl));
      expect(await theirs.unseal(answerUrl, stored.clone())).toBeNull();
    }
    // Bound to its address too: an answer moved under another URL does not open.
    expect(await drawer.unseal(`${answerUrl}&x=1`, stored.clone())).toBeNull();
  });

  it('is served only until the token expires; a token of no known shape keeps nothing', async () => {
    const drawer = (await sessionDrawer(live))!;
    expect(drawer.liveAt(Date.now())).toBe(true);
    expect(drawer.liveAt(Date.now() + 2 * HOUR)).toBe(false);
    expect(await sessionDrawer('not-a-jwt')).toBeNull();
  });

  it('drawers of the old shape (named after a user id) are told apart from guests and sessions', () => {
    expect(isLegacyDrawer('gowild-screens-3f2a9c1e-0000-4000-8000-000000000001')).toBe(true);
    expect(isLegacyDrawer(GUEST_SCREENS)).toBe(false);
    expect(isLegacyDrawer(`${SESSION_SCREENS_PREFIX}abc`)).toBe(false);
    expect(isLegacyDrawer('workbox-precache-v2')).toBe(false);
  });
});
