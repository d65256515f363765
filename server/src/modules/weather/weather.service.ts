import { addDays, daysBetween, isoDateSchema } from '@gowild/contract/dates';
import { LIMITS } from '@gowild/contract/limits';
import type { Forecast, WeatherResponse } from '@gowild/contract/weather';
import { LRUCache } from 'lru-cache';
import { badRequest, notFound, serviceUnavailable } from '../../lib/http-error';
import type { Clock } from '../../lib/clock';
import { localDate } from '@gowild/contract/local-time';
import { type WeatherProvider, WeatherUnavailableError } from '../../providers/weather/weather.provider';
import { findAirport } from '../../lib/reference-data/airports';

/** Open-Meteo forecasts reach 16 days (today + 15); the demo keeps to the same horizon so both behave alike. */
const WEATHER_HORIZON_DAYS = 16;

const WEATHER_MESSAGES = {
  unavailable: 'Weather service is currently unavailable',
  notAvailableFor: (code: string) => `Weather data not available for ${code}`,
  badDates: 'Dates must be YYYY-MM-DD (dates=a,b,c or start and end)',
} as const;

interface WeatherRequest {
  /** Comma list of YYYY-MM-DD. */
  dates?: string;
  start?: string;
  end?: string;
}

/**
 * Forecasts per airport (docs/product/search.md#weather): 7 days from today at the airport by default, or the asked dates
 * within the forecast horizon. Each (airport, day) is cached, so a stay that overlaps an earlier request only asks
 * the provider for the missing days.
 */
export function createWeatherService(deps: { provider: WeatherProvider; clock: Clock; cacheTtlMs?: number; cacheMax?: number }) {
  const { provider, clock } = deps;
  const cache = new LRUCache<string, Forecast>({ max: deps.cacheMax ?? 20_000, ttl: deps.cacheTtlMs ?? 3 * 60 * 60 * 1000 });

  function wantedDates(req: WeatherRequest, today: string): string[] {
    const check = (d: string) => {
      if (!isoDateSchema.safeParse(d).success) throw badRequest(WEATHER_MESSAGES.badDates);
      return d;
    };
    let dates: string[];
    if (req.dates?.trim()) {
      dates = [...new Set(req.dates.split(',').map((d) => check(d.trim())))].sort();
    } else if (req.start?.trim() || req.end?.trim()) {
      const start = check((req.start ?? req.end ?? '').trim());
      const end = check((req.end ?? req.start ?? '').trim());
      if (end < start) throw badRequest(WEATHER_MESSAGES.badDates);
      dates = [];
      for (let d = start; d <= end && dates.length <= WEATHER_HORIZON_DAYS; d = addDays(d, 1)) dates.push(d);
    } else {
      dates = Array.from({ length: LIMITS.weatherDays }, (_, i) => addDays(today, i));
    }
    return dates.filter((d) => daysBetween(today, d) >= 0 && daysBetween(today, d) < WEATHER_HORIZON_DAYS);
  }

  return {
    demo: provider.demo,
    async forecast(rawCode: string, req: WeatherRequest = {}): Promise<WeatherResponse> {
      const code = rawCode.trim().toUpperCase();
      const airport = /^[A-Z]{3}$/.test(code) ? findAirport(code) : undefined;
      if (!airport) throw notFound(WEATHER_MESSAGES.notAvailableFor(rawCode.trim() || rawCode));
      const today = localDate(clock.now(), airport.timezone);
      const dates = wantedDates(req, today);
      const missing = dates.filter((d) => !cache.has(`${code}:${d}`));
      if (missing.length > 0) {
        let fetched: Forecast[];
        try {
          fetched = await provider.daily(
            { code, lat: airport.lat, lng: airport.lng, timezone: airport.timezone },
            missing[0] as string,
            missing[missing.length - 1] as string,
          );
        } catch (err) {
          if (err instanceof WeatherUnavailableError) throw serviceUnavailable(WEATHER_MESSAGES.unavailable);
          throw err;
        }
        for (const f of fetched) cache.set(`${code}:${f.date}`, f);
      }
      const forecasts = dates.map((d) => cache.get(`${code}:${d}`)).filter((f): f is Forecast => f !== undefined);
      return { weather: { city: airport.city, forecasts, demo: provider.demo } };
    },
  };
}
export type WeatherService = ReturnType<typeof createWeatherService>;
