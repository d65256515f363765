import { describeWeatherCode, type Forecast } from '@gowild/contract/weather';
import { z } from 'zod';
import { type WeatherPlace, type WeatherProvider, WeatherUnavailableError } from './weather.provider';

/** Open-Meteo's daily forecast (docs/product/providers.md#weather): parallel arrays that may hold null. */
const numbers = z.array(z.number().nullable());
const openMeteoDailySchema = z.object({
  daily: z.object({
    time: z.array(z.string()),
    weather_code: numbers,
    temperature_2m_max: numbers,
    temperature_2m_min: numbers,
  }),
});

/** Days with a null in any field are left out rather than invented. */
export function readOpenMeteoDaily(json: unknown): Forecast[] {
  const parsed = openMeteoDailySchema.safeParse(json);
  if (!parsed.success) throw new WeatherUnavailableError(`unexpected Open-Meteo answer: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  const d = parsed.data.daily;
  const out: Forecast[] = [];
  d.time.forEach((date, i) => {
    const code = d.weather_code[i];
    const high = d.temperature_2m_max[i];
    const low = d.temperature_2m_min[i];
    if (code == null || high == null || low == null) return;
    out.push({
      date,
      icon: Math.round(code),
      description: describeWeatherCode(code),
      temp_high: Math.round(high),
      temp_low: Math.round(low),
    });
  });
  return out;
}

export function createOpenMeteoProvider(opts: { baseUrl: string; timeoutMs?: number }): WeatherProvider {
  return {
    name: 'open-meteo',
    demo: false,
    async daily(place: WeatherPlace, start: string, end: string, signal?: AbortSignal) {
      const url = new URL('/v1/forecast', opts.baseUrl);
      url.search = new URLSearchParams({
        latitude: String(place.lat),
        longitude: String(place.lng),
        daily: 'weather_code,temperature_2m_max,temperature_2m_min',
        timezone: 'auto',
        start_date: start,
        end_date: end,
        temperature_unit: 'fahrenheit',
      }).toString();
      let res: Response;
      try {
        res = await fetch(url, { signal: signal ?? AbortSignal.timeout(opts.timeoutMs ?? 8000), headers: { accept: 'application/json' } });
      } catch (err) {
        throw new WeatherUnavailableError(`Open-Meteo unreachable: ${(err as Error).message}`);
      }
      const body: unknown = await res.json().catch(() => undefined);
      if (!res.ok) {
        const reason = (body as { reason?: unknown } | undefined)?.reason;
        throw new WeatherUnavailableError(`Open-Meteo ${res.status}${typeof reason === 'string' ? `: ${reason}` : ''}`);
      }
      return readOpenMeteoDaily(body);
    },
  };
}
