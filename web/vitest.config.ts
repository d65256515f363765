import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // The test files of a worker share one jsdom window and one module graph: setting up jsdom and importing React
    // and the app once per file was most of the web suite's time (about 100 of 115 s, and 200 s of CPU, on 2 cores).
    // Safe because no web test mocks a module, and src/test/setup.ts puts back what a file may leave behind (the
    // toasts, storage, address, timers, stubbed globals and the test flights' numbers).
    isolate: false,
  },
});
