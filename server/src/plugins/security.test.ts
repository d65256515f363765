import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../test/build-test-app';

/** The value of one CSP directive, e.g. `frame-ancestors` → `'none'`. */
function directive(csp: string, name: string): string | undefined {
  for (const part of csp.split(';')) {
    const [key, ...values] = part.trim().split(/\s+/);
    if (key === name) return values.join(' ');
  }
  return undefined;
}

describe('Strict-Transport-Security (decision 054)', () => {
  let direct: FastifyInstance;
  let proxied: FastifyInstance;
  beforeAll(async () => {
    ({ app: direct } = await buildTestApp());
    ({ app: proxied } = await buildTestApp({ env: { TRUST_PROXY: 'true' } }));
  }, 60_000);
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  it('is not sent over plain HTTP, where a browser would ignore it and it only misleads', async () => {
    const res = await direct.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('is not sent on a forwarded-proto claim the server does not trust', async () => {
    const res = await direct.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent behind a trusted proxy that says the client came over HTTPS, on answers and errors alike', async () => {
    const ok = await proxied.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(ok.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}; includeSubDomains$/);
    const missing = await proxied.inject({ method: 'GET', url: '/api/nope', headers: { 'x-forwarded-proto': 'https' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['strict-transport-security']).toBeDefined();
    const plain = await proxied.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('framing', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await buildTestApp());
  }, 60_000);
  afterAll(async () => {
    await app.close();
  });

  it("sends X-Frame-Options that says what the CSP's frame-ancestors says", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    const ancestors = directive(String(res.headers['content-security-policy']), 'frame-ancestors');
    const expected: Record<string, string> = { "'none'": 'DENY', "'self'": 'SAMEORIGIN' };
    expect(ancestors).toBeDefined();
    expect(Object.keys(expected)).toContain(ancestors);
    expect(res.headers['x-frame-options']).toBe(expected[ancestors!]);
  });
});

describe('map tiles in the CSP (decision 086)', () => {
  it('allows images from no outside host without TILE_URL, and from its host alone with it', async () => {
    const { app: offline } = await buildTestApp();
    const { app: tiled } = await buildTestApp({ env: { TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png' } });
    try {
      const off = directive(
        String((await offline.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']),
        'img-src',
      );
      expect(off).toBe("'self' data: blob:");
      const on = directive(
        String((await tiled.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']),
        'img-src',
      );
      expect(on).toBe("'self' data: blob: https://*.tiles.example.org");
      const config = (await tiled.inject({ method: 'GET', url: '/api/config' })).json();
      expect(config.mapTiles).toEqual({
        url: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
        attribution: '&copy; OpenStreetMap contributors',
      });
    } finally {
      await offline.close();
      await tiled.close();
    }
  }, 60_000);

  it('allows the real hotel search its photo host, and only with a RapidAPI key (decision 081)', async () => {
    const { app } = await buildTestApp({ env: { RAPIDAPI_KEY: 'test-key' } });
    try {
      const csp = String((await app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
      expect(directive(csp, 'img-src')).toBe("'self' data: blob: https://cf.bstatic.com");
    } finally {
      await app.close();
    }
  }, 60_000);

  it('refuses a TILE_URL without the {z}/{x}/{y} placeholders', async () => {
    await expect(buildTestApp({ env: { TILE_URL: 'https://tiles.example.org/map.png' } })).rejects.toThrow(/TILE_URL/);
  }, 60_000);
});
