import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app';

describe('request limits', () => {
  it('answers an oversized body with 413 JSON and too many requests with 429 and Retry-After', async () => {
    const { app } = await buildTestApp({ env: { BODY_LIMIT_BYTES: '1024', RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const big = await app.inject({
        method: 'POST',
        url: '/api/nothing',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ a: 'x'.repeat(4000) }),
      });
      expect(big.statusCode).toBe(413);
      expect(big.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 5; i++) {
        last = await app.inject({ method: 'GET', url: '/api/gowild/blackout-dates', remoteAddress: '203.0.113.9' });
        statuses.push(last.statusCode);
      }
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
      expect(last!.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not affected.
      expect((await app.inject({ method: 'GET', url: '/api/gowild/blackout-dates', remoteAddress: '203.0.113.10' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('logging', () => {
  it('writes JSON lines with secrets redacted', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const { app } = await buildTestApp({ env: { LOG_LEVEL: 'info' }, logStream: stream });
    try {
      app.log.info({ body: { email: 'a@b.co', password: 'hunter22' }, token: 'eyJsecret' }, 'login attempt');
      await app.inject({ method: 'GET', url: '/api/health', headers: { authorization: 'Bearer eyJabc.def.ghi' } });
      const all = lines.join('');
      expect(all).toContain('login attempt');
      expect(all).not.toContain('hunter22');
      expect(all).not.toContain('eyJsecret');
      expect(all).not.toContain('eyJabc');
      for (const l of lines) expect(() => JSON.parse(l)).not.toThrow();
    } finally {
      await app.close();
    }
  });
  it('redacts secret query values (reset tokens, codes, keys, signatures) from request and error logs', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const { app } = await buildTestApp({ env: { LOG_LEVEL: 'info' }, logStream: stream });
    app.get('/api/test-boom', () => {
      throw new Error('the airline refused https://airline.example/fares?api_key=leak-key-1&date=2026-12-01');
    });
    try {
      // The e-mailed reset link, as the browser asks for it (a client route: the SPA answers).
      await app.inject({ method: 'GET', url: '/reset-password?token=abc123secret' });
      await app.inject({ method: 'GET', url: '/api/nope?origin=DEN&code=oob-code-2&Signature=sig-3&x-amz-signature=sig-4' });
      const boom = await app.inject({ method: 'GET', url: '/api/test-boom?access_token=at-5' });
      expect(boom.statusCode).toBe(500);
      app.log.error(`fetch failed for /api/auth/verify?token=in-message-6&keep=1`);
      app.log.warn({ err: new Error('bad link /reset-password?token=in-err-7') }, 'reset link rejected');
      const all = lines.join('');
      for (const secret of ['abc123secret', 'oob-code-2', 'sig-3', 'sig-4', 'leak-key-1', 'at-5', 'in-message-6', 'in-err-7']) {
        expect(all).not.toContain(secret);
      }
      // What is not a secret stays readable.
      expect(all).toContain('/reset-password?token=[redacted]');
      expect(all).toContain('origin=DEN');
      expect(all).toContain('date=2026-12-01');
      expect(all).toContain('keep=1');
      for (const l of lines) expect(() => JSON.parse(l)).not.toThrow();
    } finally {
      await app.close();
    }
  });
});

describe('single-page app', () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'gw-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><script>window.boot = 1;</script><div id="root"></div><script type="module" src="/assets/app-123.js"></script>',
    );
    writeFileSync(path.join(dist, 'assets', 'app-123.js'), 'console.log(1)');
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('serves index.html for client routes, hashed assets with long caching, and JSON 404s under /api', async () => {
    const { app } = await buildTestApp({ env: { WEB_DIST_DIR: dist } });
    try {
      const page = await app.inject({ method: 'GET', url: '/flight-summary?data=abc' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<div id="root">');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      // The page's own inline boot script is allowed by its hash, and no other inline script is.
      const scriptSrc = String(page.headers['content-security-policy'])
        .split(';')
        .find((d) => d.trim().startsWith('script-src'))!;
      const hash = createHash('sha256').update('window.boot = 1;').digest('base64');
      expect(scriptSrc.trim().split(/\s+/)).toEqual(['script-src', "'self'", `'sha256-${hash}'`, 'https://accounts.google.com/gsi/client']);
      const root = await app.inject({ method: 'GET', url: '/' });
      expect(root.body).toContain('<div id="root">');
      const asset = await app.inject({ method: 'GET', url: '/assets/app-123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      const api = await app.inject({ method: 'GET', url: '/api/does-not-exist' });
      expect(api.statusCode).toBe(404);
      expect(api.headers['content-type']).toContain('application/json');
      // The built files are one route in the metrics, not one per hashed name (decision 332).
      const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(metrics).toMatch(/http_requests_total\{method="GET",route="spa",status="200"\} 3\b/);
      expect(metrics).not.toContain('app-123');
    } finally {
      await app.close();
    }
  });
});
