import { describe, expect, it } from 'vitest';
import { OutsideServiceError } from '../../lib/upstream/service-client';
import { type FakeAnswer, fakeFetch, rapidApiFixture } from '../rapidapi/fake-fetch';
import { createBookingComHotelProvider, readPropertyCount } from './booking-com';
import type { HotelPlace, HotelQuery } from './hotels.provider';

const DEN: HotelPlace = {
  code: 'DEN',
  name: 'Denver International Airport',
  city: 'Denver',
  countryCode: 'US',
  lat: 39.8617,
  lng: -104.6731,
};
const SDQ: HotelPlace = {
  code: 'SDQ',
  name: 'Las Americas International Airport',
  city: 'Santo Domingo',
  countryCode: 'DO',
  lat: 18.4297,
  lng: -69.6689,
};
const query: HotelQuery = { checkin: '2026-07-20', checkout: '2026-07-22', nights: 2, adults: 2, rooms: 1, sort: 'price', page: 1 };
const signal = new AbortController().signal;

function provider(routes: Record<string, FakeAnswer>) {
  const fake = fakeFetch((url) => routes[url.pathname]);
  return {
    fake,
    hotels: createBookingComHotelProvider({
      key: 'k-123',
      host: 'booking-com15.p.rapidapi.com',
      baseUrl: 'https://booking-com15.p.rapidapi.com',
      fetchImpl: fake.impl,
    }),
  };
}

describe('Booking.com hotel adapter (RapidAPI booking-com15)', () => {
  it('looks up the airport destination, then searches its hotels with our parameters and the RapidAPI headers', async () => {
    const { fake, hotels } = provider({
      '/api/v1/hotels/searchDestination': { body: rapidApiFixture('search-destination-den.json') },
      '/api/v1/hotels/searchHotels': { body: rapidApiFixture('search-hotels-den.json') },
    });
    const page = await hotels.search(DEN, query, signal);
    expect(fake.paths()).toEqual(['/api/v1/hotels/searchDestination', '/api/v1/hotels/searchHotels']);
    expect(fake.calls[0]!.url.searchParams.get('query')).toBe('DEN');
    expect(fake.calls[0]!.headers).toMatchObject({ 'x-rapidapi-key': 'k-123', 'x-rapidapi-host': 'booking-com15.p.rapidapi.com' });
    const asked = Object.fromEntries(fake.calls[1]!.url.searchParams);
    // The airport destination (58, 'airport') is preferred over the city listed first.
    expect(asked).toMatchObject({
      dest_id: '58',
      search_type: 'airport',
      arrival_date: '2026-07-20',
      departure_date: '2026-07-22',
      adults: '2',
      room_qty: '1',
      page_number: '1',
      sort_by: 'price',
      languagecode: 'en-us',
      currency_code: 'USD',
    });
    expect(page.total).toBe(1211);
    const [suites, crawford, hostel] = page.hotels;
    expect(suites).toMatchObject({
      id: '1185042',
      name: 'Airport Suites Denver',
      star_rating: 3,
      score: 8.4,
      score_word: 'Very good',
      review_count: 2137,
      // The whole stay over its two nights.
      price: { final_price: 150.75, original_price: 180, currency: 'USD' },
      pictures: ['https://cf.bstatic.com/xdata/images/hotel/square500/123456.jpg?k=abc&o='],
    });
    expect(suites!.url).toContain('hotel_id=1185042');
    // Miles from the destination airport.
    expect(suites!.distance_from_center).toBeGreaterThan(5);
    expect(suites!.distance_from_center).toBeLessThan(7);
    // A class above 5 is capped; a zero price is passed on as such (the panel reads 'Price unavailable').
    expect(crawford).toMatchObject({ star_rating: 5, price: { final_price: 0, original_price: null } });
    // Unrated (class 0) has no stars; no price at all stays missing.
    expect(hostel).toMatchObject({ star_rating: null, price: { final_price: null }, pictures: [] });
  });

  it('falls back to the search by coordinates when the destination lookup finds nothing', async () => {
    const { fake, hotels } = provider({
      '/api/v1/hotels/searchDestination': { body: { status: true, message: 'Success', data: [] } },
      '/api/v1/hotels/searchHotelsByCoordinates': { body: rapidApiFixture('search-hotels-by-coordinates.json') },
    });
    const page = await hotels.search(SDQ, { ...query, sort: 'price' }, signal);
    expect(fake.paths()).toEqual(['/api/v1/hotels/searchDestination', '/api/v1/hotels/searchHotelsByCoordinates']);
    expect(Object.fromEntries(fake.calls[1]!.url.searchParams)).toMatchObject({
      latitude: '18.4297',
      longitude: '-69.6689',
      arrival_date: '2026-07-20',
    });
    expect(page.total).toBe(57);
    // Sorted by our sort (the coordinates search has none): the cheaper Casa Colonial first.
    expect(page.hotels.map((h) => h.name)).toEqual(['Casa Colonial', 'Harbour View Inn']);
    expect(page.hotels[0]).toMatchObject({ star_rating: 5, score: 9.1, review_count: 75, price: { final_price: 60, original_price: 75 } });
    expect(page.hotels[1]).toMatchObject({
      url: 'https://www.booking.com/hotel/do/harbour-view.html',
      pictures: ['https://cf.bstatic.com/xdata/images/hotel/square500/501.jpg'],
    });
  });

  it('falls back to the coordinates when the destination has no hotels for the dates', async () => {
    const { fake, hotels } = provider({
      '/api/v1/hotels/searchDestination': { body: rapidApiFixture('search-destination-den.json') },
      '/api/v1/hotels/searchHotels': { body: rapidApiFixture('search-hotels-empty.json') },
      '/api/v1/hotels/searchHotelsByCoordinates': { body: rapidApiFixture('search-hotels-by-coordinates.json') },
    });
    const page = await hotels.search(DEN, query, signal);
    expect(fake.paths()).toEqual([
      '/api/v1/hotels/searchDestination',
      '/api/v1/hotels/searchHotels',
      '/api/v1/hotels/searchHotelsByCoordinates',
    ]);
    expect(page.hotels).toHaveLength(2);
  });

  it('looks an airport destination up once', async () => {
    const { fake, hotels } = provider({
      '/api/v1/hotels/searchDestination': { body: rapidApiFixture('search-destination-den.json') },
      '/api/v1/hotels/searchHotels': { body: rapidApiFixture('search-hotels-den.json') },
    });
    await hotels.search(DEN, query, signal);
    await hotels.search(DEN, { ...query, page: 2 }, signal);
    expect(fake.paths().filter((p) => p.endsWith('searchDestination'))).toHaveLength(1);
  });

  it.each([
    ['429 over quota', { status: 429, body: rapidApiFixture('quota-429.json') }, 'refused', /429.*MONTHLY quota/],
    ['403 not subscribed', { status: 403, body: rapidApiFixture('not-subscribed-403.json') }, 'refused', /403.*not subscribed/],
    ['200 with status false', { body: rapidApiFixture('status-false.json') }, 'invalid', /status false: Something went wrong/],
    ['502', { status: 502, body: { message: 'Bad gateway' } }, 'retryable', /502/],
    ['a changed answer', { body: { status: true, data: { unexpected: [] } } }, 'invalid', /unexpected Booking.com searchDestination/],
    ['a dropped connection', new TypeError('fetch failed'), 'retryable', /unreachable: fetch failed/],
  ] as const)('reads %s as an outside-service failure (%s)', async (_name, answer, failure, message) => {
    const { hotels } = provider({ '/api/v1/hotels/searchDestination': answer as FakeAnswer });
    const err = await hotels.search(DEN, query, signal).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutsideServiceError);
    expect((err as OutsideServiceError).failure).toBe(failure);
    expect((err as Error).message).toMatch(message);
  });

  it('reads the total from the meta title', () => {
    expect(readPropertyCount('1,234 properties')).toBe(1234);
    expect(readPropertyCount('Denver: 87 properties found')).toBe(87);
    expect(readPropertyCount(undefined)).toBeUndefined();
  });
});
