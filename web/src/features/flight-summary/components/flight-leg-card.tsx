import { formatMediumDateWithYear } from '@gowild/contract/dates';
import {
  arrivalDayOffset,
  formatDuration,
  formatLocalTime,
  formatStops,
  localDatePart,
  stopAirports,
} from '@gowild/contract/flight-format';
import type { Flight } from '@gowild/contract/flights';
import { type PriceChange, priceChangedMessage } from '@gowild/contract/trips';

export interface FlightLegCardProps {
  label: 'Outbound' | 'Return';
  flight: Flight;
  airportName: (code: string) => string;
  /** The fare moved since the link was made (decision 197): said once, on this flight's card. */
  priceChange?: PriceChange;
}

/**
 * One leg (docs/product/search.md#summary-page): date, times, 'Frontier', total trip time, the airports, and Nonstop or
 * N stop(s). A time never breaks between the hour and AM/PM; on a phone the middle column (duration, stops) gives way.
 */
export function FlightLegCard({ label, flight, airportName, priceChange }: FlightLegCardProps) {
  const from = flight.segments[0]?.departure_airport ?? flight.origin;
  const to = flight.segments[flight.segments.length - 1]?.arrival_airport ?? flight.destination;
  const via = stopAirports(flight);
  return (
    <article
      className="rounded-xl border border-slate-200 bg-white p-4"
      aria-label={`${label} flight`}
      data-testid={`leg-${label.toLowerCase()}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-bold tracking-wide text-brand-800 uppercase">{label}</h3>
        <p className="text-sm text-slate-700">{formatMediumDateWithYear(localDatePart(flight.departure_time))}</p>
      </div>
      <div className="mt-3 flex items-center gap-3">
        <div className="min-w-0 text-left">
          <p className="text-xl font-bold whitespace-nowrap min-[400px]:text-2xl">{formatLocalTime(flight.departure_time)}</p>
          <p className="text-sm font-semibold">{from}</p>
          <p className="truncate text-xs text-slate-600">{airportName(from)}</p>
        </div>
        <div className="flex min-w-0 flex-1 flex-col items-center text-center text-xs text-slate-600">
          <span>{formatDuration(flight.duration)}</span>
          <span className="relative my-1 h-px w-full bg-slate-300" aria-hidden="true">
            <span className="absolute top-1/2 right-0 -translate-y-1/2 text-slate-500">✈</span>
          </span>
          <span className={flight.stops === 0 ? 'font-medium text-emerald-700' : ''}>
            {formatStops(flight.stops)}
            {via.length ? ` · ${via.join(', ')}` : ''}
          </span>
        </div>
        <div className="min-w-0 text-right">
          <p className="text-xl font-bold whitespace-nowrap min-[400px]:text-2xl">{formatLocalTime(flight.arrival_time)}</p>
          <p className="text-sm font-semibold">{to}</p>
          <p className="truncate text-xs text-slate-600">{airportName(to)}</p>
        </div>
      </div>
      <p className="mt-3 text-xs text-slate-600">
        Frontier · Flight {flight.flight_number} · Total trip time {formatDuration(flight.duration)}
        {arrivalDayOffset(flight) !== 0 ? ` · arrives ${formatMediumDateWithYear(localDatePart(flight.arrival_time))}` : ''}
      </p>
      {priceChange ? (
        <p className="mt-2 rounded-md bg-amber-50 px-2 py-1 text-sm font-medium text-amber-900" role="status" data-testid="price-changed">
          {priceChangedMessage(priceChange)}
        </p>
      ) : null}
    </article>
  );
}
