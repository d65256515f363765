import { CITY_GROUPS, expandAirportInput } from '@gowild/contract/city-groups';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app';
import type { AppDeps } from '../../deps';

let app: FastifyInstance;
let deps: AppDeps;
beforeAll(async () => {
  ({ app, deps } = await buildTestApp({ env: { PLAN_MONTHLY_PRICE: '7', FREE_SEARCHES_PER_DAY: '4' } }));
}, 120_000);
afterAll(async () => {
  await app.close();
});

describe('GET /api/airports', () => {
  it('lists every Frontier station and city-group airport with coordinates and a time zone', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/airports' });
    expect(res.statusCode).toBe(200);
    const { airports } = res.json() as {
      airports: { stationCode: string; cityAndCode: string; lat: number; lng: number; timezone: string }[];
    };
    expect(airports.length).toBeGreaterThanOrEqual(109);
    const codes = new Set(airports.map((a) => a.stationCode));
    for (const g of CITY_GROUPS) for (const c of g.airports) expect(codes.has(c), c).toBe(true);
    const den = airports.find((a) => a.stationCode === 'DEN');
    expect(den).toMatchObject({ cityAndCode: 'Denver, CO (DEN)', countryCode: 'US', timezone: 'America/Denver' });
    expect(den).not.toHaveProperty('frontier');
  });
});

describe('GET /api/routes', () => {
  it('is not public: the network is the premium route map data (route-map module)', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/routes' })).statusCode).toBe(401);
  });
});

describe('GET /api/gowild/blackout-dates', () => {
  it('lists the seeded dates as YYYY-MM-DD, sorted, and follows edits', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/gowild/blackout-dates' });
    const dates = res.json() as string[];
    expect(dates).toContain('2026-11-24');
    expect(dates).toContain('2026-12-31');
    expect([...dates].sort()).toEqual(dates);
    for (const d of dates) expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await deps.reference.addBlackouts([{ date: '2027-07-04', label: 'test' }]);
    expect((await app.inject({ method: 'GET', url: '/api/gowild/blackout-dates' })).json()).toContain('2027-07-04');
    await deps.reference.removeBlackout('2027-07-04');
    expect((await app.inject({ method: 'GET', url: '/api/gowild/blackout-dates' })).json()).not.toContain('2027-07-04');
  });
});

describe('GET /api/config', () => {
  it('publishes the plan catalogue and quota from the server configuration', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/config' });
    const body = res.json();
    expect(body.freeSearchesPerDay).toBe(4);
    expect(body.plans).toEqual([
      { id: 'monthly', name: 'Monthly', price: 7, regularPrice: 10, interval: 'month', trialDays: 7 },
      { id: 'yearly', name: 'Yearly', price: 50, regularPrice: 120, interval: 'year', trialDays: 7 },
    ]);
    expect(body.appVersion).toBe('3.1');
    expect(body.providers.flights).toBe('demo');
    expect(body.googleClientId).toBeNull();
    expect(body.mapTiles).toBeNull();
    // docs/product/search.md#pass-charges: the pass year's charges, defaults here.
    expect(body.passCharges).toEqual({ earlyBookingChargeFrom: 29, peakDayChargeFrom: 79 });
    expect(body.connections).toEqual({ minTransferMinutes: 90 });
  });

  it("publishes the route builder's shortest connection from configuration", async () => {
    const other = await buildTestApp({ env: { CONNECTION_MIN_TRANSFER_MINUTES: '120' } });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/api/config' });
      expect(res.json().connections).toEqual({ minTransferMinutes: 120 });
    } finally {
      await other.app.close();
    }
  });

  it('publishes the pass charges from configuration, and none for a charge set to 0', async () => {
    const other = await buildTestApp({ env: { GOWILD_EARLY_BOOKING_CHARGE_USD: '0', GOWILD_PEAK_DAY_CHARGE_USD: '99' } });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/api/config' });
      expect(res.json().passCharges).toEqual({ earlyBookingChargeFrom: null, peakDayChargeFrom: 99 });
    } finally {
      await other.app.close();
    }
  });
});

describe('city groups', () => {
  it('resolve CITY:XXX to their airports, case-insensitively', () => {
    expect(expandAirportInput('city:nyc')).toEqual(['JFK', 'LGA', 'EWR']);
    expect(expandAirportInput(' den , CITY:CHI ')).toEqual(['DEN', 'ORD', 'MDW']);
  });
});
