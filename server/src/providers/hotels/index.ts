import type { Config } from '../../config';
import { createBookingComHotelProvider } from './booking-com';
import { createDemoHotelProvider } from './demo';
import type { HotelProvider } from './hotels.provider';

/** RAPIDAPI_KEY switches Booking.com on; without it the offline default runs. */
export function createHotelProvider(config: Config, opts: { fetchImpl?: typeof fetch } = {}): HotelProvider {
  return config.RAPIDAPI_KEY
    ? createBookingComHotelProvider({
        key: config.RAPIDAPI_KEY,
        host: config.RAPIDAPI_HOST,
        baseUrl: config.RAPIDAPI_BASE_URL,
        fetchImpl: opts.fetchImpl,
      })
    : createDemoHotelProvider();
}
