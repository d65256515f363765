import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// In dev, /api and /metrics go to the Fastify server (npm run dev starts both).
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
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
