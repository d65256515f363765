import { formatLongDate } from '@gowild/contract/dates';
import { daysAtDestination, daysAtDestinationLabel, formatLocalTime, localDatePart } from '@gowild/contract/flight-format';
import type { Flight } from '@gowild/contract/flights';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { RETURN_MESSAGES } from '../api/search-single-route';
import { useReturnFlights } from '../hooks/use-return-flights';
import { returnOrigins } from '../utils/return-flights';
import type { SelectedDeparture } from '../utils/search-page-state';
import { DateStepper } from './date-stepper';
import { FlightRow } from './flight-row';

export interface ReturnScreenProps {
  departure: SelectedDeparture | null;
  /** Where the return flies from when no departure is chosen (the single-route destination value). */
  destinationValue: string;
  /** Where home is: the outbound search's origin value. */
  originValue: string;
  originLabel: string;
  returnDate: string;
  minDate: string;
  onReturnDateChange: (date: string) => void;
  onBack: () => void;
  onNewSearch: () => void;
  onSelectReturn: (flight: Flight) => void;
  isPremium: boolean;
  airportName: (code: string) => string;
  renderStayWeather?: (code: string, range: { start: string; end: string }) => ReactNode;
  /** Set while a link's departures are still loading, or the 3-second not-found message. */
  notice?: string | null;
  waiting?: boolean;
}

function Skeleton() {
  return (
    <ul className="space-y-2" aria-busy="true" aria-label="Loading return flights" data-testid="return-skeleton">
      {Array.from({ length: 3 }, (_, i) => (
        <li key={i} className="h-32 animate-pulse rounded-lg border border-slate-200 bg-slate-100" />
      ))}
    </ul>
  );
}

/** Section 2.2 'Return flights screen'. */
export function ReturnScreen(props: ReturnScreenProps) {
  const { departure } = props;
  const from = departure?.destination ?? props.destinationValue;
  const origins = from ? returnOrigins(from) : [];
  const arrival = departure?.flight.arrival_time ?? null;
  const ret = useReturnFlights({
    origins,
    destination: props.originValue,
    date: props.returnDate,
    outboundArrival: arrival,
    enabled: !props.waiting && origins.length > 0 && props.isPremium,
  });
  const stayStart = arrival ? localDatePart(arrival) : props.minDate;
  const stayCode = origins[0] ?? '';

  return (
    <div className="space-y-4" data-testid="return-screen">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">Return Flights</h1>
          <p className="text-sm text-slate-600">
            {from ? `${props.airportName(origins[0] ?? from)} → ${props.originLabel}` : ''} · {formatLongDate(props.returnDate)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            onClick={props.onBack}
            className="h-9 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold hover:bg-slate-50"
          >
            Back to Departures
          </button>
          <button
            type="button"
            onClick={props.onNewSearch}
            className="h-9 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold hover:bg-slate-50"
          >
            New Search
          </button>
          <DateStepper
            value={props.returnDate}
            min={props.minDate}
            onChange={props.onReturnDateChange}
            label="Return date"
            disabled={props.waiting}
          />
        </div>
      </div>

      {props.notice ? (
        <p role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          {props.notice}
        </p>
      ) : null}

      {departure ? (
        <div className="rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900" data-testid="selected-departure">
          <strong>Your departure:</strong> {departure.flight.origin} {formatLocalTime(departure.flight.departure_time)} →{' '}
          {departure.destination} {formatLocalTime(departure.flight.arrival_time)} on{' '}
          {formatLongDate(localDatePart(departure.flight.departure_time))} · Flight {departure.flight.flight_number}
        </div>
      ) : !props.waiting ? (
        <p className="rounded-xl border border-slate-200 bg-white p-3 text-sm text-slate-700">
          Pick a departure flight first (Back to Departures) to pair it with a return and see your trip summary.
        </p>
      ) : null}

      {stayCode && props.renderStayWeather && !props.waiting
        ? props.renderStayWeather(stayCode, { start: stayStart < props.returnDate ? stayStart : props.returnDate, end: props.returnDate })
        : null}

      {!props.isPremium && !props.waiting ? (
        <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="return-premium">
          <h2 className="font-bold">Return flights are a Premium feature</h2>
          <p className="mt-1 text-sm">Upgrade to pair a departure with a return flight and get a full trip summary.</p>
          <Link
            to={paths.plans}
            className="mt-2 inline-block rounded-lg bg-amber-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-amber-800"
          >
            See plans
          </Link>
        </div>
      ) : !from ? (
        <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {RETURN_MESSAGES.noDestination}
        </p>
      ) : props.waiting || ret.loading ? (
        <Skeleton />
      ) : ret.error ? (
        <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-950" data-testid="return-error">
          <h2 className="font-bold">{RETURN_MESSAGES.failed}</h2>
          <p className="mt-1 text-sm">{ret.error}</p>
        </div>
      ) : ret.flights.length === 0 ? (
        <div className="rounded-xl border border-slate-200 bg-white p-6 text-center" data-testid="no-returns">
          <h2 className="text-lg font-bold">No Return Flights</h2>
          <p className="mt-1 text-sm text-slate-600">{RETURN_MESSAGES.none}</p>
        </div>
      ) : (
        <ul className="space-y-2" aria-label="Return flights">
          {ret.flights.map((f) => {
            const days = arrival ? daysAtDestination(arrival, f.departure_time) : null;
            return (
              <FlightRow
                key={f.flightHash}
                flight={f}
                isPremium={props.isPremium}
                badge={
                  days !== null ? (
                    <span className="rounded-full bg-sky-100 px-2 py-0.5 text-[11px] font-semibold text-sky-900" data-testid="days-badge">
                      {daysAtDestinationLabel(days)}
                    </span>
                  ) : null
                }
                action={
                  <button
                    type="button"
                    disabled={!departure}
                    title={departure ? undefined : 'Pick a departure flight first'}
                    onClick={() => props.onSelectReturn(f)}
                    className="rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-50"
                  >
                    Select Return
                  </button>
                }
              />
            );
          })}
        </ul>
      )}
    </div>
  );
}
