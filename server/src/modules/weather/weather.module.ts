import type { Clock } from '../../lib/clock';
import type { AppModule } from '../../lib/app-module';
import type { WeatherProvider } from '../../providers/weather/weather.provider';
import { weatherRoutes } from './weather.routes';
import { type WeatherService, createWeatherService } from './weather.service';

export type { WeatherService } from './weather.service';

/** Forecasts at airports, cached per airport and day. */
export function createWeatherModule(deps: { provider: WeatherProvider; clock: Clock }, overrides: { weather?: WeatherService } = {}) {
  const weather = overrides.weather ?? createWeatherService(deps);
  return { name: 'weather', services: { weather }, routes: (app) => weatherRoutes(app, { weather }) } satisfies AppModule;
}
export type WeatherModule = ReturnType<typeof createWeatherModule>;
