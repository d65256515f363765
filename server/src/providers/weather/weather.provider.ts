import type { BreakerState } from '../../lib/upstream/circuit-breaker';
import type { Forecast } from '@gowild/contract/weather';

/** Where a forecast is wanted: an airport, with its coordinates and zone. */
export interface WeatherPlace {
  code: string;
  lat: number;
  lng: number;
  timezone: string;
}

/** The weather service could not answer (network, HTTP error, unreadable body). */
export class WeatherUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WeatherUnavailableError';
  }
}

export interface WeatherProvider {
  readonly name: string;
  readonly demo: boolean;
  /** Daily forecasts from `start` to `end` (YYYY-MM-DD, inclusive, local to the place); days the service cannot give are left out. */
  /** `signal`: the caller's time-out or shutdown (lib/upstream's policies), when it has one. */
  daily(place: WeatherPlace, start: string, end: string, signal?: AbortSignal): Promise<Forecast[]>;
  /** The circuit breaker's state, when calls go through one (the live service; the demo has none). */
  readonly breakerState?: () => BreakerState;
}
