import { formatWholeDollars } from '@gowild/contract/money';
import {
  FARE_LABELS,
  arrivesNextDay,
  formatDuration,
  formatLocalTime,
  formatStops,
  isAvailable,
  seatsLabel,
  stopAirports,
} from '@gowild/contract/flight-format';
import { FARE_KEYS, type Flight } from '@gowild/contract/flights';
import { goWildFareLabel } from '@gowild/contract/gowild-fare';
import type { GoWildRouteKind } from '@gowild/contract/gowild-window';
import type { ReactNode } from 'react';
import { GoWildPrice } from '@/components/gowild-price/gowild-price';

export interface FlightRowProps {
  flight: Flight;
  isPremium: boolean;
  /** The row's main action (Select Departure / Select Return). */
  action?: ReactNode;
  /** A badge beside the times ('3 days at destination'). */
  badge?: ReactNode;
  /** Domestic or international, when known: splits a GoWild charge from the taxes (unknown: one line for both). */
  routeKind?: GoWildRouteKind;
}

const FARE_STYLES: Record<(typeof FARE_KEYS)[number], string> = {
  go_wild: 'border-brand-600 bg-brand-50 text-brand-900',
  standard: 'border-slate-300 bg-white text-slate-900',
  discount_den: 'border-indigo-300 bg-indigo-50 text-indigo-900',
};

/** Early Booking and Peak Day: amber, so a charged GoWild fare never looks like the usual one. */
const CHARGED_GOWILD_STYLE = 'border-amber-500 bg-amber-50 text-amber-950';

/** One flight: airport-local times, stops, duration, the three fares with booking links, seats for premium. */
export function FlightRow({ flight, isPremium, action, badge, routeKind }: FlightRowProps) {
  const first = flight.segments[0];
  const last = flight.segments[flight.segments.length - 1];
  const via = stopAirports(flight);
  const nextDay = arrivesNextDay(flight);
  return (
    <li
      className="rounded-lg border border-slate-200 bg-white p-3"
      data-testid="flight-row"
      data-stops={flight.stops}
      data-origin={flight.origin}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-3">
          <div className="text-center">
            <div className="text-base font-bold">{formatLocalTime(flight.departure_time)}</div>
            <div className="text-xs text-slate-600">{first?.departure_airport ?? flight.origin}</div>
          </div>
          <div className="flex min-w-20 flex-col items-center text-xs text-slate-600">
            <span>{formatDuration(flight.duration)}</span>
            <span className="my-0.5 h-px w-full bg-slate-300" aria-hidden="true" />
            <span className={flight.stops === 0 ? 'font-medium text-emerald-700' : ''}>
              {formatStops(flight.stops)}
              {via.length ? ` · ${via.join(', ')}` : ''}
            </span>
          </div>
          <div className="text-center">
            <div className="text-base font-bold">
              {formatLocalTime(flight.arrival_time)}
              {nextDay ? <sup className="ml-0.5 text-[10px] text-amber-700">+1</sup> : null}
            </div>
            <div className="text-xs text-slate-600">{last?.arrival_airport ?? flight.destination}</div>
          </div>
        </div>
        {/* Beside the times from 640 px; on a phone it wraps under them, so it reads left to right there. */}
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600 sm:flex-col sm:items-end sm:gap-1">
          <span>Flight {flight.flight_number} · Frontier</span>
          {badge}
        </div>
      </div>
      <ul className="mt-2 grid grid-cols-3 gap-1.5" aria-label="Fares">
        {FARE_KEYS.map((key) => {
          const fare = flight.fares[key];
          const link = flight.booking_links[key];
          const seats = fare ? seatsLabel(fare, isPremium) : null;
          const available = isAvailable(fare);
          // A GoWild fare says its kind: Early Booking and Peak Day carry a charge and must not pass for the usual fare.
          const label = key === 'go_wild' && available ? goWildFareLabel(flight.fares.go_wild?.fare_type) : FARE_LABELS[key];
          const charged = key === 'go_wild' && available && (flight.fares.go_wild?.fare_type ?? 'standard') !== 'standard';
          return (
            <li
              key={key}
              className={`flex flex-col rounded border px-2 py-1 ${available ? (charged ? CHARGED_GOWILD_STYLE : FARE_STYLES[key]) : 'border-dashed border-slate-200 bg-slate-50 text-slate-500'}`}
              data-fare={key}
            >
              <span className="text-[11px] font-medium">{label}</span>
              <span className="text-sm font-bold">{available ? formatWholeDollars(fare.total) : '—'}</span>
              {seats ? <span className="text-[11px]">{seats}</span> : null}
              {available && link ? (
                <a
                  href={link}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-[11px] font-medium text-brand-800 underline underline-offset-2"
                >
                  Book
                  <span className="sr-only">
                    {' '}
                    {label} fare for flight {flight.flight_number} (opens the airline site)
                  </span>
                </a>
              ) : null}
            </li>
          );
        })}
      </ul>
      <GoWildPrice flight={flight} routeKind={routeKind} />
      {action ? <div className="mt-2 flex justify-end">{action}</div> : null}
    </li>
  );
}
