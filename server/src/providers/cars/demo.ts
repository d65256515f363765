import type { RentalLocation } from '@gowild/contract/extras';
import { randomFor } from '../../lib/seeded-random';
import { costLevel } from '../hotels/cost-level';
import type { CarOffer, CarPlace, CarProvider, CarQuery } from './cars.provider';
import { utcDateOf } from '@gowild/contract/dates';

/** The fleet, economy to SUV, with a mid-priced US city's base day rate. */
const FLEET: { class: string; model: string; rate: number }[] = [
  { class: 'Economy', model: 'Mitsubishi Mirage or similar', rate: 39 },
  { class: 'Compact', model: 'Nissan Versa or similar', rate: 43 },
  { class: 'Midsize', model: 'Toyota Corolla or similar', rate: 48 },
  { class: 'Standard', model: 'Volkswagen Jetta or similar', rate: 52 },
  { class: 'Fullsize', model: 'Toyota Camry or similar', rate: 57 },
  { class: 'Compact SUV', model: 'Ford Escape or similar', rate: 58 },
  { class: 'Midsize SUV', model: 'Toyota RAV4 or similar', rate: 64 },
  { class: 'Premium', model: 'Nissan Maxima or similar', rate: 71 },
  { class: 'Standard SUV', model: 'Jeep Grand Cherokee or similar', rate: 79 },
  { class: 'Minivan', model: 'Chrysler Pacifica or similar', rate: 86 },
  { class: 'Luxury', model: 'Cadillac CT5 or similar', rate: 98 },
  { class: 'Large SUV', model: 'Chevrolet Tahoe or similar', rate: 112 },
];
const STREETS = [
  'Airport Blvd',
  'Main St',
  'Market St',
  'Broadway',
  'Commerce Dr',
  'Park Ave',
  'Center St',
  'Lincoln Ave',
  'Harbor Rd',
  'Colonial Pkwy',
];
const AREAS = ['Downtown', 'Midtown', 'Central', 'North', 'South', 'West', 'East', 'Convention Center'];
/** Drivers under 25 pay the young-driver fee per day. */
const YOUNG_DRIVER_FEE = 29;

function locationsOf(place: CarPlace, supplier: string): (RentalLocation & { share: number })[] {
  const r = randomFor('cars', place.code);
  const city = place.city.split('/')[0]!.trim();
  const out: (RentalLocation & { share: number })[] = [
    {
      id: place.code,
      name: `${supplier} ${place.name}`,
      street_address: `${place.name}, ${city}`,
      distance_miles: Math.round(r() * 6) / 10,
      share: 1,
    },
  ];
  const branches = Math.floor(r() * 3);
  const areas = [...AREAS].sort(() => r() - 0.5);
  for (let i = 0; i < branches; i++) {
    const street = STREETS[Math.floor(r() * STREETS.length)]!;
    out.push({
      id: `${place.code}C${String(11 + Math.floor(r() * 80))}`,
      name: `${supplier} ${city} ${areas[i]}`,
      street_address: `${100 + Math.floor(r() * 8900)} ${street}, ${city}`,
      distance_miles: Math.round((2 + r() * 10 + i * 3) * 10) / 10,
      share: 0.55 + r() * 0.3,
    });
  }
  return out.sort((a, b) => a.distance_miles - b.distance_miles);
}

/** A day's rate for a class: the city's level, weekends and the busy months, and a move that depends on the date. */
function dayRate(place: CarPlace, locationId: string, base: number, date: string): number {
  const d = new Date(`${date}T00:00:00Z`);
  const weekend = d.getUTCDay() === 5 || d.getUTCDay() === 6 ? 1.12 : 1;
  const month = d.getUTCMonth();
  const season = month === 5 || month === 6 || month === 11 || month === 2 ? 1.15 : 1;
  const wobble = 0.9 + randomFor(locationId, date, base)() * 0.2;
  return base * costLevel(place.code) * weekend * season * wobble;
}

/**
 * The offline default (docs/product/destination-extras.md#demo-data): one to three branches of the supplier at and near
 * each airport (the airport counter always), classes from economy to large SUV, day rates that follow the city, the
 * dates and the driver's age, and a few classes sold out on a given pick-up day.
 */
export function createDemoCarProvider(opts: { supplier: string }): CarProvider {
  const supplier = opts.supplier;
  return {
    name: 'demo',
    demo: true,
    supplier,
    async locations(place) {
      return locationsOf(place, supplier).map(({ share: _share, ...l }) => l);
    },
    async availability(place: CarPlace, locationId: string, query: CarQuery): Promise<CarOffer[]> {
      const location = locationsOf(place, supplier).find((l) => l.id === locationId);
      if (!location) return [];
      const pick = randomFor(locationId, query.pickupDate, 'stock');
      const start = Date.parse(`${query.pickupDate}T00:00:00Z`);
      const days = Array.from({ length: query.days }, (_, i) => utcDateOf(start + i * 86_400_000));
      return FLEET.filter(() => pick() < location.share * 0.92).map((v): CarOffer => {
        // Off-airport branches skip the airport concession fee.
        const airportFee = location.id === place.code ? 1.11 : 1;
        const young = query.driverAge < 25 ? YOUNG_DRIVER_FEE * query.days : 0;
        const payLater = days.reduce((sum, d) => sum + dayRate(place, locationId, v.rate, d), 0) * airportFee + young;
        const payNow = payLater * 0.9;
        return {
          model: v.model,
          class: v.class,
          currency: 'USD',
          paymentOptions: [
            { payment_type: 'Pay Now', total_cost: Math.round(payNow * 100) / 100 },
            { payment_type: 'Pay Later', total_cost: Math.round(payLater * 100) / 100 },
          ],
        };
      });
    },
  };
}
