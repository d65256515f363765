import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { ConfigError, loadConfig, testConfig } from '../../../config';
import type { Database } from '../../../db/client';
import { type AppDeps, createAppDeps, disposeAppDeps } from '../../../deps';
import { manualClock } from '../../../lib/clock';
import { createTestDatabase } from '../../../test/database';
import { type SignedIn, signInAs, testPasswordHasher } from '../../../test/factories';
import { keyIdOf, resolveSessionKeys } from './tokens';

/**
 * Rotating the session signing key (decision 141, docs/operations.md#the-session-signing-key-jwt_secret): processes on one
 * database before the rotation (old key), during its grace period (new key, old key listed) and after it (new key
 * alone), as an operator rolls them out one after the other.
 */
const OLD = 'the-old-signing-key-of-the-whole-cluster-0001';
const NEW = 'the-new-signing-key-of-the-whole-cluster-0002';
const STRANGER = 'a-key-nobody-gave-this-service-0003-xxxxxxxx';
const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
const key = (s: string) => new TextEncoder().encode(s);

let database: Database;
let dataDir: string;
const opened: { app: FastifyInstance; deps: AppDeps }[] = [];

async function processWith(env: Record<string, string>) {
  const config = testConfig({ WEB_DIST_DIR: '/nonexistent-web-dist', DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '1000000', ...env });
  const deps = await createAppDeps(config, database, { clock, passwordHasher: testPasswordHasher });
  const app = await buildApp(deps);
  opened.push({ app, deps });
  return { app, deps };
}

let before: { app: FastifyInstance; deps: AppDeps };
let during: { app: FastifyInstance; deps: AppDeps };
let after: { app: FastifyInstance; deps: AppDeps };
let signedBefore: SignedIn;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'gw-rotation-'));
  database = await createTestDatabase();
  before = await processWith({ JWT_SECRET: OLD });
  during = await processWith({ JWT_SECRET: NEW, JWT_PREVIOUS_SECRETS: OLD });
  after = await processWith({ JWT_SECRET: NEW });
  signedBefore = await signInAs(before.app, before.deps, 'free');
}, 120_000);
afterAll(async () => {
  for (const { app, deps } of opened) {
    await app.close();
    await disposeAppDeps(deps);
  }
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

const usage = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/auth/search-usage', headers: { authorization: `Bearer ${token}` } });

/** A token with the claims of `like`, signed with `secret` under the header `kid` (none when undefined). */
function sign(like: string, secret: string, kid?: string) {
  const c = decodeJwt(like);
  return new SignJWT({ sid: c.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...(kid === undefined ? {} : { kid }) })
    .setSubject(c.sub!)
    .setIssuer(c.iss!)
    .setAudience(c.aud as string)
    .setIssuedAt(c.iat!)
    .setExpirationTime(c.exp!)
    .sign(key(secret));
}

describe('rotating the signing key', () => {
  it('tokens name the key that signed them', async () => {
    expect(decodeProtectedHeader(signedBefore.token!).kid).toBe(keyIdOf(key(OLD)));
    const signedDuring = await signInAs(during.app, during.deps, 'free');
    expect(decodeProtectedHeader(signedDuring.token!).kid).toBe(keyIdOf(key(NEW)));
    // A new token works once the grace period is over too.
    expect((await usage(after.app, signedDuring.token!)).statusCode).toBe(200);
  });

  it('a token signed with the old key works while the old key is listed, and not once it is dropped', async () => {
    expect((await usage(before.app, signedBefore.token!)).statusCode).toBe(200);
    expect((await usage(during.app, signedBefore.token!)).statusCode).toBe(200);
    const verified = await during.app.inject({ method: 'POST', url: '/api/auth/verify-token', payload: { token: signedBefore.token } });
    expect(verified.json()).toMatchObject({ valid: true, user: { email: signedBefore.user!.email } });

    const refused = await usage(after.app, signedBefore.token!);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('UNAUTHORIZED');
  });

  it('a token from before key ids (no kid) is verified with each key held, so the upgrade signs nobody out', async () => {
    const legacy = await sign(signedBefore.token!, OLD);
    expect(decodeProtectedHeader(legacy).kid).toBeUndefined();
    expect((await usage(before.app, legacy)).statusCode).toBe(200);
    expect((await usage(during.app, legacy)).statusCode).toBe(200);
    expect((await usage(after.app, legacy)).statusCode).toBe(401);
  });

  it('a forged or unknown kid is refused, whatever key signed the token', async () => {
    const token = signedBefore.token!;
    const forged = [
      ['made-up kid, old key', await sign(token, OLD, 'not-a-key-of-ours')],
      ['the new key id on a token signed with the old key', await sign(token, OLD, keyIdOf(key(NEW)))],
      ['the old key id on a token signed with a stranger key', await sign(token, STRANGER, keyIdOf(key(OLD)))],
      ["a stranger key's own id", await sign(token, STRANGER, keyIdOf(key(STRANGER)))],
      ['an empty kid', await sign(token, OLD, '')],
    ] as const;
    for (const [name, t] of forged) {
      expect((await usage(during.app, t)).statusCode, name).toBe(401);
    }
    // A kid that is not a string does not get past the header either.
    const [, payload, signature] = token.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: 42 })).toString('base64url');
    expect((await usage(during.app, `${header}.${payload}.${signature}`)).statusCode).toBe(401);
  });

  it('a session signed with the old key can still be ended: logout during the grace period revokes it', async () => {
    const user = await signInAs(before.app, before.deps, 'free');
    expect((await usage(during.app, user.token!)).statusCode).toBe(200);
    const out = await during.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers });
    expect(out.statusCode).toBe(200);
    expect((await usage(during.app, user.token!)).statusCode).toBe(401);
    expect((await usage(before.app, user.token!)).statusCode).toBe(401);
  });
});

describe('JWT_PREVIOUS_SECRETS', () => {
  it('is a comma-separated list; duplicates and the current secret are dropped', () => {
    const config = testConfig({ JWT_SECRET: NEW, JWT_PREVIOUS_SECRETS: ` ${OLD}, ${NEW},${OLD} ,` });
    expect(config.JWT_PREVIOUS_SECRETS).toEqual([OLD, NEW, OLD]);
    const keys = resolveSessionKeys(config);
    expect(keys.current.kid).toBe(keyIdOf(key(NEW)));
    expect(keys.previous.map((k) => k.kid)).toEqual([keyIdOf(key(OLD))]);
  });

  it('refuses a short secret by naming the key, never the value', () => {
    const short = 'too-short-to-be-a-key';
    let error: unknown;
    try {
      loadConfig({ JWT_PREVIOUS_SECRETS: `${OLD},${short}` });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues.map((i) => i.key)).toEqual(['JWT_PREVIOUS_SECRETS']);
    expect((error as ConfigError).message).not.toContain(short);
  });

  it('defaults to none', () => {
    expect(testConfig().JWT_PREVIOUS_SECRETS).toEqual([]);
  });
});
