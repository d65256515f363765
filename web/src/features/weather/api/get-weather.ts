import { referenceRoutes } from '@gowild/contract/routes/reference';
import { type WeatherResponse } from '@gowild/contract/weather';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { callApi } from '@/lib/call-api';

export interface WeatherRange {
  start: string;
  end: string;
}

/** The texts of docs/product/search.md#weather. */
export const WEATHER_MESSAGES = {
  unavailable503: 'Weather service is currently unavailable',
  notFound: (code: string) => `Weather data not available for ${code}`,
  missingField: 'Weather data not found in response',
  failed: 'Failed to get weather data',
  emptyState: 'Weather data unavailable',
  emptyStay: 'Weather unavailable for your stay dates',
} as const;

/** GET /api/weather/{code}, optionally for a date range (the stay); the answer's shape is checked. */
export async function getWeather(code: string, range?: WeatherRange, signal?: AbortSignal): Promise<WeatherResponse['weather']> {
  try {
    const body = await callApi(referenceRoutes.weather, {
      params: { destination: code },
      action: 'get weather data',
      defaultMessage: WEATHER_MESSAGES.failed,
      prefer: 'message',
      query: range ? { start: range.start, end: range.end } : undefined,
      signal,
      unreadable: WEATHER_MESSAGES.missingField,
    });
    return body.weather;
  } catch (e) {
    if (e instanceof ApiError && e.status === 503) throw new ApiError(WEATHER_MESSAGES.unavailable503, 503, e.code, e.body);
    if (e instanceof ApiError && e.status === 404) throw new ApiError(WEATHER_MESSAGES.notFound(code), 404, e.code, e.body);
    throw e;
  }
}

export const weatherQueryOptions = (code: string, range?: WeatherRange) =>
  queryOptions({
    queryKey: ['weather', code, range?.start ?? null, range?.end ?? null],
    queryFn: ({ signal }) => getWeather(code, range, signal),
    // docs/product/search.md#weather: a destination's weather is fetched once per expand-able card; forecasts change slowly.
    staleTime: 30 * 60 * 1000,
    retry: false,
  });

export function useWeather(code: string, opts: { range?: WeatherRange; enabled?: boolean } = {}) {
  return useQuery({ ...weatherQueryOptions(code, opts.range), enabled: opts.enabled ?? true });
}
