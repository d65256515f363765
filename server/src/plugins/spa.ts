import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { serverPackageDir } from '../lib/server-package-dir';
import { type BuiltFile, readBuiltFiles, sendBuiltFile } from './built-files';

/** The built web app beside the server package, whether this runs from src/ (tsx) or from the bundle in dist/. */
export const DEFAULT_WEB_DIST = path.resolve(serverPackageDir(import.meta.url), '..', 'web', 'dist');

/**
 * The built web app under `distDir`, read once at start-up (decision 332), or null when it is not built (no
 * index.html). The CSP's hashes and the files served both come from these bytes, so they always fit together.
 */
export function readWebApp(distDir: string): Map<string, BuiltFile> | null {
  return existsSync(path.join(distDir, 'index.html')) ? readBuiltFiles(distDir) : null;
}

/**
 * The CSP sources of the built page's inline scripts, `'sha256-…'` each: the boot script of decision 282 is written
 * into index.html so it runs before anything has downloaded, and the CSP allows that exact text and no other inline
 * script. Read from the page the server will serve, so a new build brings its own hash; none without a build.
 */
export function inlineScriptSources(web: Map<string, BuiltFile> | null): string[] {
  const page = web?.get('/index.html');
  if (!page) return [];
  const html = page.bodies.identity.toString('utf8');
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((m) => m[1]!)
    .filter((body) => body.trim() !== '')
    .map((body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
}

/**
 * Serves the built SPA from memory (plugins/built-files.ts, decision 332): a route for each file the build wrote,
 * sent in its pre-compressed copy (brotli, else gzip) when the client accepts one (decision 064). Hashed assets are
 * cached for a year; index.html never, so a deploy is seen at once.
 * Returns the fallback used by the not-found handler for client-side routes.
 */
export async function registerSpa(
  app: FastifyInstance,
  web: Map<string, BuiltFile> | null,
  distDir: string,
): Promise<(reply: FastifyReply) => unknown> {
  if (!web) {
    app.log.warn({ distDir }, 'web app is not built; run `npm run build`');
    return (reply) =>
      reply
        .status(503)
        .type('text/html')
        .send('<!doctype html><title>GoWild Finder</title><p>The web app is not built yet. Run <code>npm run build</code>.</p>');
  }
  for (const [urlPath, file] of web) {
    app.get(urlPath, { config: { metricsRoute: 'spa' } }, (_request, reply) => sendBuiltFile(reply, file));
  }
  const page = web.get('/index.html')!;
  return (reply) => sendBuiltFile(reply, page);
}
