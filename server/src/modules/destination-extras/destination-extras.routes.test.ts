import { formatDollars } from '@gowild/contract/money';
import {
  CAR_MESSAGES,
  HOTEL_MESSAGES,
  availabilityResponseSchema,
  hotelSearchResponseSchema,
  rentalLocationsResponseSchema,
} from '@gowild/contract/extras';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../deps';
import { manualClock } from '../../lib/clock';
import { OutsideServiceError, createServiceClient } from '../../lib/upstream/service-client';
import { createBookingComCarProvider } from '../../providers/cars/booking-com-cars';
import type { CarProvider } from '../../providers/cars/cars.provider';
import { createDemoCarProvider } from '../../providers/cars/demo';
import { createBookingComHotelProvider } from '../../providers/hotels/booking-com';
import { createDemoHotelProvider } from '../../providers/hotels/demo';
import type { HotelProvider } from '../../providers/hotels/hotels.provider';
import { type FakeAnswer, fakeFetch, rapidApiFixture } from '../../providers/rapidapi/fake-fetch';
import { ROLES, type Role, type SignedIn, buildAccountsTestApp, signInAs } from '../../test/factories';
import { bookingLink, createCarsService } from './cars.service';
import { clampInt, createHotelsService } from './hotels.service';

/**
 * docs/product/destination-extras.md: every rule and text of the hotel and rental-car calls, on the server. The clock
 * is 10:00 in Denver on 2026-07-15, so "tomorrow at the airport" is 2026-07-16.
 */
const NOW = new Date('2026-07-15T16:00:00Z');
const clock = manualClock(NOW);
const TEMPLATE =
  'https://cars.example/book?loc={pickupCode}&from={pickupDate}T{pickupTime}&to={returnDate}T{returnTime}&age={age}&cdp={cdp}';

let app: FastifyInstance;
let deps: AppDeps;
let premium: SignedIn;
beforeAll(async () => {
  ({ app, deps } = await buildAccountsTestApp({ deps: { clock }, env: { CAR_BOOKING_URL_TEMPLATE: TEMPLATE } }));
  premium = await signInAs(app, deps, 'premium');
}, 120_000);
afterAll(async () => {
  await app.close();
});

const get = (url: string, who: SignedIn = premium) => app.inject({ method: 'GET', url, headers: who.headers });
const hotels = async (qs: string, code = 'DEN') => {
  const res = await get(`/api/hotels/search/airport/${code}${qs}`);
  return { res, body: res.statusCode === 200 ? hotelSearchResponseSchema.parse(res.json()) : undefined };
};
const trip = 'pickup_date=2026-07-20&pickup_time=15:00&return_date=2026-07-23&return_time=12:00';

describe('who may search hotels and rental cars', () => {
  const premiumOnly = (ok: number): Record<Role, number> => ({ visitor: 401, free: 403, premium: ok, admin: 403, deactivated: 401 });
  const calls: [string, Record<Role, number>, string][] = [
    ['/api/hotels/search/airport/DEN', premiumOnly(200), HOTEL_MESSAGES.premiumRequired],
    ['/api/hotels/search/airport/not-a-code?adults=lots', premiumOnly(400), HOTEL_MESSAGES.premiumRequired],
    ['/api/hertz/locations?text=DEN', premiumOnly(200), CAR_MESSAGES.premiumRequired],
    [`/api/hertz/availability?pickup_location=DEN&${trip}`, premiumOnly(200), CAR_MESSAGES.premiumRequired],
    ['/api/hertz/availability?driver_age=12', premiumOnly(400), CAR_MESSAGES.premiumRequired],
  ];
  for (const [url, expected, premiumText] of calls) {
    it(`GET ${url}: authenticate, authorize (premium), then validate`, async () => {
      for (const role of ROLES) {
        const who = await signInAs(app, deps, role);
        const res = await get(url, who);
        expect(res.statusCode, `${role} ${url}`).toBe(expected[role]);
        if (expected[role] === 403) expect(res.json()).toMatchObject({ code: 'PREMIUM_REQUIRED', message: premiumText });
      }
    });
  }
});

describe('GET /api/hotels/search/airport/:airportCode', () => {
  it('defaults: check-in tomorrow at the airport, check-out the day after, 2 adults, 1 room, page 1 of 20, sort auto; demo offers', async () => {
    const { body } = await hotels('');
    expect(body!.search).toEqual({
      airport_code: 'DEN',
      checkin_date: '2026-07-16',
      checkout_date: '2026-07-17',
      nights: 1,
      adults: 2,
      rooms: 1,
      sort_by: 'auto',
    });
    expect(body!.pagination).toMatchObject({ page: 1, per_page: 20 });
    expect(body!.properties).toHaveLength(20);
    expect(body!.pagination.total_properties).toBeGreaterThan(20);
    expect(body!.pagination.total_pages).toBe(Math.ceil(body!.pagination.total_properties / 20));
    expect(body).toMatchObject({ success: true, demo: true, provider: 'Booking.com' });
    expect(body!.message).toBe(`Found ${body!.pagination.total_properties} hotels near DEN`);
    for (const h of body!.properties) {
      expect(h.star_rating === null || (h.star_rating >= 1 && h.star_rating <= 5)).toBe(true);
      expect(h.pictures[0]).toMatch(/^data:image\/svg\+xml,/);
      expect(h.name.length).toBeGreaterThan(5);
    }
  });

  it('a check-in alone gets the day after as check-out; lower-case and padded codes are read', async () => {
    const { body } = await hotels('?checkin_date=2026-08-01', '%20den%20');
    expect(body!.search).toMatchObject({ airport_code: 'DEN', checkin_date: '2026-08-01', checkout_date: '2026-08-02' });
  });

  it.each([
    ['adults=0', { adults: 1 }],
    ['adults=9', { adults: 8 }],
    ['adults=many', { adults: 2 }],
    ['adults=3.7', { adults: 3 }],
    ['rooms=-2', { rooms: 1 }],
    ['rooms=40', { rooms: 8 }],
  ])('clamps %s', async (qs, expected) => {
    const { body } = await hotels(`?${qs}`);
    expect(body!.search).toMatchObject(expected);
  });

  it.each([
    ['page=0', { page: 1, per_page: 20 }, 20],
    ['page=-4', { page: 1, per_page: 20 }, 20],
    ['per_page=0', { page: 1, per_page: 1 }, 1],
    ['per_page=500', { page: 1, per_page: 50 }, null],
    ['per_page=12', { page: 1, per_page: 12 }, 12],
  ])('clamps %s', async (qs, expected, count) => {
    const { body } = await hotels(`?${qs}`);
    expect(body!.pagination).toMatchObject(expected);
    expect(body!.properties).toHaveLength(count ?? Math.min(50, body!.pagination.total_properties));
  });

  it('pages of 12 follow each other without gaps or repeats, across the provider pages of 20', async () => {
    const all = (await hotels('?per_page=50')).body!.properties.map((h) => h.id);
    const pages = [];
    for (let p = 1; p <= 3; p++) pages.push(...(await hotels(`?per_page=12&page=${p}`)).body!.properties.map((h) => h.id));
    expect(pages).toEqual(all.slice(0, 36));
    const past = await hotels('?page=200');
    expect(past.body).toMatchObject({ properties: [], message: HOTEL_MESSAGES.emptySearch });
  });

  it.each([
    ['DENV', HOTEL_MESSAGES.badAirportCode],
    ['D3N', HOTEL_MESSAGES.badAirportCode],
    ['%20%20', HOTEL_MESSAGES.badAirportCode],
  ])('answers 400 for the code %s', async (code, message) => {
    const { res } = await hotels('', code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, error: message });
  });

  it.each([
    ['?checkin_date=2026-07-20&checkout_date=2026-07-20', HOTEL_MESSAGES.checkoutAfterCheckin],
    ['?checkin_date=2026-07-20&checkout_date=2026-07-18', HOTEL_MESSAGES.checkoutAfterCheckin],
    ['?checkin_date=2026-07-14', HOTEL_MESSAGES.checkinPast],
    ['?checkin_date=20-07-2026', HOTEL_MESSAGES.badDate],
    ['?checkout_date=2026-02-30', HOTEL_MESSAGES.badDate],
    ['?checkin_date=2026-07-20&checkout_date=2026-08-25', HOTEL_MESSAGES.tooLong],
    ['?sort_by=cheapest', HOTEL_MESSAGES.badSort],
  ])('answers 400 for %s', async (qs, message) => {
    const { res } = await hotels(qs);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('answers 404 for an airport it does not know', async () => {
    const { res } = await hotels('', 'XYZ');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No hotels found near airport XYZ');
  });

  it('sorts by price (priced first, cheapest first), rating (highest first) and distance (nearest first)', async () => {
    const price = (await hotels('?sort_by=price&per_page=50')).body!.properties.map((h) => h.price.final_price);
    const priced = price.filter((p): p is number => p !== null && p > 0);
    expect(priced).toEqual([...priced].sort((a, b) => a - b));
    expect(price.slice(0, priced.length)).toEqual(priced);
    const rating = (await hotels('?sort_by=RATING&per_page=50')).body!.properties.map((h) => h.score ?? 0);
    expect(rating).toEqual([...rating].sort((a, b) => b - a));
    const distance = (await hotels('?sort_by=distance&per_page=50')).body!.properties.map((h) => h.distance_from_center ?? 0);
    expect(distance).toEqual([...distance].sort((a, b) => a - b));
  });

  it('demo prices are per night, follow the city and the rooms, and are the same for the same query', async () => {
    const avg = async (code: string, qs = '') => {
      const ps = (await hotels(`?per_page=50${qs}`, code)).body!.properties.map((h) => h.price.final_price).filter((p): p is number => !!p);
      return ps.reduce((a, b) => a + b, 0) / ps.length;
    };
    expect(await avg('JFK')).toBeGreaterThan((await avg('OKC')) * 1.6);
    expect(await avg('DEN', '&rooms=2')).toBeGreaterThan((await avg('DEN')) * 1.8);
    // Two nights: the average of the two nights' rates, not their sum.
    expect(await avg('DEN', '&checkin_date=2026-07-21&checkout_date=2026-07-23')).toBeLessThan((await avg('DEN')) * 1.3);
    const again = await hotels('?sort_by=price');
    expect(again.body!.properties).toEqual((await hotels('?sort_by=price')).body!.properties);
  });
});

describe('GET /api/hertz/locations', () => {
  it('finds 1 to 3 locations at and near the airport, the airport counter first, labelled demo', async () => {
    const res = await get('/api/hertz/locations?text=den');
    const body = rentalLocationsResponseSchema.parse(res.json());
    expect(body).toMatchObject({ demo: true, supplier: 'Hertz' });
    expect(body.locations.length).toBeGreaterThanOrEqual(1);
    expect(body.locations.length).toBeLessThanOrEqual(3);
    expect(body.locations[0]).toMatchObject({ id: 'DEN', name: 'Hertz Denver International Airport' });
    const d = body.locations.map((l) => l.distance_miles);
    expect(d).toEqual([...d].sort((a, b) => a - b));
  });

  it("names the airport counter by the airport's current name (Las Vegas: Harry Reid, not McCarran)", async () => {
    const body = rentalLocationsResponseSchema.parse((await get('/api/hertz/locations?text=LAS')).json());
    expect(body.locations[0]).toMatchObject({ id: 'LAS', name: 'Hertz Harry Reid International Airport' });
    expect(body.locations[0]!.street_address).toBe('Harry Reid International Airport, Las Vegas');
    expect(JSON.stringify(body)).not.toContain('McCarran');
  });

  it('reads a city as well as a code, and gives no locations for a place it does not know', async () => {
    expect((await get('/api/hertz/locations?text=Denver')).json().locations[0].id).toBe('DEN');
    expect((await get('/api/hertz/locations?text=Atlantis')).json()).toMatchObject({ locations: [] });
  });

  it('answers 400 without text', async () => {
    for (const url of ['/api/hertz/locations', '/api/hertz/locations?text=%20']) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CAR_MESSAGES.textRequired);
    }
  });
});

describe('GET /api/hertz/availability', () => {
  it("prices each vehicle at its cheapest option that is not 'pay later', cheapest first, with the booking link from the template", async () => {
    const res = await get(`/api/hertz/availability?pickup_location=DEN&${trip}`);
    const body = availabilityResponseSchema.parse(res.json());
    expect(body).toMatchObject({ days: 3, demo: true, supplier: 'Hertz' });
    expect(body.vehicles.length).toBeGreaterThan(0);
    for (const v of body.vehicles) {
      const payNow = v.rate_info.payment_options.find((o) => o.payment_type === 'Pay Now')!.total_cost;
      expect(v.lowest_price).toBe(payNow);
      expect(v.display_price).toBe(formatDollars(payNow));
      expect(v.booking_url).toBe('https://cars.example/book?loc=DEN&from=2026-07-20T15%3A00&to=2026-07-23T12%3A00&age=25&cdp=');
    }
    const prices = body.vehicles.map((v) => v.lowest_price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const classes = body.vehicles.map((v) => v.class);
    expect(classes.some((c) => c === 'Economy' || c === 'Compact')).toBe(true);
    expect(classes.some((c) => c.includes('SUV'))).toBe(true);
  });

  it('times default to 12:00, the CDP code and the age go into the link, and younger drivers pay more', async () => {
    const base = 'pickup_location=DEN&pickup_date=2026-07-20&return_date=2026-07-22';
    const adult = availabilityResponseSchema.parse((await get(`/api/hertz/availability?${base}&driver_age=30&cdp_code=1234567890`)).json());
    expect(adult.vehicles[0]!.booking_url).toContain('from=2026-07-20T12%3A00&to=2026-07-22T12%3A00&age=30&cdp=1234567890');
    expect(adult.days).toBe(2);
    const young = availabilityResponseSchema.parse((await get(`/api/hertz/availability?${base}&driver_age=21`)).json());
    const byModel = new Map(adult.vehicles.map((v) => [v.model, v.lowest_price]));
    for (const v of young.vehicles) expect(v.lowest_price).toBeGreaterThan(byModel.get(v.model)!);
  });

  it.each([
    ['driver_age=17', CAR_MESSAGES.age],
    ['driver_age=100', CAR_MESSAGES.age],
    ['driver_age=twenty', CAR_MESSAGES.age],
    ['driver_age=25.5', CAR_MESSAGES.age],
    ['cdp_code=ABC', CAR_MESSAGES.cdp],
    ['cdp_code=12345678901', CAR_MESSAGES.cdp],
    ['pickup_time=25:00', CAR_MESSAGES.badTime],
    ['return_time=9am', CAR_MESSAGES.badTime],
  ])('answers 400 for %s', async (qs, message) => {
    const [key] = qs.split('=');
    const rest = trip
      .split('&')
      .filter((p) => !p.startsWith(`${key}=`))
      .join('&');
    const res = await get(`/api/hertz/availability?pickup_location=DEN&${rest}&${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it.each([
    ['pickup_location=DEN&pickup_date=2026-07-14&return_date=2026-07-16', 400, CAR_MESSAGES.pickupPast],
    ['pickup_location=DEN&pickup_date=2026-07-20&return_date=2026-07-19', 400, CAR_MESSAGES.returnAfterPickup],
    [
      'pickup_location=DEN&pickup_date=2026-07-20&pickup_time=12:00&return_date=2026-07-20&return_time=11:00',
      400,
      CAR_MESSAGES.returnAfterPickup,
    ],
    ['pickup_location=DEN&pickup_date=2026-07-20&return_date=2026-09-20', 400, CAR_MESSAGES.tooLong],
    ['pickup_location=DEN&pickup_date=July&return_date=2026-07-22', 400, CAR_MESSAGES.badDate],
    ['pickup_location=D-N&pickup_date=2026-07-20&return_date=2026-07-22', 400, CAR_MESSAGES.badLocation],
    ['pickup_date=2026-07-20&return_date=2026-07-22', 400, CAR_MESSAGES.badLocation],
    ['pickup_location=ZZZ&pickup_date=2026-07-20&return_date=2026-07-22', 404, CAR_MESSAGES.locationNotFound],
    ['pickup_location=DENX99&pickup_date=2026-07-20&return_date=2026-07-22', 404, CAR_MESSAGES.locationNotFound],
  ])('%s → %i', async (qs, status, message) => {
    const res = await get(`/api/hertz/availability?${qs}`);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });

  it('accepts the ages at both ends and a 10-digit CDP code', async () => {
    for (const qs of ['driver_age=18', 'driver_age=99', 'cdp_code=1', 'cdp_code=0123456789']) {
      expect((await get(`/api/hertz/availability?pickup_location=DEN&${trip}&${qs}`)).statusCode).toBe(200);
    }
  });
});

/** Builds the two services on given providers, with a short-lived client that retries quickly. */
function servicesOn(hotelProvider: HotelProvider, carProvider: CarProvider) {
  const client = (name: string) =>
    createServiceClient({
      name,
      clock,
      freshMs: 300_000,
      concurrency: 4,
      rps: 100,
      timeoutMs: 2000,
      retries: 1,
      breakerThreshold: 5,
      breakerCooldownMs: 60_000,
      sleep: async () => {},
    });
  return {
    hotels: createHotelsService({ provider: hotelProvider, client: client('hotels'), clock }),
    cars: createCarsService({ provider: carProvider, client: client('cars'), clock, bookingUrlTemplate: TEMPLATE }),
  };
}

describe('through the outside-service client', () => {
  it('serves the same query within minutes from the cache, without asking the provider again', async () => {
    const demoHotels = createDemoHotelProvider();
    const demoCars = createDemoCarProvider({ supplier: 'Hertz' });
    const asked: string[] = [];
    const hotelProvider: HotelProvider = {
      ...demoHotels,
      search: (p, q, s) => (asked.push(`hotels ${p.code} ${q.page}`), demoHotels.search(p, q, s)),
    };
    const carProvider: CarProvider = {
      ...demoCars,
      locations: (p, s) => (asked.push(`locations ${p.code}`), demoCars.locations(p, s)),
      availability: (p, id, q, s) => (asked.push(`availability ${id}`), demoCars.availability(p, id, q, s)),
    };
    const { app: cachedApp, deps: cachedDeps } = await buildAccountsTestApp({ deps: { clock, ...servicesOn(hotelProvider, carProvider) } });
    try {
      const who = await signInAs(cachedApp, cachedDeps, 'premium');
      const call = (url: string) => cachedApp.inject({ method: 'GET', url, headers: who.headers });
      const first = await call('/api/hotels/search/airport/LAS?adults=3');
      const second = await call('/api/hotels/search/airport/LAS?adults=3');
      expect(second.json()).toEqual(first.json());
      await call(`/api/hertz/availability?pickup_location=LAS&${trip}`);
      await call(`/api/hertz/availability?pickup_location=LAS&${trip}&cdp_code=42`);
      await call('/api/hertz/locations?text=LAS');
      expect(asked).toEqual(['hotels LAS 1', 'locations LAS', 'availability LAS']);
      // A different query asks again.
      await call('/api/hotels/search/airport/LAS?adults=4');
      expect(asked).toHaveLength(4);
    } finally {
      await cachedApp.close();
    }
  });

  it("answers 503 with the spec's texts when the providers fail, and 404 when there are no hotels", async () => {
    const down: HotelProvider = {
      ...createDemoHotelProvider(),
      search: async (place) => {
        if (place.code === 'LAS') return { hotels: [], total: 0 };
        throw new OutsideServiceError('RapidAPI 429 (over quota)', 'refused');
      },
    };
    const carsDown: CarProvider = {
      ...createDemoCarProvider({ supplier: 'Hertz' }),
      locations: async () => {
        throw new OutsideServiceError('RapidAPI 503', 'retryable');
      },
    };
    const { app: downApp, deps: downDeps } = await buildAccountsTestApp({ deps: { clock, ...servicesOn(down, carsDown) } });
    try {
      const who = await signInAs(downApp, downDeps, 'premium');
      const call = (url: string) => downApp.inject({ method: 'GET', url, headers: who.headers });
      const empty = await call('/api/hotels/search/airport/LAS');
      expect(empty.statusCode).toBe(404);
      expect(empty.json().message).toBe('No hotels found near airport LAS');
      for (const [url, message] of [
        ['/api/hotels/search/airport/DEN', HOTEL_MESSAGES.unavailable],
        ['/api/hertz/locations?text=DEN', CAR_MESSAGES.unavailable],
        [`/api/hertz/availability?pickup_location=DEN&${trip}`, CAR_MESSAGES.unavailable],
      ] as const) {
        const res = await call(url);
        expect(res.statusCode, url).toBe(503);
        expect(res.json()).toMatchObject({ message, code: 'SERVICE_UNAVAILABLE' });
      }
    } finally {
      await downApp.close();
    }
  });

  it('drives the real adapters through the same service: Booking.com hotels, and RapidAPI cars kept to Hertz without pay later', async () => {
    const routes: Record<string, FakeAnswer> = {
      '/api/v1/hotels/searchDestination': { body: rapidApiFixture('search-destination-den.json') },
      '/api/v1/hotels/searchHotels': { body: rapidApiFixture('search-hotels-den.json') },
      '/api/v1/cars/searchCarRentals': { body: rapidApiFixture('search-car-rentals-den.json') },
    };
    const fake = fakeFetch((url) => routes[url.pathname]);
    const rapid = { key: 'k', host: 'booking-com15.p.rapidapi.com', baseUrl: 'https://booking-com15.p.rapidapi.com', fetchImpl: fake.impl };
    const services = servicesOn(createBookingComHotelProvider(rapid), createBookingComCarProvider({ ...rapid, supplier: 'Hertz' }));
    const { app: liveApp, deps: liveDeps } = await buildAccountsTestApp({
      deps: { clock, ...services },
      env: { RAPIDAPI_KEY: 'test-key' },
    });
    try {
      const who = await signInAs(liveApp, liveDeps, 'premium');
      const call = (url: string) => liveApp.inject({ method: 'GET', url, headers: who.headers });
      const h = hotelSearchResponseSchema.parse(
        (await call('/api/hotels/search/airport/DEN?checkin_date=2026-07-20&checkout_date=2026-07-22&per_page=2')).json(),
      );
      expect(h).toMatchObject({
        demo: false,
        provider: 'Booking.com',
        pagination: { total_properties: 1211, per_page: 2, total_pages: 606 },
      });
      expect(h.properties.map((p) => [p.name, p.price.final_price])).toEqual([
        ['Airport Suites Denver', 150.75],
        ['The Crawford Hotel', 0],
      ]);
      const locations = (await call('/api/hertz/locations?text=DEN')).json();
      expect(locations).toMatchObject({ demo: false, locations: [{ id: 'DEN' }] });
      const a = availabilityResponseSchema.parse((await call(`/api/hertz/availability?pickup_location=DEN&${trip}&driver_age=30`)).json());
      // Pay later is never the price (the Explorer's cheaper 'Pay Later' is passed over); the Spark, with only pay later, is left out.
      expect(a.vehicles.map((v) => [v.model, v.lowest_price, v.display_price])).toEqual([
        ['Toyota Corolla', 188.4, '$188.40'],
        ['Ford Explorer', 260, '$260.00'],
      ]);
      expect(a).toMatchObject({ demo: false, supplier: 'Hertz' });
      expect((await call('/api/config')).json().providers).toMatchObject({ hotels: 'live', cars: 'live' });
      routes['/api/v1/hotels/searchHotels'] = { status: 429, body: rapidApiFixture('quota-429.json') };
      const quota = await call('/api/hotels/search/airport/DEN?checkin_date=2026-07-25');
      expect(quota.statusCode).toBe(503);
      expect(quota.json().message).toBe(HOTEL_MESSAGES.unavailable);
    } finally {
      await liveApp.close();
    }
  });

  it('documents the three calls in the OpenAPI document', async () => {
    const doc = (await get('/api/docs/json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/hotels/search/airport/{airportCode}', '/api/hertz/locations', '/api/hertz/availability']),
    );
  });

  it('GET /api/config reports hotels and cars as the chosen providers', async () => {
    expect((await get('/api/config')).json().providers).toMatchObject({ hotels: 'demo', cars: 'demo' });
  });
});

describe('rules as functions', () => {
  it('clampInt: whole numbers within the range, else the default', () => {
    expect([
      clampInt(undefined, 1, 8, 2),
      clampInt('', 1, 8, 2),
      clampInt('x', 1, 8, 2),
      clampInt('0', 1, 8, 2),
      clampInt('9', 1, 8, 2),
      clampInt('4.9', 1, 8, 2),
    ]).toEqual([2, 2, 2, 1, 8, 4]);
  });
  it('bookingLink fills every placeholder, URL-encoded, and leaves unknown ones', () => {
    expect(
      bookingLink('https://x/{pickupCode}/{pickupDate}/{pickupTime}/{returnDate}/{returnTime}/{age}/{cdp}/{other}', {
        pickupCode: 'DEN',
        pickupDate: '2026-07-20',
        pickupTime: '09:00',
        returnDate: '2026-07-21',
        returnTime: '10:30',
        age: 40,
        cdp: '77',
      }),
    ).toBe('https://x/DEN/2026-07-20/09%3A00/2026-07-21/10%3A30/40/77/{other}');
  });
});
