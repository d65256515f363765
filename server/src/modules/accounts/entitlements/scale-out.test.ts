import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { testConfig } from '../../../config';
import { type Database, openDatabase } from '../../../db/client';
import { type AppDeps, createAppDeps, disposeAppDeps } from '../../../deps';
import type { SearchKind } from './search-gate';
import { adminQuery } from '../../../test/database';
import { TEST_PASSWORD, createUser, testPasswordHasher } from '../../../test/factories';

/**
 * Two API processes behind a load balancer (docs/ARCHITECTURE.md#running-several-api-processes): each with its own PostgreSQL pool and
 * Redis client, sharing one database, one Redis and one JWT secret. Quota, sessions and login limits must hold across
 * them. Runs in the PostgreSQL + Redis suite (`npm run test:pg`).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

interface Node {
  app: FastifyInstance;
  deps: AppDeps;
  database: Database;
}

describe.skipIf(!adminUrl || !redisUrl)('two API processes on one PostgreSQL and one Redis', () => {
  const dbName = `gw_scale_${randomBytes(5).toString('hex')}`;
  let dataDir: string;
  let a: Node;
  let b: Node;

  const admin = (sql: string) => adminQuery(adminUrl!, sql);

  async function node(): Promise<Node> {
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    const config = testConfig({
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl!,
      DATA_DIR: dataDir,
      JWT_SECRET: 'shared-secret-of-the-whole-cluster-0123456789',
      RATE_LIMIT_PER_MINUTE: '1000000',
      WEB_DIST_DIR: '/nonexistent-web-dist',
    });
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    const deps = await createAppDeps(config, database, { passwordHasher: testPasswordHasher });
    const app = await buildApp(deps);
    app.get<{ Params: { kind: SearchKind }; Querystring: { date?: string } }>('/test/search/:kind', async (request) => {
      const ticket = await deps.searchGate.admit(request, request.params.kind);
      await ticket.settle({
        end: 'complete',
        destinations: 1,
        checked: 1,
        failed: 0,
        origin: 'DEN',
        destination: null,
        date: '2026-03-02',
        resultsFound: 1,
        totalFlights: 1,
      });
      return { ok: true };
    });
    return { app, deps, database };
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'gw-scale-'));
    await admin(`create database ${dbName}`);
    a = await node();
    b = await node();
  }, 120_000);
  afterAll(async () => {
    for (const n of [a, b]) {
      if (!n) continue;
      await n.app.close();
      await disposeAppDeps(n.deps);
      await n.database.close();
    }
    await admin(`drop database if exists ${dbName}`);
    await rm(dataDir, { recursive: true, force: true });
  });

  const login = (n: Node, email: string, password: string, ip = '10.77.0.1') =>
    n.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

  it('uses Redis for the limits on both', () => {
    expect(a.deps.rateLimits.kind).toBe('redis');
    expect(b.deps.rateLimits.kind).toBe('redis');
  });

  it('20 concurrent searches by one free user, spread over both processes: exactly 3 run', async () => {
    const user = await createUser(a.deps);
    const token = (await login(a, user.email, TEST_PASSWORD)).json().token;
    const headers = { authorization: `Bearer ${token}` };
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a : b).app.inject({ method: 'GET', url: `/test/search/search?date=2026-03-${i}`, headers }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(17);
  });

  it('20 concurrent repeats of one search over both processes cost one search; 3 distinct a day still hold', async () => {
    const user = await createUser(a.deps);
    const token = (await login(a, user.email, TEST_PASSWORD)).json().token;
    const headers = { authorization: `Bearer ${token}` };
    const once = (n: Node, query: string) => n.app.inject({ method: 'GET', url: `/test/search/search?${query}`, headers });
    const repeats = await Promise.all(Array.from({ length: 20 }, (_, i) => once(i % 2 ? a : b, 'origin=DEN&date=2026-03-02')));
    expect(repeats.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const usage = await b.app.inject({ method: 'GET', url: '/api/auth/search-usage', headers });
    expect(usage.json().searches_remaining).toBe(2);
    expect((await once(a, 'origin=DEN&date=2026-03-03')).statusCode).toBe(200);
    expect((await once(b, 'origin=DEN&date=2026-03-04')).statusCode).toBe(200);
    expect((await once(a, 'origin=DEN&date=2026-03-05')).statusCode).toBe(429);
    expect((await once(b, 'origin=den&date=2026-03-02')).statusCode).toBe(200);
  });

  it('a session made on one process works on the other, and logout on either ends it on both', async () => {
    const user = await createUser(a.deps);
    const token = (await login(a, user.email, TEST_PASSWORD)).json().token;
    const headers = { authorization: `Bearer ${token}` };
    expect((await b.app.inject({ method: 'GET', url: '/api/auth/search-usage', headers })).statusCode).toBe(200);
    await b.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect((await a.app.inject({ method: 'GET', url: '/api/auth/search-usage', headers })).statusCode).toBe(401);
  });

  it('login failures are counted together', async () => {
    const user = await createUser(a.deps);
    const ip = `10.78.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    for (let i = 0; i < 10; i++) expect((await login(i % 2 ? a : b, user.email, `guess-${i}`, ip)).statusCode).toBe(401);
    expect((await login(a, user.email, TEST_PASSWORD, ip)).statusCode).toBe(429);
    expect((await login(b, user.email, TEST_PASSWORD, ip)).statusCode).toBe(429);
  });
});
