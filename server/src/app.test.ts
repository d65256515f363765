import { everyRoute } from '@gowild/contract/api-routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from './test/build-test-app';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await buildTestApp());
});
afterAll(async () => {
  await app.close();
});

describe('error model', () => {
  it('answers unknown /api paths with a 404 JSON error', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', error: expect.any(String), message: expect.stringContaining('/api/nope') });
  });

  it('answers malformed JSON with a 400 and no stack trace', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/health', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    expect([400, 404]).toContain(res.statusCode);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('sets security headers with a strict CSP', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('ops endpoints', () => {
  it('answers liveness without asking the database', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', uptime_seconds: expect.any(Number) });
  });

  it('reports ready with the database reachable and migrated, Redis not configured', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'not_configured', migrations: 'ok' } });
  });

  it('exposes Prometheus metrics by route and status', async () => {
    await app.inject({ method: 'GET', url: '/api/gowild/blackout-dates' });
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="\/api\/gowild\/blackout-dates",status="200"\} \d+/);
    expect(res.body).toContain('http_request_duration_seconds_bucket');
  });

  it('serves an OpenAPI document built from the route schemas', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/airports',
        '/api/routes',
        '/api/gowild/blackout-dates',
        '/api/config',
        '/api/flights/home',
        '/api/flights/trips',
        '/api/trips/summary',
        '/api/push/public-key',
        '/api/push/subscriptions',
      ]),
    );
    const ui = await app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  // Decision 302: the route table and what the app serves cannot drift apart, either way.
  it("documents every route of the contract's table, and serves no /api route the table lacks", async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths)
      .filter(([path]) => !path.startsWith('/api/docs'))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    const table = everyRoute().map(({ spec }) => `${spec.method} ${spec.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`);
    expect(new Set(table).size).toBe(table.length);
    expect([...documented].sort()).toEqual([...table].sort());
    for (const { spec } of everyRoute())
      expect(app.hasRoute({ method: spec.method, url: spec.path }), `${spec.method} ${spec.path}`).toBe(true);
  });
});
