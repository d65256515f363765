import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../../deps';
import { buildAccountsTestApp, signInAs } from '../../../test/factories';
import { type AuthLimits, DEFAULT_AUTH_LIMITS } from './auth.limits';

/** Limits out of the way, so random input reaches the validation and the services rather than a 429. */
const unlimited = Object.fromEntries(
  Object.entries(DEFAULT_AUTH_LIMITS).map(([k, r]) => [k, { ...r, limit: 1e9 }]),
) as unknown as AuthLimits;

let app: FastifyInstance;
let deps: AppDeps;
let bearer: Record<string, string>;
let adminBearer: Record<string, string>;
beforeAll(async () => {
  const { publicKey } = await generateKeyPair('RS256');
  const keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k', alg: 'RS256' }] });
  ({ app, deps } = await buildAccountsTestApp({
    env: { GOOGLE_CLIENT_ID: 'prop-test-client' },
    deps: { authLimits: unlimited, googleKeys: keys },
  }));
  bearer = (await signInAs(app, deps, 'free')).headers;
  adminBearer = (await signInAs(app, deps, 'admin')).headers;
});
afterAll(async () => {
  await deps.auth.idle();
  await app.close();
});

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.emailAddress(),
  fc.constantFrom('', ' ', 'a@b.co', 'password', '(555) 123-4567', '5551234567', 'null', '\u0000', 'Bearer x', 'x'.repeat(5000)),
);
const field = fc.oneof(text, fc.jsonValue({ maxDepth: 2 }));
/** Bodies shaped like the real ones with wrong or odd values, plus arbitrary JSON. */
const body = fc.oneof(
  fc.record(
    { email: field, password: field, first_name: field, last_name: field, phone_number: field, token: field },
    { requiredKeys: [] },
  ),
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 1 })),
);
/** A body that would be accepted, with one field (or one extra field) replaced by something odd. */
const nearlyValid = (base: Record<string, unknown>) =>
  fc
    .tuple(
      fc.constantFrom(...Object.keys(base), 'extra'),
      fc.oneof(field, fc.constantFrom('A\u0000B', '\ud800', 'ok\u007f', ' x ', 'ä'.repeat(101))),
    )
    .map(([key, value]) => JSON.stringify({ ...base, [key]: value }));
const validBodies: Record<string, Record<string, unknown>> = {
  '/api/auth/register': {
    email: 'prop.reg@example.com',
    password: 'sturdy-pass-81',
    first_name: 'Ann',
    last_name: 'Lee',
    phone_number: '5551234567',
  },
  '/api/auth/login': { email: 'prop.login@example.com', password: 'sturdy-pass-81' },
  '/api/auth/forgot-password': { email: 'prop.forgot@example.com' },
  '/api/auth/reset-password': { token: 'x'.repeat(43), password: 'sturdy-pass-81' },
  '/api/auth/profile': { first_name: 'Ann', last_name: 'Lee', phone_number: '5551234567' },
};
/** What arrives on the wire: JSON of a body, or raw text that may not be JSON at all. */
const payloadFor = (url: string) =>
  fc.oneof(
    body.map((b) => JSON.stringify(b)),
    fc.string({ maxLength: 200 }),
    { arbitrary: nearlyValid(validBodies[url] ?? { token: 'abc' }), weight: 3 },
  );
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
);

const routes: { method: 'POST' | 'PUT' | 'GET'; url: string; auth?: 'user' | 'admin' }[] = [
  { method: 'POST', url: '/api/auth/register' },
  { method: 'POST', url: '/api/auth/login' },
  { method: 'POST', url: '/api/auth/logout' },
  { method: 'POST', url: '/api/auth/verify-token' },
  { method: 'POST', url: '/api/auth/google' },
  { method: 'POST', url: '/api/auth/forgot-password' },
  { method: 'POST', url: '/api/auth/verify-reset-token' },
  { method: 'POST', url: '/api/auth/reset-password' },
  { method: 'PUT', url: '/api/auth/profile', auth: 'user' },
];

describe('random input never produces a 5xx', () => {
  it.each(routes)('$method $url', async (route) => {
    await fc.assert(
      fc.asyncProperty(payloadFor(route.url), contentType, async (raw, type) => {
        const headers: Record<string, string> = { 'content-type': type };
        if (route.auth === 'user') Object.assign(headers, bearer);
        const res = await app.inject({ method: route.method, url: route.url, headers, payload: raw });
        expect(res.statusCode, `${res.statusCode} ${res.body}`).toBeLessThan(500);
        expect(res.json()).toBeTypeOf('object');
      }),
      { numRuns: 80 },
    );
  });

  it('random Authorization headers on every route', async () => {
    const authorization = fc.oneof(
      fc.string({ maxLength: 300 }).map((s) => `Bearer ${s}`),
      fc.string({ maxLength: 300 }),
    );
    const target = fc.constantFrom(
      ...routes.map((r) => [r.method, r.url] as const),
      ['GET', '/api/auth/search-usage'] as const,
      ['GET', '/api/admin/dashboard'] as const,
      ['GET', '/api/admin/users'] as const,
    );
    await fc.assert(
      fc.asyncProperty(authorization, target, async (auth, [method, url]) => {
        // Header values must be sendable: strip what HTTP forbids in a header.
        const value = auth.replace(/[^\t\x20-\x7e]/g, '');
        const res = await app.inject({ method, url, headers: { authorization: value, 'content-type': 'application/json' }, payload: '{}' });
        expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });

  it('random admin list queries', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer().map(String),
      fc.double().map(String),
      fc.constantFrom('', '-1', '0', '1e9', 'NaN', 'Infinity'),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('users', 'searches', 'notifications'), value, value, async (list, page, limit) => {
        const qs = new URLSearchParams({ page, limit }).toString();
        const res = await app.inject({ method: 'GET', url: `/api/admin/${list}?${qs}`, headers: adminBearer });
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode === 200) expect(res.json().pagination.limit).toBeLessThanOrEqual(100);
      }),
      { numRuns: 150 },
    );
  });
});
