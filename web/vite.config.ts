import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { type Plugin, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The boot script of decision 282 (src/early-search.ts) as a script of its own in the page's head, before the app's
 * bundle: Vite folds a second module script of index.html into the app's entry, which would make the early search
 * wait for the whole app to download and parse. Built as a separate chunk (its few modules shared with the app, so both
 * read one early call); in dev the source itself.
 */
function earlySearchScript(): Plugin {
  const entry = 'src/early-search.ts';
  let building = false;
  return {
    name: 'gowild-early-search',
    configResolved(config) {
      building = config.command === 'build';
    },
    buildStart() {
      if (building) this.emitFile({ type: 'chunk', id: entry, name: 'early-search' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'early-search');
        return [{ tag: 'script', attrs: { type: 'module', src: `/${chunk ? chunk.fileName : entry}` }, injectTo: 'head-prepend' }];
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
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: true,
  },
});
