import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives the embedded defaults on an empty environment', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.HOST).toBe('0.0.0.0');
    expect(c.DATA_DIR).toBe('./data');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.FREE_SEARCHES_PER_DAY).toBe(3);
    expect(c.FLIGHTS_PROVIDER).toBe('emulator');
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });

  it('names every bad key at once', () => {
    try {
      loadConfig({ PORT: 'abc', FREE_SEARCHES_PER_DAY: '-1', DATABASE_URL: 'mysql://x', EMULATOR_ERROR_RATE: '2' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const keys = (e as ConfigError).issues.map((i) => i.key).sort();
      expect(keys).toEqual(['DATABASE_URL', 'EMULATOR_ERROR_RATE', 'FREE_SEARCHES_PER_DAY', 'PORT']);
      expect((e as Error).message).toContain('PORT');
    }
  });

  it('points e-mail links at the PORT the server listens on unless APP_URL says otherwise', () => {
    expect(loadConfig({}).APP_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).APP_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '8080', APP_URL: 'https://gowild.example' }).APP_URL).toBe('https://gowild.example');
    expect(loadConfig({ PORT: '0' }).APP_URL).toBe('http://localhost:3000');
  });

  it("asks the airline with a date form working tools send: 'Apr 02, 2026' by default, any of the five, nothing else (decision 239)", () => {
    expect(loadConfig({}).FRONTIER_DATE_FORMAT).toBe('MMM DD, YYYY');
    for (const form of ['MMM DD, YYYY', 'MMM-DD, YYYY', 'MMM DD YYYY', 'YYYY-MM-DD', 'YYYY-MM-DD 00:00:00'])
      expect(loadConfig({ FRONTIER_DATE_FORMAT: form }).FRONTIER_DATE_FORMAT).toBe(form);
    for (const unseen of ['MM-DD-YYYY', 'DD/MM/YYYY', 'mmm dd, yyyy'])
      expect(() => loadConfig({ FRONTIER_DATE_FORMAT: unseen })).toThrow(/FRONTIER_DATE_FORMAT/);
  });

  it("serves the real page's shape from the emulator unless the legacy one is asked for (decision 240)", () => {
    expect(loadConfig({}).EMULATOR_PAGE_SHAPE).toBe('real');
    expect(loadConfig({ EMULATOR_PAGE_SHAPE: 'legacy' }).EMULATOR_PAGE_SHAPE).toBe('legacy');
    expect(() => loadConfig({ EMULATOR_PAGE_SHAPE: 'results' })).toThrow(/EMULATOR_PAGE_SHAPE/);
  });

  it('coerces numbers and booleans', () => {
    const c = loadConfig({ PORT: '8080', TRUST_PROXY: 'true', PLAN_MONTHLY_PRICE: '7.5' });
    expect(c.PORT).toBe(8080);
    expect(c.TRUST_PROXY).toBe(true);
    expect(c.PLAN_MONTHLY_PRICE).toBe(7.5);
  });

  it('renews an airline session every 15 minutes unless told otherwise, and not more than every 10 seconds (decision 239)', () => {
    expect(loadConfig({}).FRONTIER_SESSION_LIFETIME_MS).toBe(900_000);
    expect(loadConfig({ FRONTIER_SESSION_LIFETIME_MS: '60000' }).FRONTIER_SESSION_LIFETIME_MS).toBe(60_000);
    expect(() => loadConfig({ FRONTIER_SESSION_LIFETIME_MS: '0' })).toThrow(/FRONTIER_SESSION_LIFETIME_MS/);
  });

  it('takes a pinned TEST_NOW outside production and refuses it in production', () => {
    expect(loadConfig({ TEST_NOW: '2026-11-23T23:30:00-05:00' }).TEST_NOW).toBe('2026-11-23T23:30:00-05:00');
    expect(() => loadConfig({ TEST_NOW: 'tomorrow' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_NOW: '2026-11-23T12:00:00Z' })).toThrow(/TEST_NOW/);
  });

  it('refuses production without Stripe unless the demo checkout is asked for (decision 077)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/STRIPE_SECRET_KEY.*is required when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: 'production', BILLING_DEMO: 'true' }).BILLING_DEMO).toBe(true);
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_MONTHLY: 'p1',
      STRIPE_PRICE_YEARLY: 'p2',
    };
    expect(loadConfig({ NODE_ENV: 'production', ...stripe }).BILLING_DEMO).toBe(false);
    expect(loadConfig({}).BILLING_DEMO).toBe(false);
  });

  it('checks the edge settings: headers within the request time-out, a metrics port apart, a long enough token', () => {
    const c = loadConfig({});
    expect([c.HEADERS_TIMEOUT_MS, c.REQUEST_TIMEOUT_MS, c.KEEP_ALIVE_TIMEOUT_MS, c.MAX_CONNECTIONS_PER_IP]).toEqual([
      10_000,
      30_000,
      undefined,
      undefined,
    ]);
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '10000' })).toThrow(/HEADERS_TIMEOUT_MS/);
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT/);
    expect(loadConfig({ PORT: '0', METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
