import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // One migrated template database for the run (PGlite, or PostgreSQL with TEST_DATABASE_URL), not one per file.
    globalSetup: ['src/test/global-setup.ts'],
    // Upper bounds for a hung test, not timings: building an app (migrations on PGlite) takes seconds on a quiet
    // machine and several times that on a loaded one.
    testTimeout: 45_000,
    hookTimeout: 90_000,
    pool: 'forks',
  },
});
