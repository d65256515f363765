import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AUTH_MESSAGES } from '@gowild/contract/auth';
import type { FastifyInstance } from 'fastify';
import { type JWK, SignJWT, createLocalJWKSet, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../../deps';
import { TEST_PASSWORD, buildAccountsTestApp, createUser } from '../../../test/factories';

const CLIENT_ID = '1234-test.apps.googleusercontent.com';
type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let privateKey: PrivateKey;
let strangerKey: PrivateKey;
let jwk: JWK;
let app: FastifyInstance;
let deps: AppDeps;

/** An ID token shaped like Google's (docs/product/providers.md#google-sign-in), signed with the test key set. */
async function idToken(claims: Record<string, unknown> = {}, opts: { key?: PrivateKey; kid?: string; alg?: string } = {}) {
  const now = Math.floor(deps.clock.now().getTime() / 1000);
  return new SignJWT({
    iss: 'https://accounts.google.com',
    aud: CLIENT_ID,
    sub: `g-${Math.random().toString(36).slice(2)}`,
    email: `g.${Math.random().toString(36).slice(2)}@gmail.com`,
    email_verified: true,
    given_name: 'Gina',
    family_name: 'Gomez',
    name: 'Gina Gomez',
    iat: now,
    exp: now + 3600,
    ...claims,
  })
    .setProtectedHeader({ alg: opts.alg ?? 'RS256', kid: opts.kid ?? 'test-key' })
    .sign(opts.key ?? privateKey);
}
const google = (token: unknown, target = app) => target.inject({ method: 'POST', url: '/api/auth/google', payload: { token } });

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  ({ app, deps } = await buildAccountsTestApp({
    env: { GOOGLE_CLIENT_ID: CLIENT_ID },
    deps: { googleKeys: createLocalJWKSet({ keys: [jwk] }) },
  }));
});
afterAll(async () => {
  await app.close();
});

describe('POST /api/auth/google', () => {
  it('creates an account on first sign-in and finds it by sub afterwards', async () => {
    const sub = 'google-sub-1';
    const first = await google(await idToken({ sub, email: 'Gina.First@gmail.com' }));
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({ email: 'gina.first@gmail.com', first_name: 'Gina', last_name: 'Gomez', is_premium: false });
    expect(typeof first.json().token).toBe('string');
    // Google changed the address on its side: the account is still found by sub.
    const again = await google(await idToken({ sub, email: 'gina.renamed@gmail.com' }));
    expect(again.json().user.id).toBe(first.json().user.id);
    // A Google-only account has no password to sign in with.
    const pw = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'gina.first@gmail.com', password: TEST_PASSWORD },
    });
    expect(pw.statusCode).toBe(401);
  });

  it('links to an existing account through a verified e-mail', async () => {
    const user = await createUser(deps, { email: 'linked.person@example.com' });
    const res = await google(await idToken({ email: 'Linked.Person@example.com', email_verified: true }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(user.id);
    const pw = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } });
    expect(pw.statusCode).toBe(200);
  });

  it('never links or creates through an unverified e-mail', async () => {
    const user = await createUser(deps, { email: 'not.verified@example.com' });
    const sub = 'google-sub-unverified';
    for (const email_verified of [false, 'false', undefined]) {
      const res = await google(await idToken({ sub, email: user.email, email_verified }));
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe(AUTH_MESSAGES.googleEmailUnverified);
    }
    const verified = await google(await idToken({ sub, email: user.email, email_verified: true }));
    expect(verified.json().user.id).toBe(user.id);
  });

  it('accepts both issuer spellings', async () => {
    expect((await google(await idToken({ iss: 'accounts.google.com' }))).statusCode).toBe(200);
    expect((await google(await idToken({ iss: 'https://accounts.google.com' }))).statusCode).toBe(200);
  });

  it.each([
    ['another audience', async () => idToken({ aud: 'someone-else.apps.googleusercontent.com' })],
    ['another issuer', async () => idToken({ iss: 'https://evil.example.com' })],
    [
      'expired',
      async () =>
        idToken({ iat: Math.floor(deps.clock.now().getTime() / 1000) - 7200, exp: Math.floor(deps.clock.now().getTime() / 1000) - 3600 }),
    ],
    ['a key Google never published', async () => idToken({}, { key: strangerKey })],
    [
      'an HMAC token',
      async () =>
        new SignJWT({ sub: 'x', aud: CLIENT_ID, iss: 'accounts.google.com' })
          .setProtectedHeader({ alg: 'HS256', kid: 'test-key' })
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode('k'.repeat(32))),
    ],
    ['garbage', async () => 'not.a.jwt'],
  ])('refuses %s with 401', async (_name, make) => {
    const res = await google(await make());
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(AUTH_MESSAGES.googleFailed);
  });

  it('refuses a deactivated account', async () => {
    await createUser(deps, { email: 'switched.off@example.com', isActive: false });
    const res = await google(await idToken({ email: 'switched.off@example.com' }));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(AUTH_MESSAGES.accountDisabled);
  });

  it('needs a token', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/google', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(AUTH_MESSAGES.noToken);
  });

  it('answers 503 with a clear message when GOOGLE_CLIENT_ID is not set', async () => {
    const built = await buildAccountsTestApp();
    try {
      const res = await google(await idToken(), built.app);
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toBe(AUTH_MESSAGES.googleUnavailable);
      const config = await built.app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json().googleClientId).toBeNull();
    } finally {
      await built.app.close();
    }
  }, 90_000);
});

describe('remote key set', () => {
  let server: Server;
  let fetches = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      fetches += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('fetches the keys from GOOGLE_JWKS_URL and caches them', async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth2/v3/certs`;
    const built = await buildAccountsTestApp({ env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: url } });
    try {
      expect((await google(await idToken(), built.app)).statusCode).toBe(200);
      expect((await google(await idToken(), built.app)).statusCode).toBe(200);
      expect(fetches).toBe(1);
      expect((await google(await idToken({}, { key: strangerKey, kid: 'test-key' }), built.app)).statusCode).toBe(401);
    } finally {
      await built.app.close();
    }
  }, 90_000);
});
