import type { Hotel, HotelSort } from '@gowild/contract/extras';

/** The destination airport hotels are searched around. */
export interface HotelPlace {
  code: string;
  name: string;
  city: string;
  countryCode: string;
  lat: number;
  lng: number;
}

export interface HotelQuery {
  checkin: string;
  checkout: string;
  nights: number;
  adults: number;
  rooms: number;
  sort: HotelSort;
  /** The provider's page (1-based, `pageSize` hotels each). */
  page: number;
}

export interface HotelPage {
  hotels: Hotel[];
  /** Hotels the provider has for this search, over all pages; 0: none near the airport. */
  total: number;
}

/** Failures are thrown as OutsideServiceError (lib/upstream/service-client.ts). */
export interface HotelProvider {
  readonly name: string;
  readonly demo: boolean;
  /** Whose offers they are, for the panel's 'powered by' line. */
  readonly supplier: string;
  /** Hotels per provider page. */
  readonly pageSize: number;
  search(place: HotelPlace, query: HotelQuery, signal: AbortSignal): Promise<HotelPage>;
}
