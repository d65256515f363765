import { Counter, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { buildTestApp } from '../test/build-test-app';
import { bearerMatches, publicMetricsAccess, startMetricsServer } from './metrics';

const TOKEN = 'metrics-token-0123456789abcdef';

// Each test builds an app; the time-outs allow for a loaded machine.
describe('/metrics on the public port (decision 054)', () => {
  it('asks for the bearer token when METRICS_TOKEN is set: 401 without it or with a wrong one, 200 with it', async () => {
    const { app } = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
    try {
      await app.inject({ method: 'GET', url: '/api/gowild/blackout-dates' });
      const none = await app.inject({ method: 'GET', url: '/metrics' });
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toContain('Bearer');
      expect(none.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      expect(none.body).not.toContain('http_requests_total');
      for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, TOKEN, 'Bearer ']) {
        const wrong = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });
        expect(wrong.statusCode, authorization).toBe(401);
      }
      const ok = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toMatch(/http_requests_total\{method="GET",route="\/api\/gowild\/blackout-dates",status="200"\} \d+/);
    } finally {
      await app.close();
    }
  }, 60_000);

  it('answers 404 when METRICS_PORT is set, token or not: the internal port serves it', async () => {
    const { app } = await buildTestApp({ env: { METRICS_PORT: '0', METRICS_TOKEN: TOKEN } });
    try {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const res = await app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
      }
    } finally {
      await app.close();
    }
  }, 60_000);

  it('is not served in production with neither key set, and is open in development and tests', async () => {
    // TEST_NOW is refused in production; a pinned run (npm run test:clocks) must not leak it into this app.
    const { app } = await buildTestApp({ env: { NODE_ENV: 'production', TEST_NOW: '', BILLING_DEMO: 'true' } });
    try {
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
    expect(publicMetricsAccess(testConfig())).toBe('open');
    expect(publicMetricsAccess(testConfig({ NODE_ENV: 'development' }))).toBe('open');
    expect(publicMetricsAccess(testConfig({ NODE_ENV: 'development', METRICS_TOKEN: TOKEN }))).toBe('token');
    expect(publicMetricsAccess(testConfig({ NODE_ENV: 'development', METRICS_PORT: '9464' }))).toBe('hidden');
  }, 60_000);
});

describe('bearerMatches', () => {
  it('takes only the exact token after "Bearer"', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer  ${TOKEN} `, TOKEN)).toBe(true);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN} extra`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN.toUpperCase()}`, TOKEN)).toBe(false);
  });
});

describe('the internal metrics port (METRICS_PORT)', () => {
  function registry() {
    const r = new Registry();
    new Counter({ name: 'probe_total', help: 'a probe', registers: [r] }).inc();
    return r;
  }

  it('serves only GET /metrics, and closes', async () => {
    const server = await startMetricsServer(registry(), { port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${server.port}`;
    try {
      const ok = await fetch(`${base}/metrics`);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toContain('text/plain');
      expect(await ok.text()).toContain('probe_total 1');
      expect((await fetch(`${base}/api/health`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST', body: 'x' })).status).toBe(404);
    } finally {
      await server.close();
    }
    await expect(fetch(`${base}/metrics`)).rejects.toThrow();
  });

  it('asks for the bearer token there too when METRICS_TOKEN is set', async () => {
    const server = await startMetricsServer(registry(), { port: 0, host: '127.0.0.1', token: TOKEN });
    const url = `http://127.0.0.1:${server.port}/metrics`;
    try {
      expect((await fetch(url)).status).toBe(401);
      expect((await fetch(url, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
      const ok = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('probe_total 1');
    } finally {
      await server.close();
    }
  });
});
