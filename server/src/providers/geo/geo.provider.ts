/** A place an IP address resolves to. Coordinates in degrees. */
interface GeoLocation {
  lat: number;
  lng: number;
  city: string | null;
  country: string | null;
}

/** What a lookup answers: a place, or why there is none (said plainly, never guessed). */
export type GeoLookupResult = { found: true; location: GeoLocation } | { found: false; reason: string };

/** IP geolocation (docs/product/providers.md#ip-geolocation). Implementations never throw for an unknown address. */
export interface GeoProvider {
  readonly mode: 'live' | 'demo';
  lookup(ip: string): Promise<GeoLookupResult>;
}
