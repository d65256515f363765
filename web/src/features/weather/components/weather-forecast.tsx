import { LIMITS } from '@gowild/contract/limits';
import { errorMessage } from '@/lib/api-client';
import { type WeatherRange, WEATHER_MESSAGES, useWeather } from '../api/get-weather';
import { WeatherIcon } from './weather-icon';

const weekdayFmt = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });
const monthDayFmt = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'Mon' and 'Nov 23', on two lines so narrow day tiles never break a date in the middle. */
function dayLabel(date: string): { weekday: string; monthDay: string } {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return { weekday: '', monthDay: date };
  return { weekday: weekdayFmt.format(d), monthDay: monthDayFmt.format(d) };
}

interface WeatherForecastProps {
  code: string;
  /** The stay dates; without them, the next 7 days. */
  range?: WeatherRange;
  title?: string;
  /** Shown instead of the generic empty text when no day falls in the range. */
  emptyText?: string;
}

/**
 * A destination's forecast: 7 days (docs/product/search.md#weather), each with its WMO icon, words and high/low °F. Labels the data
 * as demo data when the offline weather provider made it.
 */
export function WeatherForecast({ code, range, title = 'Weather', emptyText }: WeatherForecastProps) {
  const weather = useWeather(code, { range });
  return (
    <section aria-label={`${title} for ${code}`} className="rounded-lg border border-sky-100 bg-sky-50/60 p-3">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h4 className="text-sm font-semibold text-slate-800">
          {title}
          {weather.data?.city ? <span className="font-normal text-slate-600"> · {weather.data.city}</span> : null}
        </h4>
        {weather.data?.demo ? (
          <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">Demo data</span>
        ) : null}
      </div>
      {weather.isPending ? (
        <div className="flex gap-2" aria-busy="true" aria-label="Loading weather">
          {Array.from({ length: 7 }, (_, i) => (
            <div key={i} className="h-20 flex-1 animate-pulse rounded bg-sky-100" />
          ))}
        </div>
      ) : weather.isError ? (
        <p className="text-sm text-slate-600">
          {WEATHER_MESSAGES.emptyState}
          <span className="sr-only">: {errorMessage(weather.error, WEATHER_MESSAGES.failed)}</span>
        </p>
      ) : weather.data.forecasts.length === 0 ? (
        <p className="text-sm text-slate-600">{emptyText ?? WEATHER_MESSAGES.emptyState}</p>
      ) : (
        <ol className="grid grid-cols-4 gap-1.5 sm:grid-cols-7">
          {weather.data.forecasts.slice(0, LIMITS.weatherDays).map((f) => {
            const label = dayLabel(f.date);
            return (
              <li key={f.date} className="flex flex-col items-center rounded bg-white px-1 py-1.5 text-center shadow-sm">
                <span className="text-[11px] leading-tight font-medium text-slate-600">
                  <span className="block font-semibold text-slate-700">{label.weekday}</span>
                  <span className="block whitespace-nowrap">{label.monthDay}</span>
                </span>
                <WeatherIcon code={f.icon} className="my-0.5 size-7" />
                <span className="text-xs text-slate-800">
                  <span className="font-semibold">{Math.round(f.temp_high)}°</span>
                  <span className="text-slate-600"> / {Math.round(f.temp_low)}°</span>
                </span>
                <span className="sr-only">{f.description}</span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
