import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuiltFiles } from './built-files';
import { readWebApp, registerSpa } from './spa';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

// A stand-in for a build: a page, a hashed script and style big enough for compressed copies, a small icon and
// a nested asset, then the build's own post-step writing the .br and .gz copies.
const dist = mkdtempSync(path.join(tmpdir(), 'gw-built-'));
const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, label: `row ${i}` })))};\n`;
mkdirSync(path.join(dist, 'assets', 'fonts'), { recursive: true });
writeFileSync(
  path.join(dist, 'index.html'),
  `<!doctype html><title>GoWild Finder</title>${'<meta name="x">'.repeat(100)}<div id="root"></div>`,
);
writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
writeFileSync(path.join(dist, 'assets', 'index-abc123.css'), `body{margin:0}${'.a{color:red}'.repeat(100)}`);
writeFileSync(path.join(dist, 'assets', 'fonts', 'x-1a2b.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeFileSync(
  path.join(dist, 'manifest.webmanifest'),
  JSON.stringify({ name: 'GoWild Finder', icons: Array(40).fill({ src: '/icon.png' }) }),
);
execFileSync(process.execPath, [path.join(repoRoot, 'scripts', 'precompress.mjs'), dist]);

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  const page = await registerSpa(app, readWebApp(dist), dist);
  app.setNotFoundHandler((_request, reply) => page(reply));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('readBuiltFiles', () => {
  it('lists every file by the path it is asked for, its compressed copies riding with it', () => {
    const files = readBuiltFiles(dist);
    expect([...files.keys()].sort()).toEqual([
      '/assets/fonts/x-1a2b.woff2',
      '/assets/index-abc123.css',
      '/assets/index-abc123.js',
      '/favicon.svg',
      '/index.html',
      '/manifest.webmanifest',
    ]);
    const js = files.get('/assets/index-abc123.js')!;
    expect(js.type).toBe('application/javascript; charset=utf-8');
    expect(js.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(js.bodies.br?.equals(readFileSync(path.join(dist, 'assets', 'index-abc123.js.br')))).toBe(true);
    expect(js.bodies.gzip?.equals(readFileSync(path.join(dist, 'assets', 'index-abc123.js.gz')))).toBe(true);
    expect(files.get('/index.html')!.cacheControl).toBe('no-cache');
    expect(files.get('/manifest.webmanifest')!.type).toBe('application/manifest+json');
    expect(files.get('/assets/fonts/x-1a2b.woff2')!.type).toBe('font/woff2');
    // Too small for a copy: only the file itself.
    expect(files.get('/favicon.svg')!.bodies).toEqual({ identity: readFileSync(path.join(dist, 'favicon.svg')) });
  });
});

describe('sending a built file', () => {
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('sends the copy the client weighs more, brotli on a tie, and the file as built when it takes neither', async () => {
    const url = '/assets/index-abc123.js';
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(readFileSync(path.join(dist, 'assets', 'index-abc123.js.br')))).toBe(true);
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['content-type']).toBe('application/javascript; charset=utf-8');

    const gz = await get(url, { 'accept-encoding': 'br;q=0.5, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(readFileSync(path.join(dist, 'assets', 'index-abc123.js.gz')))).toBe(true);

    for (const refused of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get(url, refused === undefined ? {} : { 'accept-encoding': refused });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
      expect(plain.headers.vary).toBe('accept-encoding');
    }
  });

  it('gives each encoding its own validator and answers 304 with no body when the client holds that one', async () => {
    const url = '/assets/index-abc123.css';
    const br = await get(url, { 'accept-encoding': 'br' });
    const plain = await get(url);
    expect(br.headers.etag).toMatch(/^"[\w-]+-br"$/);
    expect(plain.headers.etag).not.toBe(br.headers.etag);

    const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The brotli copy's validator does not stand for the file as built.
    const other = await get(url, { 'if-none-match': String(br.headers.etag) });
    expect(other.statusCode).toBe(200);
    // A browser may send it back weak.
    const weak = await get(url, { 'if-none-match': `W/${plain.headers.etag}` });
    expect(weak.statusCode).toBe(304);
  });

  it('answers HEAD with the headers alone, and client routes with the page', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.rawPayload.length).toBe(0);

    const page = await get('/flight-summary?data=abc', { 'accept-encoding': 'gzip' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.rawPayload.equals(readFileSync(path.join(dist, 'index.html.gz')))).toBe(true);
  });

  it('serves the build it started with, from memory: a file removed or added on disk afterwards changes nothing', async () => {
    const before = await get('/assets/index-abc123.js');
    rmSync(path.join(dist, 'assets', 'index-abc123.js'));
    writeFileSync(path.join(dist, 'assets', 'later-999.js'), 'export {}');
    const after = await get('/assets/index-abc123.js');
    expect(after.statusCode).toBe(200);
    expect(after.body).toBe(before.body);
    // Not a file of this build: the not-found handler's page.
    expect((await get('/assets/later-999.js')).headers['content-type']).toBe('text/html; charset=utf-8');
  });
});
