import type { Config } from '../../config';
import { systemClock } from '../../lib/clock';
import { POLICY_SETTINGS } from '../../lib/upstream/policy-settings';
import { OutsideServiceError, ServiceUnavailableError, createServiceClient } from '../../lib/upstream/service-client';
import { createDemoWeatherProvider } from './demo';
import { createOpenMeteoProvider } from './open-meteo';
import { type WeatherProvider, WeatherUnavailableError } from './weather.provider';

/**
 * A weather provider through the outside-service policies (lib/upstream/service-client.ts): time-out, retry with
 * jittered back-off for 5xx and unreachable, breaker, concurrency and rate limits, coalescing. Still fails with
 * WeatherUnavailableError, as the weather service expects.
 */
export function withWeatherPolicies(
  inner: WeatherProvider,
  client = createServiceClient({ name: 'weather', clock: systemClock, ...POLICY_SETTINGS.weather }),
): WeatherProvider {
  return {
    ...inner,
    breakerState: () => client.breakerState(),
    async daily(place, start, end) {
      try {
        return await client.call(`${place.lat},${place.lng},${start},${end}`, async (signal) => {
          try {
            return await inner.daily(place, start, end, signal);
          } catch (err) {
            if (!(err instanceof WeatherUnavailableError)) throw err;
            // 5xx and an unreachable service are worth another attempt; any other answer is not.
            throw new OutsideServiceError(err.message, /Open-Meteo (5\d\d|unreachable)/.test(err.message) ? 'retryable' : 'invalid');
          }
        });
      } catch (err) {
        if (err instanceof ServiceUnavailableError) throw new WeatherUnavailableError(err.message);
        throw err;
      }
    },
  };
}

/**
 * WEATHER_PROVIDER: `demo` (offline default) or `open-meteo`. `observe` wraps the live adapter inside the policies,
 * so it sees each call that reaches the service (the data-health page), not the answers kept in the cache.
 */
export function createWeatherProvider(config: Config, observe: (adapter: WeatherProvider) => WeatherProvider = (a) => a): WeatherProvider {
  return config.WEATHER_PROVIDER === 'open-meteo'
    ? withWeatherPolicies(observe(createOpenMeteoProvider({ baseUrl: config.OPEN_METEO_BASE_URL })))
    : createDemoWeatherProvider();
}
