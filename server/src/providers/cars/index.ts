import type { Config } from '../../config';
import { createBookingComCarProvider } from './booking-com-cars';
import type { CarProvider } from './cars.provider';
import { createDemoCarProvider } from './demo';

/** RAPIDAPI_KEY switches the RapidAPI car search on; without it the offline default runs. */
export function createCarProvider(config: Config, opts: { fetchImpl?: typeof fetch } = {}): CarProvider {
  return config.RAPIDAPI_KEY
    ? createBookingComCarProvider({
        key: config.RAPIDAPI_KEY,
        host: config.RAPIDAPI_HOST,
        baseUrl: config.RAPIDAPI_BASE_URL,
        supplier: config.CAR_SUPPLIER,
        fetchImpl: opts.fetchImpl,
      })
    : createDemoCarProvider({ supplier: config.CAR_SUPPLIER });
}
