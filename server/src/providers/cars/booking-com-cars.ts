import type { RentalLocation } from '@gowild/contract/extras';
import { z } from 'zod';
import { OutsideServiceError } from '../../lib/upstream/service-client';
import { type RapidApiOptions, rapidApiGet } from '../rapidapi/rapidapi';
import type { CarOffer, CarPlace, CarProvider, CarQuery } from './cars.provider';

const searchCarRentalsSchema = z.object({
  data: z.object({
    search_results: z.array(
      z.object({
        vehicle_info: z.object({ v_name: z.string(), group: z.string().nullish() }),
        supplier_info: z.object({ name: z.string() }),
        pricing_info: z.object({
          price: z.number().nullish(),
          drive_away_price: z.number().nullish(),
          currency: z.string().nullish(),
        }),
      }),
    ),
  }),
});

/** Where the offers are picked up: the supplier's counter at the airport (the RapidAPI car search is by coordinates). */
function airportCounter(place: CarPlace, supplier: string): RentalLocation {
  return { id: place.code, name: `${supplier} ${place.name}`, street_address: `${place.name}, ${place.city}`, distance_miles: 0 };
}

/**
 * Rental cars through RapidAPI "booking-com15" (docs/product/providers.md#rental-cars): the car search at the airport's
 * coordinates, kept where the supplier is ours (Hertz). The price is what is paid when booking ('Pay Now'); the
 * drive-away price, paid at the counter, is the 'Pay Later' option.
 */
export function createBookingComCarProvider(opts: RapidApiOptions & { supplier: string }): CarProvider {
  const supplier = opts.supplier;
  return {
    name: 'booking-com-cars',
    demo: false,
    supplier,
    async locations(place) {
      return [airportCounter(place, supplier)];
    },
    async availability(place: CarPlace, _locationId: string, query: CarQuery, signal: AbortSignal): Promise<CarOffer[]> {
      const body = await rapidApiGet(
        opts,
        '/api/v1/cars/searchCarRentals',
        {
          pick_up_latitude: place.lat,
          pick_up_longitude: place.lng,
          drop_off_latitude: place.lat,
          drop_off_longitude: place.lng,
          pick_up_date: query.pickupDate,
          drop_off_date: query.returnDate,
          pick_up_time: query.pickupTime,
          drop_off_time: query.returnTime,
          driver_age: query.driverAge,
          currency_code: 'USD',
        },
        signal,
      );
      const parsed = searchCarRentalsSchema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new OutsideServiceError(`unexpected searchCarRentals answer: ${issue?.path.join('.')} ${issue?.message}`, 'invalid');
      }
      const wanted = supplier.toLowerCase();
      return parsed.data.data.search_results
        .filter((r) => r.supplier_info.name.trim().toLowerCase() === wanted)
        .map((r): CarOffer => {
          const options: CarOffer['paymentOptions'] = [];
          if (r.pricing_info.price != null) options.push({ payment_type: 'Pay Now', total_cost: r.pricing_info.price });
          if (r.pricing_info.drive_away_price != null)
            options.push({ payment_type: 'Pay Later', total_cost: r.pricing_info.drive_away_price });
          return {
            model: r.vehicle_info.v_name,
            class: r.vehicle_info.group ?? 'Car',
            currency: r.pricing_info.currency ?? 'USD',
            paymentOptions: options,
          };
        });
    },
  };
}
