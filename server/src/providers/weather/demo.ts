import { addDays } from '@gowild/contract/dates';
import { describeWeatherCode, type Forecast } from '@gowild/contract/weather';
import { randomFor } from '../../lib/seeded-random';
import type { WeatherPlace, WeatherProvider } from './weather.provider';

/**
 * A plausible day at a place, from latitude and season alone: a yearly mean that falls with latitude, a seasonal
 * swing that grows with it (mirrored south of the equator), and per-day variation seeded by (airport, date).
 * The same airport and date always give the same answer.
 */
export function demoForecast(place: WeatherPlace, date: string): Forecast {
  const lat = Math.abs(place.lat);
  const dayOfYear = (Date.parse(`${date}T00:00:00Z`) - Date.parse(`${date.slice(0, 4)}-01-01T00:00:00Z`)) / 86_400_000;
  const season = Math.cos((2 * Math.PI * (dayOfYear - 200)) / 365) * (place.lat >= 0 ? 1 : -1);
  const yearlyMean = 80 - 0.012 * lat * lat;
  const swing = Math.max(2, 0.9 * (lat - 15));
  const r = (salt: string) => randomFor(place.code, date, salt)();
  const mean = yearlyMean + swing * season + (r('t') - 0.5) * 12;
  const range = 14 + r('range') * 10;
  const high = Math.round(mean + range / 2);
  const low = Math.round(mean - range / 2);
  const roll = r('sky');
  const cold = mean < 34;
  let icon: number;
  if (roll < 0.3) icon = 0;
  else if (roll < 0.5) icon = 1;
  else if (roll < 0.65) icon = 2;
  else if (roll < 0.75) icon = 3;
  else if (roll < 0.83) icon = cold ? 71 : 61;
  else if (roll < 0.89) icon = cold ? 85 : 80;
  else if (roll < 0.93) icon = mean > 65 ? 95 : 3;
  else if (roll < 0.96) icon = 45;
  else icon = cold ? 73 : 51;
  return { date, icon, description: describeWeatherCode(icon), temp_high: high, temp_low: low };
}

/** The offline default: no network, answers labelled demo. */
export function createDemoWeatherProvider(): WeatherProvider {
  return {
    name: 'demo',
    demo: true,
    async daily(place, start, end) {
      const out: Forecast[] = [];
      for (let d = start; d <= end; d = addDays(d, 1)) out.push(demoForecast(place, d));
      return out;
    },
  };
}
