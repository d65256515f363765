import { type Config, loadConfig } from '../src/config';

/**
 * The settings of an app a search benchmark measures: production mode against the emulator at `emulatorUrl`, no
 * web build, no logs, no request rate limit, and **no background sweep**. A sweep (decision 187) would ask the same
 * emulator behind the benchmark's back, on the same CPU: its requests would be counted as the search's and its work
 * would slow the search down. In production sweeps run in the worker role; `npm run bench:sweep` measures them.
 */
export function benchAppConfig(emulatorUrl: string, extra: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'production',
    BILLING_DEMO: 'true',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    FLIGHTS_PROVIDER: 'frontier',
    FRONTIER_BASE_URL: emulatorUrl,
    RATE_LIMIT_PER_MINUTE: '1000000',
    SWEEP_BUDGET_PER_HOUR: '0',
    ...extra,
  });
}
