import type { RentalLocation } from '@gowild/contract/extras';

/** The airport rental locations are looked for around. */
export interface CarPlace {
  code: string;
  name: string;
  city: string;
  countryCode: string;
  lat: number;
  lng: number;
}

export interface CarQuery {
  pickupDate: string;
  pickupTime: string;
  returnDate: string;
  returnTime: string;
  driverAge: number;
  /** Rental days charged (24-hour periods, at least 1). */
  days: number;
}

/** A vehicle before the booking link: its payment options are whole-rental totals. */
export interface CarOffer {
  model: string;
  class: string;
  currency: string;
  paymentOptions: { payment_type: string; total_cost: number }[];
}

/** Failures are thrown as OutsideServiceError (lib/upstream/service-client.ts). */
export interface CarProvider {
  readonly name: string;
  readonly demo: boolean;
  /** The rental company offers are kept for ('Hertz'). */
  readonly supplier: string;
  /** Rental locations at and near the airport, nearest first. */
  locations(place: CarPlace, signal: AbortSignal): Promise<RentalLocation[]>;
  /** Vehicles at one of the locations above (`locationId`), for the dates. */
  availability(place: CarPlace, locationId: string, query: CarQuery, signal: AbortSignal): Promise<CarOffer[]>;
}
