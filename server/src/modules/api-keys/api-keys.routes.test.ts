import { Writable } from 'node:stream';
import { API_KEY_MESSAGES } from '@gowild/contract/api-keys';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { manualClock } from '../../lib/clock';
import { type SignedIn, buildAccountsTestApp, signInAs } from '../../test/factories';
import { hashApiKey } from './api-keys.service';

/** docs/product/public-api.md: personal keys made, listed and revoked with a session; a key on the keyed routes only. */
let app: FastifyInstance;
let deps: AppDeps;
let free: SignedIn;
let premium: SignedIn;
let admin: SignedIn;
const logLines: string[] = [];
const clock = manualClock(new Date('2026-07-15T16:00:00Z'));
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  ({ app, deps } = await buildAccountsTestApp({
    deps: { clock },
    env: { LOG_LEVEL: 'info', API_KEY_CALLS_PER_DAY_FREE: '5', API_KEY_CALLS_PER_DAY_PREMIUM: '8' },
    logStream,
  }));
  free = await signInAs(app, deps, 'free');
  premium = await signInAs(app, deps, 'premium');
  admin = await signInAs(app, deps, 'admin');
}, 120_000);
afterAll(async () => {
  await app.close();
});

async function createKey(who: SignedIn, name = 'My sheet'): Promise<{ key: string; id: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/account/api-keys', headers: who.headers, payload: { name } });
  expect(res.statusCode).toBe(201);
  const body = res.json() as { key: string; api_key: { id: string } };
  return { key: body.key, id: body.api_key.id };
}
const withKey = (url: string, key: string, how: 'bearer' | 'x-api-key' = 'x-api-key', method: 'GET' | 'POST' = 'GET') =>
  app.inject({ method, url, headers: how === 'bearer' ? { authorization: `Bearer ${key}` } : { 'x-api-key': key } });
const today = '2026-07-15';

describe('/api/account/api-keys', () => {
  it('makes a key shown once, keeps only its SHA-256, lists it without the key and revokes it', async () => {
    const { key, id } = await createKey(free);
    expect(key).toMatch(/^gwk_[A-Za-z0-9_-]{43}$/);
    const [row] = await deps.database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row!.keyHash).toBe(hashApiKey(key));
    expect(JSON.stringify(row)).not.toContain(key.slice(4));

    const list = await app.inject({ method: 'GET', url: '/api/account/api-keys', headers: free.headers });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(key);
    expect(list.json().keys).toEqual([
      expect.objectContaining({ id, name: 'My sheet', prefix: key.slice(0, 10), last_used_at: null, calls_today: 0, daily_limit: 5 }),
    ]);

    expect((await withKey(`/api/airports`, key)).statusCode).toBe(200);
    const after = (await app.inject({ method: 'GET', url: '/api/account/api-keys', headers: free.headers })).json();
    expect(after.keys[0]).toMatchObject({ calls_today: 1, last_used_at: clock.now().toISOString() });

    const revoked = await app.inject({ method: 'DELETE', url: `/api/account/api-keys/${id}`, headers: free.headers });
    expect(revoked.statusCode).toBe(200);
    const refused = await withKey('/api/airports', key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe(API_KEY_MESSAGES.keyInvalid);
    expect((await app.inject({ method: 'GET', url: '/api/account/api-keys', headers: free.headers })).json().keys).toEqual([]);
  });

  it("refuses visitors, a bad name, and another user's key id", async () => {
    expect((await app.inject({ method: 'GET', url: '/api/account/api-keys' })).statusCode).toBe(401);
    const bad = await app.inject({ method: 'POST', url: '/api/account/api-keys', headers: free.headers, payload: { name: '  ' } });
    expect(bad.statusCode).toBe(400);
    const { id } = await createKey(premium);
    const other = await app.inject({ method: 'DELETE', url: `/api/account/api-keys/${id}`, headers: free.headers });
    expect(other.statusCode).toBe(404);
    const notUuid = await app.inject({ method: 'DELETE', url: '/api/account/api-keys/nope', headers: free.headers });
    expect(notUuid.statusCode).toBe(400);
  });
});

describe('a key on the API', () => {
  it('answers the keyed routes as its owner, by X-API-Key or Authorization: Bearer, with the RateLimit fields', async () => {
    const { key } = await createKey(premium);
    const grid = await withKey(`/api/flights/grid?origin=DEN&from=${today}&days=3`, key, 'bearer');
    expect(grid.statusCode).toBe(200);
    expect(grid.headers['ratelimit-limit']).toBe('8');
    expect(grid.headers['ratelimit-remaining']).toBe('7');
    // 16:00 UTC: eight hours to the day's end.
    expect(grid.headers['ratelimit-reset']).toBe(String(8 * 3600));
    const history = await withKey(`/api/flights/price-history?origin=DEN&destination=LAS&date=${today}`, key);
    expect(history.statusCode).toBe(200);
    expect(history.headers['ratelimit-remaining']).toBe('6');
    // Anywhere over a range, as a file (issue 31's export through the public API).
    const anywhere = await withKey(`/api/flights/anywhere?origin=DEN&from=${today}&to=${today}&format=csv`, key);
    expect(anywhere.statusCode, anywhere.body).toBe(200);
    expect(anywhere.headers['content-type']).toContain('text/csv');
    expect(anywhere.headers['ratelimit-remaining']).toBe('5');
  });

  it("follows the owner's plan: a free user's key hears the grid's premium 403", async () => {
    const { key } = await createKey(free);
    const res = await withKey(`/api/flights/grid?origin=DEN&from=${today}`, key);
    expect(res.statusCode).toBe(403);
    expect(res.headers['ratelimit-limit']).toBe('5');
  });

  it("is refused on account, billing and admin routes (403), even an admin's key, without being charged", async () => {
    const { key, id } = await createKey(admin);
    for (const [method, url] of [
      ['GET', '/api/auth/profile'],
      ['GET', '/api/account/api-keys'],
      ['POST', '/api/account/api-keys'],
      ['GET', '/api/stripe/subscription'],
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/api-keys'],
      ['GET', '/api/notifications'],
      ['POST', '/api/flights/search'],
    ] as const) {
      const res = await withKey(url, key, 'bearer', method);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toBe(API_KEY_MESSAGES.keyNotAllowed);
      expect(res.body).not.toContain(key);
    }
    const list = (await app.inject({ method: 'GET', url: '/api/account/api-keys', headers: admin.headers })).json();
    expect(list.keys.find((k: { id: string }) => k.id === id).calls_today).toBe(0);
  });

  it('refuses a malformed or made-up key with 401 whose text does not repeat it', async () => {
    for (const key of ['gwk_short', `gwk_${'A'.repeat(43)}`, 'not-a-key']) {
      const res = await withKey('/api/airports', key);
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain(key);
    }
  });

  it('serves exactly the day quota, then 429 with Retry-After and Remaining 0; the next UTC day starts over', async () => {
    const { key } = await createKey(free);
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await withKey('/api/gowild/blackout-dates', key)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const over = await withKey('/api/gowild/blackout-dates', key);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBe(String(8 * 3600));
    expect(over.headers['ratelimit-remaining']).toBe('0');
    expect(over.json().error).toBe(API_KEY_MESSAGES.quotaSpent);
    clock.set(new Date('2026-07-16T00:00:01Z'));
    try {
      const next = await withKey('/api/gowild/blackout-dates', key);
      expect(next.statusCode).toBe(200);
      expect(next.headers['ratelimit-remaining']).toBe('4');
    } finally {
      clock.set(new Date('2026-07-15T16:00:00Z'));
    }
  });

  it('stops with a deactivated account', async () => {
    const user = await signInAs(app, deps, 'free');
    const { key } = await createKey(user);
    const { createUsersRepository } = await import('../accounts/users/users.repository');
    await createUsersRepository(deps.database.db).updateFlags(user.user!.id, { isActive: false });
    expect((await withKey('/api/airports', key)).statusCode).toBe(401);
  });

  it('never reaches the log or the metrics', async () => {
    const { key } = await createKey(premium, 'log check');
    await withKey('/api/airports', key, 'bearer');
    await withKey('/api/airports', key, 'x-api-key');
    await withKey('/api/auth/profile', key);
    await app.inject({ method: 'GET', url: `/api/airports?api_key=${key}` });
    // A key pasted into a path: the request metrics are labelled by route pattern, never by the address asked for.
    const pasted = await app.inject({ method: 'GET', url: `/api/${key}` });
    // Nor in the 404's text, which quotes the path asked for.
    expect(pasted.statusCode).toBe(404);
    expect(pasted.json().error).toBe('No such endpoint: GET /api/gwk_[redacted]');
    await app.inject({ method: 'GET', url: `/api/flights/grid/${key}`, headers: { 'x-api-key': key } });
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(key.slice(4));
    const metrics = await app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('route="/api/airports"');
    expect(metrics.body).not.toContain(key.slice(4));
  });
});

describe('GET /api/admin/api-keys', () => {
  it('shows admins the counts per key, never a key or its hash', async () => {
    const { key, id } = await createKey(free, 'admin view');
    await withKey('/api/airports', key);
    const res = await app.inject({ method: 'GET', url: '/api/admin/api-keys', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().keys.find((k: { id: string }) => k.id === id)).toMatchObject({ name: 'admin view', calls_today: 1, revoked: false });
    expect(res.body).not.toContain(key);
    expect(res.body).not.toContain(hashApiKey(key));
    expect((await app.inject({ method: 'GET', url: '/api/admin/api-keys', headers: free.headers })).statusCode).toBe(403);
  });
});

describe('GET /api/developers', () => {
  it('lists the keyed endpoints, each in the OpenAPI document, and the quotas from the settings', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/developers' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { endpoints: { path: string }[]; quotas: unknown };
    expect(body.quotas).toEqual({ free: 5, premium: 8 });
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    for (const e of body.endpoints) expect(doc.paths[e.path], e.path).toBeDefined();
    // The document says where a key is accepted: the keyed routes, and no other.
    expect(doc.components.securitySchemes.apiKey).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-Key' }));
    const keyed = new Set(body.endpoints.map((e) => e.path));
    for (const [path, operations] of Object.entries(doc.paths))
      for (const operation of Object.values(operations))
        expect(operation.security?.some((s) => 'apiKey' in s) ?? false, path).toBe(keyed.has(path));
  });
});
