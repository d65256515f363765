import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const BUILD_TIMEOUT = 90_000;

const decoded = (res: LightMyRequestResponse): string => {
  const raw = res.rawPayload;
  switch (res.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(raw).toString();
    case 'gzip':
      return gunzipSync(raw).toString();
    default:
      return raw.toString();
  }
};

// A stand-in for `vite build`: an index page, a hashed script and a small icon, then the build's post-step.
const dist = mkdtempSync(path.join(tmpdir(), 'gw-dist-'));
const script = `export const routes = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ path: `/page-${i}`, title: `Page ${i}` })))};\n`;
const page = `<!doctype html><html><head><title>GoWild Finder</title>${'<meta name="x" content="filler">'.repeat(60)}</head><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>`;
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), page);
writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
execFileSync(process.execPath, [path.join(repoRoot, 'scripts', 'precompress.mjs'), dist]);

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await buildTestApp({ env: { WEB_DIST_DIR: dist } }));
  // A route registered the way every module's are (its own encapsulated plugin), after the compression plugin.
  await app.register(async (child) => {
    const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `item ${i}` })) };
    child.get('/api/test/big', async () => big);
    child.post('/api/test/big', async () => big);
  });
}, BUILD_TIMEOUT);
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('compressed answers', () => {
  it('compresses every JSON answer of 1 KB or more on the documented GET routes, to the same bytes', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const big: string[] = [];
    for (const [route, ops] of Object.entries(doc.paths)) {
      if (!ops.get || route.includes('{')) continue;
      const plain = await app.inject({ method: 'GET', url: route });
      const zipped = await app.inject({ method: 'GET', url: route, headers: { 'accept-encoding': 'gzip, br' } });
      expect(zipped.statusCode).toBe(plain.statusCode);
      expect(plain.headers['content-encoding']).toBeUndefined();
      if (plain.rawPayload.length < 1024) {
        expect(zipped.headers['content-encoding']).toBeUndefined();
        continue;
      }
      big.push(route);
      expect(zipped.headers['content-encoding']).toBe('br');
      expect(zipped.headers.vary).toMatch(/accept-encoding/i);
      // Data answers (lists of records) shrink to under a third; /api/developers is mostly prose (endpoint
      // summaries, examples), which brotli takes to about 40%.
      const ratio = route === '/api/developers' ? 2 : 3;
      expect(zipped.rawPayload.length, route).toBeLessThan(plain.rawPayload.length / ratio);
      expect(decoded(zipped)).toBe(plain.body);
    }
    expect(big).toEqual(expect.arrayContaining(['/api/airports']));
  });

  it('compresses any route a module adds, GET or POST, with gzip when that is what the client takes', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const plain = await app.inject({ method, url: '/api/test/big' });
      const zipped = await app.inject({ method, url: '/api/test/big', headers: { 'accept-encoding': 'gzip' } });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(decoded(zipped))).toEqual(plain.json());
    }
  });

  it('sends the built assets in their pre-compressed copies', async () => {
    const asset = '/assets/index-abc123.js';
    const br = await app.inject({ method: 'GET', url: asset, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(readFileSync(path.join(dist, 'assets', 'index-abc123.js.br')))).toBe(true);
    expect(decoded(br)).toBe(script);
    expect(br.headers['cache-control']).toContain('immutable');

    const gz = await app.inject({ method: 'GET', url: asset, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(readFileSync(path.join(dist, 'assets', 'index-abc123.js.gz')))).toBe(true);

    const plain = await app.inject({ method: 'GET', url: asset });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    // The SPA's pages (index.html for client routes) too.
    const index = await app.inject({ method: 'GET', url: '/search', headers: { 'accept-encoding': 'br' } });
    expect(index.headers['content-encoding']).toBe('br');
    expect(index.rawPayload.equals(readFileSync(path.join(dist, 'index.html.br')))).toBe(true);
    expect(decoded(index)).toBe(page);
    // A file too small to be worth a copy has none (it is compressed as it goes, like any other answer).
    expect(() => readFileSync(path.join(dist, 'favicon.svg.br'))).toThrow();
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg', headers: { 'accept-encoding': 'br' } });
    expect(icon.statusCode).toBe(200);
    expect(decoded(icon)).toContain('<svg');
  });
});
