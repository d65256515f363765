import { formatDollars } from '@gowild/contract/money';
import { isoDateSchema } from '@gowild/contract/dates';
import {
  type AvailabilityResponse,
  CAR_LIMITS,
  CAR_MESSAGES,
  type RentalLocationsResponse,
  type Vehicle,
  cheapestPayment,
} from '@gowild/contract/extras';
import { localDate, localToUtcMs } from '@gowild/contract/local-time';
import type { Clock } from '../../lib/clock';
import { badRequest, notFound, serviceUnavailable } from '../../lib/http-error';
import { findAirport, listAirports } from '../../lib/reference-data/airports';
import { type ServiceClient, ServiceUnavailableError } from '../../lib/upstream/service-client';
import type { CarOffer, CarPlace, CarProvider } from '../../providers/cars/cars.provider';

export interface AvailabilityRequest {
  pickup_location?: string;
  pickup_date?: string;
  pickup_time?: string;
  return_date?: string;
  return_time?: string;
  driver_age?: string;
  cdp_code?: string;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The booking link from the configured template (the partner's link format is not public: an operator sets it). */
export function bookingLink(
  template: string,
  v: { pickupCode: string; pickupDate: string; pickupTime: string; returnDate: string; returnTime: string; age: number; cdp?: string },
): string {
  const values: Record<string, string> = {
    pickupCode: v.pickupCode,
    pickupDate: v.pickupDate,
    pickupTime: v.pickupTime,
    returnDate: v.returnDate,
    returnTime: v.returnTime,
    age: String(v.age),
    cdp: v.cdp ?? '',
  };
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? encodeURIComponent(values[name]!) : whole));
}

/** An airport code, or a place named like an airport's city or the airport itself. */
function placeFor(text: string) {
  const code = text.toUpperCase();
  const byCode = /^[A-Z]{3}$/.test(code) ? findAirport(code) : undefined;
  if (byCode) return byCode;
  const t = text.toLowerCase();
  return (
    listAirports().find((a) => a.city.toLowerCase() === t) ??
    listAirports().find((a) => a.name.toLowerCase().includes(t) || a.city.toLowerCase().includes(t))
  );
}

/**
 * Rental cars near a destination airport (docs/product/destination-extras.md#rental-cars): its locations, and one
 * location's vehicles for the dates, each priced at its cheapest option that is not 'pay later', with a booking link.
 */
export function createCarsService(deps: { provider: CarProvider; client: ServiceClient; clock: Clock; bookingUrlTemplate: string }) {
  const { provider, client, clock } = deps;
  const call = async <T>(key: string, work: (signal: AbortSignal) => Promise<T>) => {
    try {
      return await client.call(key, work);
    } catch (err) {
      if (err instanceof ServiceUnavailableError) throw serviceUnavailable(CAR_MESSAGES.unavailable);
      throw err;
    }
  };
  const placeOf = (a: NonNullable<ReturnType<typeof findAirport>>): CarPlace => ({
    code: a.stationCode,
    name: a.name,
    city: a.city,
    countryCode: a.countryCode,
    lat: a.lat,
    lng: a.lng,
  });
  const locationsAt = (place: CarPlace) => call(`cars|locations|${place.code}`, (signal) => provider.locations(place, signal));

  return {
    demo: provider.demo,
    async locations(rawText: string | undefined): Promise<RentalLocationsResponse> {
      const text = rawText?.trim() ?? '';
      if (!text) throw badRequest(CAR_MESSAGES.textRequired);
      const airport = placeFor(text);
      const locations = airport ? await locationsAt(placeOf(airport)) : [];
      return { locations, demo: provider.demo, supplier: provider.supplier };
    },

    async availability(req: AvailabilityRequest): Promise<AvailabilityResponse> {
      const locationId = req.pickup_location?.trim().toUpperCase() ?? '';
      if (!/^[A-Z0-9]{3,12}$/.test(locationId)) throw badRequest(CAR_MESSAGES.badLocation);
      const date = (raw: string | undefined) => {
        const v = raw?.trim() ?? '';
        if (!isoDateSchema.safeParse(v).success) throw badRequest(CAR_MESSAGES.badDate);
        return v;
      };
      const time = (raw: string | undefined) => {
        const v = raw?.trim() || CAR_LIMITS.defaultTime;
        if (!TIME.test(v)) throw badRequest(CAR_MESSAGES.badTime);
        return v;
      };
      const pickupDate = date(req.pickup_date);
      const returnDate = date(req.return_date);
      const pickupTime = time(req.pickup_time);
      const returnTime = time(req.return_time);
      const ageText = req.driver_age?.trim() || String(CAR_LIMITS.age.default);
      const driverAge = /^\d{1,3}$/.test(ageText) ? Number(ageText) : NaN;
      if (!(driverAge >= CAR_LIMITS.age.min && driverAge <= CAR_LIMITS.age.max)) throw badRequest(CAR_MESSAGES.age);
      const cdp = req.cdp_code?.trim() || undefined;
      if (cdp !== undefined && !/^\d{1,10}$/.test(cdp)) throw badRequest(CAR_MESSAGES.cdp);

      const airport = findAirport(locationId.slice(0, 3));
      if (!airport) throw notFound(CAR_MESSAGES.locationNotFound);
      if (pickupDate < localDate(clock.now(), airport.timezone)) throw badRequest(CAR_MESSAGES.pickupPast);
      const minutes =
        (localToUtcMs(`${returnDate}T${returnTime}:00`, airport.timezone) -
          localToUtcMs(`${pickupDate}T${pickupTime}:00`, airport.timezone)) /
        60_000;
      if (!(minutes > 0)) throw badRequest(CAR_MESSAGES.returnAfterPickup);
      const days = Math.max(1, Math.ceil(minutes / 1440));
      if (days > CAR_LIMITS.maxRentalDays) throw badRequest(CAR_MESSAGES.tooLong);

      const place = placeOf(airport);
      if (!(await locationsAt(place)).some((l) => l.id === locationId)) throw notFound(CAR_MESSAGES.locationNotFound);
      const query = { pickupDate, pickupTime, returnDate, returnTime, driverAge, days };
      const key = ['cars', 'availability', locationId, pickupDate, pickupTime, returnDate, returnTime, driverAge].join('|');
      const offers: CarOffer[] = await call(key, (signal) => provider.availability(place, locationId, query, signal));
      const vehicles = offers
        .map((o): Vehicle | null => {
          const lowest = cheapestPayment(o.paymentOptions);
          if (lowest === null) return null;
          return {
            model: o.model,
            class: o.class,
            display_price: formatDollars(lowest),
            lowest_price: lowest,
            currency: o.currency,
            booking_url: bookingLink(deps.bookingUrlTemplate, {
              pickupCode: locationId,
              pickupDate,
              pickupTime,
              returnDate,
              returnTime,
              age: driverAge,
              cdp,
            }),
            rate_info: { payment_options: o.paymentOptions },
          };
        })
        .filter((v): v is Vehicle => v !== null)
        .sort((a, b) => a.lowest_price - b.lowest_price);
      return { vehicles, days, demo: provider.demo, supplier: provider.supplier };
    },
  };
}
export type CarsService = ReturnType<typeof createCarsService>;
