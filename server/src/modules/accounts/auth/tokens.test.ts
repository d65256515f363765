import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AUTH_MESSAGES } from '@gowild/contract/auth';
import type { FastifyInstance } from 'fastify';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../../deps';
import { manualClock } from '../../../lib/clock';
import { type SignedIn, buildAccountsTestApp, signInAs } from '../../../test/factories';
import { JWT_SECRET_FILE, resolveJwtSecret } from './tokens';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
let app: FastifyInstance;
let deps: AppDeps;
let good: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  ({ app, deps } = await buildAccountsTestApp({ env: { JWT_SECRET: SECRET }, deps: { clock } }));
  good = await signInAs(app, deps, 'admin');
  other = await signInAs(app, deps, 'free');
});
afterAll(async () => {
  await app.close();
});

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const now = () => Math.floor(clock.now().getTime() / 1000);
const claimsOf = (token: string) => decodeJwt(token) as { sub: string; sid: string; iss: string; aud: string; exp: number; iat: number };
/** A token signed with the server's real secret, so only the claim under test is wrong. */
const forge = (claims: Record<string, unknown>, key: string = SECRET, alg = 'HS256') =>
  new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(new TextEncoder().encode(key));

async function badTokens(): Promise<[string, string][]> {
  const token = good.token!;
  const [h, p, s] = token.split('.') as [string, string, string];
  const c = claimsOf(token);
  const base = { sub: c.sub, sid: c.sid, iss: c.iss, aud: c.aud, iat: c.iat, exp: c.exp };
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const flipped = s.slice(0, -2) + (s.at(-2) === 'A' ? 'B' : 'A') + s.at(-1);
  return [
    ['empty bearer', 'Bearer '],
    ['scheme only', 'Bearer'],
    ['not a JWT', 'Bearer abc'],
    ['three empty parts', 'Bearer ..'],
    ['basic auth', 'Basic dXNlcjpwYXNz'],
    ['token without scheme', token],
    ['alg none, no signature', `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${p}.`],
    ['alg none header on a signed token', `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${p}.${s}`],
    ['wrong key', `Bearer ${await forge(base, 'another-secret-that-is-long-enough-98765')}`],
    ['HS512 with the right secret (algorithm pinned)', `Bearer ${await forge(base, SECRET, 'HS512')}`],
    ['RS256 with our claims', `Bearer ${await new SignJWT(base).setProtectedHeader({ alg: 'RS256' }).sign(privateKey)}`],
    ['tampered payload (other user)', `Bearer ${h}.${b64({ ...base, sub: other.user!.id })}.${s}`],
    ['tampered signature', `Bearer ${h}.${p}.${flipped}`],
    ['expired', `Bearer ${await forge({ ...base, iat: now() - 7200, exp: now() - 60 })}`],
    ['wrong issuer', `Bearer ${await forge({ ...base, iss: 'someone-else' })}`],
    ['wrong audience', `Bearer ${await forge({ ...base, aud: 'another-api' })}`],
    ['no session id', `Bearer ${await forge({ sub: c.sub, iss: c.iss, aud: c.aud, iat: c.iat, exp: c.exp })}`],
    ['unknown session id', `Bearer ${await forge({ ...base, sid: 'no-such-session' })}`],
    ["another user's session under this user's id", `Bearer ${await forge({ ...base, sid: claimsOf(other.token!).sid })}`],
    ['no expiry', `Bearer ${await forge({ sub: c.sub, sid: c.sid, iss: c.iss, aud: c.aud, iat: c.iat })}`],
    ['huge token', `Bearer ${'a'.repeat(20_000)}`],
    ['non-ASCII', 'Bearer ťøķéñ.ťøķéñ.ťøķéñ'],
  ];
}

describe('bad tokens', () => {
  it('the genuine token works (so each refusal below is about its defect)', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: good.headers })).statusCode).toBe(200);
  });

  it('every bad token is a 401 on protected routes, never a visitor pass or a 5xx', async () => {
    for (const [name, authorization] of await badTokens()) {
      for (const url of ['/api/auth/search-usage', '/api/admin/dashboard']) {
        const res = await app.inject({ method: 'GET', url, headers: { authorization } });
        expect(res.statusCode, `${name} on ${url}`).toBe(401);
        expect(res.json().code).toBe('UNAUTHORIZED');
      }
      const put = await app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        headers: { authorization },
        payload: { first_name: 'Mallory' },
      });
      expect(put.statusCode, `${name} on profile`).toBe(401);
    }
    // Nothing was changed by any of them.
    const me = await app.inject({ method: 'POST', url: '/api/auth/verify-token', payload: { token: good.token } });
    expect(me.json().user.first_name).toBe('Test');
  });

  it('verify-token answers valid:false for each of them', async () => {
    for (const [name, authorization] of await badTokens()) {
      const token = authorization.replace(/^(Bearer|Basic) ?/, '');
      if (token === good.token) continue; // the scheme-less genuine token is valid in the body
      const res = await app.inject({ method: 'POST', url: '/api/auth/verify-token', payload: { token } });
      expect(res.statusCode, name).toBe(200);
      expect(res.json().valid, name).toBe(false);
    }
  });

  it('a token expires with its session after SESSION_TTL_DAYS', async () => {
    const fresh = await signInAs(app, deps, 'free');
    const ttlMs = deps.config.SESSION_TTL_DAYS * 86_400_000;
    clock.advance(ttlMs - 60_000);
    expect((await app.inject({ method: 'GET', url: '/api/auth/search-usage', headers: fresh.headers })).statusCode).toBe(200);
    clock.advance(120_000);
    const res = await app.inject({ method: 'GET', url: '/api/auth/search-usage', headers: fresh.headers });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(AUTH_MESSAGES.sessionExpired);
  });
});

describe('JWT secret', () => {
  it('without JWT_SECRET, makes one secret, keeps it in DATA_DIR with mode 0600 and reuses it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'gw-secret-'));
    try {
      const a = resolveJwtSecret({ DATA_DIR: dir, JWT_SECRET: undefined });
      const b = resolveJwtSecret({ DATA_DIR: dir, JWT_SECRET: undefined });
      expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
      expect(a.length).toBeGreaterThanOrEqual(32);
      const file = path.join(dir, JWT_SECRET_FILE);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await readFile(file, 'utf8')).trim()).toBe(Buffer.from(a).toString());
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('with DATA_DIR=memory:// keeps a random secret in memory only', () => {
    const a = resolveJwtSecret({ DATA_DIR: 'memory://', JWT_SECRET: undefined });
    const b = resolveJwtSecret({ DATA_DIR: 'memory://', JWT_SECRET: undefined });
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  });
});
