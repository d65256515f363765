import type { BreakerState } from '../../lib/upstream/circuit-breaker';
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
  /** `signal`: the caller's time-out or shutdown (lib/upstream's policies), when it has one. */
  lookup(ip: string, signal?: AbortSignal): Promise<GeoLookupResult>;
  /** The circuit breaker's state, when lookups go through one (the live service; the demo has none). */
  readonly breakerState?: () => BreakerState;
}
