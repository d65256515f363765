import { formatLongDate } from '@gowild/contract/dates';
import {
  arrivesNextDay,
  daysAtDestination,
  daysAtDestinationLabel,
  formatLocalTime,
  hasGoWild,
  localDatePart,
} from '@gowild/contract/flight-format';
import type { Flight } from '@gowild/contract/flights';
import type { GoWildGap, PassCharges } from '@gowild/contract/gowild-explain';
import { useMemo, useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useSearchPanels } from '@/components/search-panels/search-panels';
import { paths } from '@/config/paths';
import { RETURN_MESSAGES } from '../api/search-single-route';
import { useReturnFlights } from '../hooks/use-return-flights';
import { useFavourites } from '@/lib/favourites/favourites-context';
import { type FlightFilters, applyFilters, isDefaultFilters, priceCeiling, rememberedOf, startFilters } from '../utils/filters';
import { returnOrigins } from '../utils/return-flights';
import type { SelectedDeparture } from '../utils/search-page-state';
import { DateStepper } from './date-stepper';
import { FlightFiltersPanel } from './flight-filters-panel';
import { FlightRow } from './flight-row';
import { GoWildGapNotice } from './gowild-gap-notice';
import { ReturnDays } from './return-days';

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
  /** Set while a link's departures are still loading, or the 3-second not-found message. */
  notice?: string | null;
  waiting?: boolean;
  /** Why the way home can have no GoWild fare on a date (blackout, window not open), or null. */
  goWildGap?: (from: string, to: string, date: string) => GoWildGap | null;
  passCharges?: PassCharges | null;
  /** Opens the alert modal for the way home on the return date (premium users). */
  onPriceAlert?: (target: {
    origin: string;
    destination: string;
    date: string;
    servedOrigins?: readonly string[];
    servedDestinations?: readonly string[];
    kind?: 'price' | 'window_open';
  }) => void;
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

/** docs/product/search.md#return-flights. */
export function ReturnScreen(props: ReturnScreenProps) {
  const { departure } = props;
  const { stayWeather } = useSearchPanels();
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
  // docs/product/search.md#why-no-gowild: the way home on a date whose GoWild seats are not on sale yet (or blacked out).
  const gap =
    props.goWildGap && stayCode && !props.waiting && props.isPremium && !ret.loading && !ret.flights.some(hasGoWild)
      ? props.goWildGap(stayCode, props.originValue, props.returnDate)
      : null;

  return (
    <div className="space-y-4" data-testid="return-screen">
      <ReturnHeader {...props} route={from ? `${props.airportName(origins[0] ?? from)} → ${props.originLabel}` : ''} />

      {props.notice ? (
        <Notice tone="warning" role="alert">
          {props.notice}
        </Notice>
      ) : null}

      <DepartureNotice departure={departure} waiting={props.waiting} />

      {stayCode && stayWeather && !props.waiting
        ? stayWeather(stayCode, { start: stayStart < props.returnDate ? stayStart : props.returnDate, end: props.returnDate })
        : null}

      {gap ? (
        <GoWildGapNotice
          gap={gap}
          charges={props.passCharges ?? null}
          isPremium={props.isPremium}
          onAlert={
            props.onPriceAlert
              ? () =>
                  // The stay's airports and home's, narrowed to those the return flights use (decision 198).
                  props.onPriceAlert!({
                    origin: from,
                    destination: props.originValue,
                    date: props.returnDate,
                    servedOrigins: [...new Set(ret.flights.map((f) => f.origin))],
                    servedDestinations: [...new Set(ret.flights.map((f) => f.destination))],
                    kind: 'window_open',
                  })
              : undefined
          }
          data-testid="return-gowild-gap"
        />
      ) : null}

      {props.isPremium && from && !props.waiting ? (
        <ReturnDays
          origins={origins}
          destination={props.originValue}
          date={props.returnDate}
          outboundArrival={arrival}
          enabled
          onPick={props.onReturnDateChange}
          gapFor={props.goWildGap && stayCode ? (date) => props.goWildGap!(stayCode, props.originValue, date) : undefined}
        />
      ) : null}

      {!props.isPremium && !props.waiting ? (
        <Notice
          tone="warning"
          size="lg"
          role="alert"
          title="Return flights are a Premium feature"
          titleAs="h2"
          data-testid="return-premium"
          action={
            <ButtonLink to={paths.plans} variant="premium" size="sm">
              See plans
            </ButtonLink>
          }
        >
          Upgrade to pair a departure with a return flight and get a full trip summary.
        </Notice>
      ) : !from ? (
        <Notice tone="error">{RETURN_MESSAGES.noDestination}</Notice>
      ) : props.waiting || ret.loading ? (
        <Skeleton />
      ) : ret.error ? (
        <Notice tone="error" size="lg" title={RETURN_MESSAGES.failed} titleAs="h2" data-testid="return-error">
          {ret.error}
        </Notice>
      ) : ret.flights.length === 0 ? (
        <Notice
          tone="neutral"
          size="lg"
          role={null}
          title="No Return Flights"
          titleAs="h2"
          className="text-center"
          data-testid="no-returns"
        >
          {RETURN_MESSAGES.none}
        </Notice>
      ) : (
        <ReturnList
          flights={ret.flights}
          arrival={arrival}
          isPremium={props.isPremium}
          canSelect={Boolean(departure)}
          onSelect={props.onSelectReturn}
        />
      )}
    </div>
  );
}

/** The return flights with the destination card's filters and orders, each with its days-away badge and Select Return. */
function ReturnList({
  flights,
  arrival,
  isPremium,
  canSelect,
  onSelect,
}: {
  flights: readonly Flight[];
  /** The chosen departure's landing (null: none chosen yet). */
  arrival: string | null;
  isPremium: boolean;
  canSelect: boolean;
  onSelect: (flight: Flight) => void;
}) {
  // The same filters and orders as a destination card (docs/product/search.md#filters); until the traveller changes
  // one they follow the list, whose price ceiling is known only once it has loaded.
  // They start from the account's remembered filters, and a change is remembered (docs/product/favourites.md).
  const favourites = useFavourites();
  const [chosenFilters, setChosen] = useState<FlightFilters | null>(null);
  const setFilters = (next: FlightFilters | null) => {
    setChosen(next);
    favourites?.rememberFilters(next ? rememberedOf(next) : null);
  };
  const ceiling = useMemo(() => priceCeiling(flights), [flights]);
  const filters = chosenFilters ?? startFilters(flights, favourites?.favourites?.filters);
  const shown = useMemo(() => applyFilters(flights, filters, ceiling), [flights, filters, ceiling]);
  return (
    <div className="space-y-3">
      <FlightFiltersPanel filters={filters} onChange={setFilters} ceiling={ceiling} onReset={() => setFilters(null)} />
      {shown.length === 0 ? (
        <p className="text-sm text-slate-600">No flights match your filters</p>
      ) : !isDefaultFilters(filters, ceiling) ? (
        <p className="text-xs text-slate-600" aria-live="polite">
          Showing {shown.length} of {flights.length} flights
        </p>
      ) : null}
      <ul className="space-y-2" aria-label="Return flights">
        {shown.map((f) => {
          const days = arrival ? daysAtDestination(arrival, f.departure_time) : null;
          return (
            <FlightRow
              key={f.flightHash}
              flight={f}
              isPremium={isPremium}
              badge={
                days !== null ? (
                  <span className="rounded-full bg-sky-100 px-2 py-0.5 text-[11px] font-semibold text-sky-900" data-testid="days-badge">
                    {daysAtDestinationLabel(days)}
                  </span>
                ) : null
              }
              action={
                <Button
                  size="sm"
                  disabled={!canSelect}
                  title={canSelect ? undefined : 'Pick a departure flight first'}
                  onClick={() => onSelect(f)}
                >
                  Select Return
                </Button>
              }
            />
          );
        })}
      </ul>
    </div>
  );
}

/** The title with the route and date, Back to Departures, New Search and the return date's stepper. */
function ReturnHeader(props: ReturnScreenProps & { route: string }) {
  const { route } = props;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="min-w-0">
        <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">Return Flights</h1>
        <p className="text-sm text-slate-600">
          {route} · {formatLongDate(props.returnDate)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={props.onBack}>
          Back to Departures
        </Button>
        <Button variant="secondary" size="sm" onClick={props.onNewSearch}>
          New Search
        </Button>
        <DateStepper
          value={props.returnDate}
          min={props.minDate}
          onChange={props.onReturnDateChange}
          label="Return date"
          disabled={props.waiting}
        />
      </div>
    </div>
  );
}

/** The departure the returns pair with, or how to choose one. */
function DepartureNotice({ departure, waiting }: Pick<ReturnScreenProps, 'departure' | 'waiting'>) {
  return departure ? (
    <Notice tone="brand" role={null} data-testid="selected-departure">
      <strong>Your departure:</strong> {departure.flight.origin} {formatLocalTime(departure.flight.departure_time)} →{' '}
      {departure.destination} {formatLocalTime(departure.flight.arrival_time)}
      {arrivesNextDay(departure.flight) ? <span data-testid="departure-next-day"> (+1)</span> : null} on{' '}
      {formatLongDate(localDatePart(departure.flight.departure_time))} · Flight {departure.flight.flight_number}
    </Notice>
  ) : !waiting ? (
    <Notice tone="neutral" role={null}>
      Pick a departure flight first (Back to Departures) to pair it with a return and see your trip summary.
    </Notice>
  ) : null;
}
