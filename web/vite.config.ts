import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { type IndexHtmlTransformContext, type Plugin, type ResolvedConfig, build, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;

/**
 * What the boot script starts (decision 331), from the built bundle: the app's entry; the chunks it imports and the
 * home route's, with what they import (issue 30, links: the home route is lazy, src/app/routes/home.tsx, so without
 * this the browser learns of it only once the app's bundle has run, one round of downloads later; every visit starts
 * on `/` or reaches it soon, and the service worker precaches every script on the first visit anyway); and the home
 * route's styles, which the page links itself (a lazy chunk's import waits for its styles: named in the page, they
 * come with it, and Vite's loader finds them there).
 */
function appScriptsOf(bundle: Bundle) {
  const route = 'src/app/routes/home.tsx';
  const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
  const entry = [...chunks.values()].find((c) => c.isEntry && c.name === 'index');
  const home = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(route));
  if (!entry || !home) throw new Error(`earlySearchScript: no chunk for the app's entry or for ${route}`);
  const wanted = new Set<string>();
  const visit = (fileName: string) => {
    // The home route imports from the entry too; the entry has its own tag.
    if (wanted.has(fileName) || fileName === entry.fileName) return;
    wanted.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
  };
  for (const imported of entry.imports) visit(imported);
  visit(home.fileName);
  const styles = [...wanted].flatMap((fileName) => [...(chunks.get(fileName)?.viteMetadata?.importedCss ?? [])]);
  return {
    scripts: { entry: `/${entry.fileName}`, preloads: [...wanted].map((fileName) => `/${fileName}`) },
    styles: [...new Set(styles)],
    entryFileName: entry.fileName,
  };
}

/**
 * The boot script of decision 282 (src/early-search.ts), written into the page's head as an inline classic script:
 * it runs while the page is still being read, tens of milliseconds after the first byte, where a module script (even
 * one of its own, first in the head) ran only after its imports had downloaded, 100-250 ms later, and a shared link
 * waited that long before its search was even asked. Bundled on its own (an IIFE of a few KB, no import), so it
 * shares no module with the app: the two meet through the early calls' global registry (lib/early-fetch.ts). The
 * server allows exactly this script by its hash in the CSP (server/src/plugins/spa.ts).
 *
 * It also starts the app (decision 331): the built page names no script of the app's, neither its entry nor a
 * preload (Vite's own preload links are turned off for the page below), so the browser's preload scanner asks for
 * none of them before a link's search has a connection; the list is written into the boot script. In dev, the boot
 * script is the module itself and the page names its entry as usual.
 */
function earlySearchScript(): Plugin {
  const entry = 'src/early-search.ts';
  let building = false;
  let alias: ResolvedConfig['resolve']['alias'] = [];
  return {
    name: 'gowild-early-search',
    configResolved(config) {
      building = config.command === 'build';
      alias = config.resolve.alias;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!building || !ctx.bundle) return [{ tag: 'script', attrs: { type: 'module', src: `/${entry}` }, injectTo: 'head-prepend' }];
        const app = appScriptsOf(ctx.bundle);
        const output = await build({
          configFile: false,
          logLevel: 'warn',
          resolve: { alias },
          // As JSON text in a string: the bundler's define turned an array into a comma-joined string.
          define: { __GOWILD_APP_SCRIPTS__: JSON.stringify(JSON.stringify(app.scripts)) },
          build: {
            write: false,
            minify: true,
            emptyOutDir: false,
            copyPublicDir: false,
            lib: { entry: fileURLToPath(new URL(entry, import.meta.url)), formats: ['iife'], name: 'gowildEarlySearch' },
          },
        });
        const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => ('output' in o ? o.output : []));
        const code = chunks.find((c) => c.type === 'chunk')?.code;
        if (!code) throw new Error('earlySearchScript: the boot script did not build');
        // The entry's own tag, as Vite writes it: the boot script adds it instead.
        const entryTag = new RegExp(`\\s*<script type="module" crossorigin src="/${app.entryFileName.replace(/[.]/g, '\\.')}"></script>`);
        if (!entryTag.test(html)) throw new Error(`earlySearchScript: no script tag for ${app.entryFileName} in the page`);
        return {
          html: html.replace(entryTag, ''),
          tags: [
            { tag: 'script', children: code.trim(), injectTo: 'head-prepend' },
            // Those of the entry's graph Vite has linked already.
            ...app.styles
              .filter((fileName) => !html.includes(`/${fileName}"`))
              .map((fileName) => ({
                tag: 'link',
                attrs: { rel: 'stylesheet', crossorigin: true, href: `/${fileName}` },
                injectTo: 'head' as const,
              })),
          ],
        };
      },
    },
  };
}

// In dev, /api and /metrics go to the Fastify server (npm run dev starts both).
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    earlySearchScript(),
    // The installable app and its service worker (docs/product/offline.md; decision 204). The worker is our own
    // (src/sw/service-worker.ts); the plugin builds it and injects the list of files to precache. The page registers it
    // itself (src/lib/offline/register-service-worker.ts), after the first paint.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'service-worker.ts',
      injectRegister: false,
      manifest: {
        name: 'GoWild Finder',
        short_name: 'GoWild',
        description: 'Every Frontier GoWild, Standard and Discount Den fare from your airport, in seconds.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#047857',
        background_color: '#f8fafc',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The app shell: scripts, styles, the page, icons. The basemap's JSON (maps, loaded on demand) stays out.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    // The page preloads nothing itself: the boot script starts the app's scripts (decision 331). Dynamic imports keep
    // their preloads.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? [] : deps) },
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: true,
  },
});
