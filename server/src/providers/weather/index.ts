import type { Config } from '../../config';
import { createDemoWeatherProvider } from './demo';
import { createOpenMeteoProvider } from './open-meteo';
import type { WeatherProvider } from './weather.provider';

/** WEATHER_PROVIDER: `demo` (offline default) or `open-meteo`. */
export function createWeatherProvider(config: Config): WeatherProvider {
  return config.WEATHER_PROVIDER === 'open-meteo'
    ? createOpenMeteoProvider({ baseUrl: config.OPEN_METEO_BASE_URL })
    : createDemoWeatherProvider();
}
