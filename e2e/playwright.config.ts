import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the built app (web/dist) served by the real server on the Frontier emulator.
 * Each worker starts its own server on a free port with a fresh data directory (fixtures/server.ts), so spec files
 * can ask for different settings. Debian's Chromium only: Playwright never downloads a browser here.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // Overridable so two runs at once (two people, two checkouts) do not delete each other's artifacts.
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results',
  // Two cores on the CI machine: two workers at most.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // One retry on CI so a timing flake on a loaded machine does not throw away a whole run; the list reporter still
  // names every test that passed only on its retry ("flaky"), and each one is a defect to fix (decision 033).
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : 'list',
  use: {
    ...devices['Desktop Chrome'],
    channel: undefined,
    // Recording a trace for every test and throwing it away when it passes cost about 12 % of the browser tests' CPU.
    // On CI a failed test is run again, and that retry records one; locally, `npx playwright test --trace on`.
    trace: 'on-first-retry',
    // The app's service worker would answer requests that specs intercept with page.route; only the offline spec,
    // which tests the worker itself, lets it run (test.use({ serviceWorkers: 'allow' })).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
