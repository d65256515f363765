import { describe, expect, it } from 'vitest';
import { OutsideServiceError } from '../../lib/upstream/service-client';
import { fakeFetch, rapidApiFixture } from '../rapidapi/fake-fetch';
import { createBookingComCarProvider } from './booking-com-cars';
import type { CarPlace, CarQuery } from './cars.provider';

const DEN: CarPlace = {
  code: 'DEN',
  name: 'Denver International Airport',
  city: 'Denver',
  countryCode: 'US',
  lat: 39.8617,
  lng: -104.6731,
};
const query: CarQuery = {
  pickupDate: '2026-07-20',
  pickupTime: '15:00',
  returnDate: '2026-07-23',
  returnTime: '12:00',
  driverAge: 30,
  days: 3,
};
const signal = new AbortController().signal;
const opts = { key: 'k', host: 'booking-com15.p.rapidapi.com', baseUrl: 'https://booking-com15.p.rapidapi.com', supplier: 'Hertz' };

describe('rental-car adapter (RapidAPI booking-com15 car search, kept to the supplier)', () => {
  it("asks at the airport's coordinates and keeps the supplier's vehicles, price as 'Pay Now' and drive-away as 'Pay Later'", async () => {
    const fake = fakeFetch(() => ({ body: rapidApiFixture('search-car-rentals-den.json') }));
    const cars = createBookingComCarProvider({ ...opts, fetchImpl: fake.impl });
    const offers = await cars.availability(DEN, 'DEN', query, signal);
    expect(fake.paths()).toEqual(['/api/v1/cars/searchCarRentals']);
    expect(Object.fromEntries(fake.calls[0]!.url.searchParams)).toEqual({
      pick_up_latitude: '39.8617',
      pick_up_longitude: '-104.6731',
      drop_off_latitude: '39.8617',
      drop_off_longitude: '-104.6731',
      pick_up_date: '2026-07-20',
      drop_off_date: '2026-07-23',
      pick_up_time: '15:00',
      drop_off_time: '12:00',
      driver_age: '30',
      currency_code: 'USD',
    });
    // The Alamo offer is left out.
    expect(offers).toEqual([
      {
        model: 'Toyota Corolla',
        class: 'Intermediate',
        currency: 'USD',
        paymentOptions: [
          { payment_type: 'Pay Now', total_cost: 188.4 },
          { payment_type: 'Pay Later', total_cost: 201.1 },
        ],
      },
      {
        model: 'Ford Explorer',
        class: 'Standard SUV',
        currency: 'USD',
        paymentOptions: [
          { payment_type: 'Pay Now', total_cost: 260 },
          { payment_type: 'Pay Later', total_cost: 240 },
        ],
      },
      { model: 'Chevrolet Spark', class: 'Economy', currency: 'USD', paymentOptions: [{ payment_type: 'Pay Later', total_cost: 150 }] },
    ]);
  });

  it("offers the supplier's airport counter as the location, coded by the airport", async () => {
    const cars = createBookingComCarProvider({ ...opts, fetchImpl: fakeFetch(() => undefined).impl });
    expect(await cars.locations(DEN, signal)).toEqual([
      { id: 'DEN', name: 'Hertz Denver International Airport', street_address: 'Denver International Airport, Denver', distance_miles: 0 },
    ]);
  });

  it.each([
    [429, 'refused'],
    [403, 'refused'],
    [500, 'retryable'],
  ] as const)('reads HTTP %i as %s', async (status, failure) => {
    const cars = createBookingComCarProvider({ ...opts, fetchImpl: fakeFetch(() => ({ status, body: { message: 'no' } })).impl });
    const err = await cars.availability(DEN, 'DEN', query, signal).catch((e: unknown) => e);
    expect((err as OutsideServiceError).failure).toBe(failure);
  });

  it('reads a 200 with status false, and a changed answer, as failures', async () => {
    for (const body of [rapidApiFixture('status-false.json'), { status: true, data: { results: [] } }]) {
      const cars = createBookingComCarProvider({ ...opts, fetchImpl: fakeFetch(() => ({ body })).impl });
      await expect(cars.availability(DEN, 'DEN', query, signal)).rejects.toBeInstanceOf(OutsideServiceError);
    }
  });
});
