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
    // Each worker imports the server's module graph once, not once per test file (decision 315): that import was
    // most of a file's cost (about half of the suite's CPU). Safe because no server test mocks a module, every app
    // gets its own registries and database, and src/test/setup.ts puts back real timers, stubbed globals and
    // environment after each file.
    isolate: false,
  },
});
