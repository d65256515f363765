import { z } from 'zod';

export const forecastSchema = z.object({
  date: z.string(),
  /** WMO weather code. */
  icon: z.number().int(),
  description: z.string(),
  temp_high: z.number(),
  temp_low: z.number(),
});
export const weatherResponseSchema = z.object({
  weather: z.object({ city: z.string(), forecasts: z.array(forecastSchema), demo: z.boolean().optional() }),
});
export type Forecast = z.infer<typeof forecastSchema>;
export type WeatherResponse = z.infer<typeof weatherResponseSchema>;

/** WMO code → words, as Open-Meteo documents the codes. */
export function describeWeatherCode(code: number): string {
  if (code === 0) return 'Clear sky';
  if (code === 1) return 'Mainly clear';
  if (code === 2) return 'Partly cloudy';
  if (code === 3) return 'Overcast';
  if (code === 45 || code === 48) return 'Fog';
  if (code >= 51 && code <= 57) return 'Drizzle';
  if (code >= 61 && code <= 67) return 'Rain';
  if (code >= 71 && code <= 77) return 'Snow';
  if (code >= 80 && code <= 82) return 'Rain showers';
  if (code === 85 || code === 86) return 'Snow showers';
  if (code >= 95 && code <= 99) return 'Thunderstorm';
  return 'Unknown';
}
