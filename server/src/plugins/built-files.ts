import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { matchesEtag, negotiateCoding, varyOnEncoding } from '../lib/prepared-json';

/**
 * The built web app's files, read once when the server starts and sent from memory (decision 332).
 *
 * A first visit asks for about 40 files and its service worker for 110 more. Sent from disk, each cost the API's
 * thread about 0.5 ms (look for the file and its compressed copies, open one, stream it), 55 ms and more of
 * the thread per new visitor, and the app's scripts are asked for while a shared link's search is under way. From
 * memory a file costs what a small JSON answer costs. The server already served only the files it found when it
 * started (the routes are made then) and allows only the boot script it read then (plugins/spa.ts), so keeping
 * their bytes changes nothing a deploy sees: a new build is served by a new process.
 */
export interface BuiltFile {
  type: string;
  cacheControl: string;
  /** A strong validator of the file's content, to which each encoding adds its name. */
  etag: string;
  /** The file as built, and the brotli and gzip copies the build wrote beside it (scripts/precompress.mjs). */
  bodies: { identity: Buffer; br?: Buffer; gzip?: Buffer };
}

type Encoding = keyof BuiltFile['bodies'];

/** The types of what a Vite build writes; anything else goes out as bytes. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

const COPIES: [Encoding, string][] = [
  ['br', '.br'],
  ['gzip', '.gz'],
];

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Every file of the build under `distDir`, by the path it is asked for (`/assets/index-abc.js`). A compressed copy rides with its original
 * and is not a file of its own. Hashed assets (under `assets/`) are cached for a year; everything else is
 * revalidated, so a deploy is seen at once.
 */
export function readBuiltFiles(distDir: string): Map<string, BuiltFile> {
  const all = new Set(filesUnder(distDir));
  const files = new Map<string, BuiltFile>();
  for (const full of all) {
    if (COPIES.some(([, ext]) => full.endsWith(ext) && all.has(full.slice(0, -ext.length)))) continue;
    const identity = readFileSync(full);
    const bodies: BuiltFile['bodies'] = { identity };
    for (const [encoding, ext] of COPIES) if (all.has(full + ext)) bodies[encoding] = readFileSync(full + ext);
    const relative = path.relative(distDir, full).split(path.sep).join('/');
    files.set(`/${relative}`, {
      type: TYPES[path.extname(full).toLowerCase()] ?? 'application/octet-stream',
      cacheControl: relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      etag: createHash('sha256').update(identity).digest('base64url').slice(0, 22),
      bodies,
    });
  }
  return files;
}

/**
 * Sends a built file in the compressed copy the client weighs more (brotli on a tie, as for any answer), or as built,
 * or 304 when the client's copy is current. A file with compressed copies varies by Accept-Encoding; one without them
 * (under 1 KB, not worth it) goes through the compression plugin, which sends it as it is.
 */
export function sendBuiltFile(reply: FastifyReply, file: BuiltFile): FastifyReply {
  const coding = negotiateCoding(reply.request.headers['accept-encoding']);
  const encoding: Encoding = coding && file.bodies[coding] ? coding : 'identity';
  const etag = `"${file.etag}${encoding === 'identity' ? '' : `-${encoding}`}"`;
  reply.header('cache-control', file.cacheControl).header('etag', etag);
  if (file.bodies.br || file.bodies.gzip) varyOnEncoding(reply);
  if (matchesEtag(reply.request.headers['if-none-match'], etag)) return reply.code(304).send();
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type(file.type).send(file.bodies[encoding]);
}
