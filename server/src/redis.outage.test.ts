import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { AUTH_MESSAGES } from '@gowild/contract/auth';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from './deps';
import { manualClock } from './lib/clock';
import { buildTestApp } from './test/build-test-app';
import { createUser, testPasswordHasher } from './test/factories';
import { fixedCallerGate } from './test/search-gates';
import { waitFor } from './test/server-process';
import { closedPort, hostPort, startTcpProxy } from './test/tcp';

/** Log lines as the app writes them (JSON), for counting how often an outage is reported. */
function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      cb();
    },
  });
  const messages = (text: string) => lines.filter((l) => l.includes(text));
  return { stream, messages };
}

async function metricValue(deps: AppDeps, name: string, labels = ''): Promise<number> {
  const text = await deps.metrics.metrics();
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `));
  return line ? Number(line.split(' ')[1]) : NaN;
}

const randomIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;

const login = (app: FastifyInstance, email: string, password: string, ip: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

// 06:00 in Denver: tomorrow's flights are on sale (as in the flight route tests).
const NOW = new Date('2026-04-01T12:00:00Z');
const TOMORROW = '2026-04-02';

// Decision 050: with REDIS_URL set and Redis unreachable, the limits count in this process's memory and the flight
// cache is skipped; no route answers 500 because of Redis.
describe('Redis unreachable from the start', () => {
  const logs = logCapture();
  let app: FastifyInstance;
  let deps: AppDeps;
  beforeAll(async () => {
    const port = await closedPort();
    ({ app, deps } = await buildTestApp({
      env: { REDIS_URL: `redis://127.0.0.1:${port}`, LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '30' },
      deps: { passwordHasher: testPasswordHasher, clock: manualClock(NOW), searchGate: fixedCallerGate().gate },
      logStream: logs.stream,
    }));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('sign-in answers as usual and the account limit still holds, counted in memory', async () => {
    const user = await createUser(deps);
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await login(app, user.email, `wrong-${i}`, ip)).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
    const refused = await login(app, user.email, user.password, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: AUTH_MESSAGES.tooManyLogins });
    expect((await login(app, user.email, user.password, randomIp())).statusCode).toBe(200);
  });

  it('the request limit still holds, counted in memory', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await app.inject({ method: 'GET', url: '/api/gowild/blackout-dates', remoteAddress: ip })).statusCode);
    expect(statuses).toEqual([...Array<number>(30).fill(200), 429]);
  });

  it('a flight search runs without the shared cache', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/flights/single?origin=DEN&destination=LAS&date=${TOMORROW}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ search_parameters: { origin: 'DEN', destination: 'LAS' } });
  });

  it('is ready but degraded, with redis_up 0, the fallbacks counted and one log line for the whole outage', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'degraded', checks: { database: 'ok', redis: 'down', migrations: 'ok' } });
    expect(await metricValue(deps, 'redis_up')).toBe(0);
    expect(await metricValue(deps, 'rate_limit_fallback_total', '{limiter="account"}')).toBeGreaterThan(10);
    expect(await metricValue(deps, 'rate_limit_fallback_total', '{limiter="request"}')).toBeGreaterThan(30);
    expect(logs.messages('redis unreachable')).toHaveLength(1);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

// The same, with Redis going away under a running app and coming back: a TCP proxy in front of the machine's Redis
// (which stays up for the other tests) is cut and restored. Runs in the PostgreSQL + Redis suite.
describe.skipIf(!redisUrl)('Redis going away under a running app and coming back', () => {
  const logs = logCapture();
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let app: FastifyInstance;
  let deps: AppDeps;
  beforeAll(async () => {
    proxy = await startTcpProxy(hostPort(redisUrl!, 6379));
    ({ app, deps } = await buildTestApp({
      env: { REDIS_URL: `redis://127.0.0.1:${proxy.port}`, LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '1000' },
      deps: { passwordHasher: testPasswordHasher },
      logStream: logs.stream,
    }));
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
  });

  const readyChecks = async () => (await app.inject({ method: 'GET', url: '/api/ready' })).json().checks;

  it('counts in Redis, in memory while it is away (never a 500), and in Redis again once it is back', async () => {
    const user = await createUser(deps);
    const ip = randomIp();
    expect(await readyChecks()).toMatchObject({ redis: 'ok' });
    expect((await login(app, user.email, 'wrong-1', ip)).statusCode).toBe(401);
    expect((await deps.rateLimits.peek(`login-ip:${ip}`)).count).toBe(1);

    await proxy.cut();
    await waitFor(async () => (await readyChecks()).redis === 'down', 'readiness to report Redis down');
    for (let i = 0; i < 5; i++) expect((await login(app, user.email, `wrong-away-${i}`, ip)).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/gowild/blackout-dates', remoteAddress: ip })).statusCode).toBe(200);
    expect(await metricValue(deps, 'redis_up')).toBe(0);
    expect(await metricValue(deps, 'rate_limit_fallback_total', '{limiter="account"}')).toBeGreaterThan(0);
    expect(logs.messages('redis unreachable')).toHaveLength(1);

    await proxy.restore();
    await waitFor(async () => (await readyChecks()).redis === 'ok', 'readiness to report Redis back');
    expect(logs.messages('redis reachable again')).toHaveLength(1);
    expect(await metricValue(deps, 'redis_up')).toBe(1);
    expect((await login(app, user.email, 'wrong-2', ip)).statusCode).toBe(401);
    // The failures made while Redis was away were counted in memory; Redis has the two made while it was there.
    expect((await deps.rateLimits.peek(`login-ip:${ip}`)).count).toBe(2);
    expect(logs.messages('redis unreachable')).toHaveLength(1);
  }, 60_000);
});
