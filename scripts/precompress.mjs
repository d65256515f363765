// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy next to each compressible file of the built web
// app, at the highest levels (this runs once per build, not per request), so the server sends them as they are
// (server/src/plugins/built-files.ts; decisions 064, 332). A copy that would not be
// smaller than the original is not written. Usage: node scripts/precompress.mjs <dir> (default web/dist).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(?:html|js|mjs|css|json|svg|txt|xml|webmanifest|map|ico|wasm)$/i;
/** Below this a compressed copy saves less than the bytes of its headers. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

export function precompress(dir) {
  let written = 0;
  let before = 0;
  let after = 0;
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const body = readFileSync(file);
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
    before += body.length;
    after += Math.min(br.length, body.length);
    for (const [ext, bytes] of [
      ['.br', br],
      ['.gz', gz],
    ]) {
      if (bytes.length >= body.length) continue;
      writeFileSync(file + ext, bytes);
      written += 1;
    }
  }
  return { written, before, after };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? 'web/dist');
  const { written, before, after } = precompress(dir);
  console.log(
    `precompress: ${written} files written in ${dir}; ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB with brotli`,
  );
}
