import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { type Plugin, type ResolvedConfig, build, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The boot script of decision 282 (src/early-search.ts), written into the page's head as an inline classic script:
 * it runs while the page is still being read, tens of milliseconds after the first byte, where a module script (even
 * one of its own, first in the head) ran only after its imports had downloaded, 100-250 ms later, and a shared link
 * waited that long before its search was even asked. Bundled on its own (an IIFE of about 3 KB, no import), so it
 * shares no module with the app: the two meet through the early calls' global registry (lib/early-fetch.ts). The
 * server allows exactly this script by its hash in the CSP (server/src/plugins/spa.ts). In dev, the module itself.
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
      async handler() {
        if (!building) return [{ tag: 'script', attrs: { type: 'module', src: `/${entry}` }, injectTo: 'head-prepend' }];
        const output = await build({
          configFile: false,
          logLevel: 'warn',
          resolve: { alias },
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
        return [{ tag: 'script', children: code.trim(), injectTo: 'head-prepend' }];
      },
    },
  };
}

/**
 * The home route's chunk, the chunks it imports and their styles, preloaded by the page itself (issue 30, links): the home route is
 * lazy (src/app/router.tsx), so without this the browser learns of it only once the app's bundle has run, one round of
 * downloads after the bundle, and a search link opened in a fresh browser waits for it. Every visit of the product
 * starts on `/` or reaches it soon, and the service worker precaches every script on the first visit anyway, so other
 * pages lose nothing by fetching it early.
 */
function preloadHomeRoute(): Plugin {
  const route = 'src/app/routes/home.tsx';
  return {
    name: 'gowild-preload-home-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = new Map(Object.values(ctx.bundle ?? {}).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
        const home = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(route));
        if (!home) throw new Error(`preloadHomeRoute: no chunk for ${route}`);
        // What the app's entry already preloads (its static imports) is in the page already.
        const entry = [...chunks.values()].filter((c) => c.isEntry && c.name === 'index');
        const present = new Set(entry.flatMap((c) => [c.fileName, ...c.imports]));
        const wanted = new Set<string>();
        const visit = (fileName: string) => {
          if (wanted.has(fileName) || present.has(fileName)) return;
          wanted.add(fileName);
          for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
        };
        visit(home.fileName);
        // A lazy chunk's styles are fetched when it is imported, and the import waits for them: named here, they come
        // with the page (the home route's are a few hundred bytes), and Vite's loader finds them already there.
        const styles = [...wanted].flatMap((fileName) => [...(chunks.get(fileName)?.viteMetadata?.importedCss ?? [])]);
        return [
          ...[...wanted].map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head' as const,
          })),
          ...styles.map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head' as const,
          })),
        ];
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
    preloadHomeRoute(),
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
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: true,
  },
});
