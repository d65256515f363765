import { addDays, formatMediumDate } from '@gowild/contract/dates';
import type { Airport } from '@gowild/contract/reference';
import { TRIP_FINDER_LIMITS, TRIP_FINDER_MESSAGES, type TripFinderResponse, type TripPair } from '@gowild/contract/trip-finder';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { useBlackoutDates } from '@/api/get-blackout-dates';
import { GroupedOriginPicker } from '@/components/airport-picker/grouped-origin-picker';
import { firstNonBlackoutDay } from '@/components/date-selector/calendar';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { SearchAnswer } from '@/components/search-answer/search-answer';
import { type TripFinderInput, useTrips } from '../api/get-trips';
import { PairCard } from './pair-card';

export interface TripFinderViewProps {
  airports: readonly Airport[] | undefined;
  airportsLoading: boolean;
  airportsError: string | null;
  /** Today at the traveller (YYYY-MM-DD): the first date offered. */
  today: string;
  /** 'Alert me when the return opens': the page opens the alert modal on the return's route and date. */
  onAlert: (target: { origin: string; destination: string; date: string }) => void;
  /** The calendar file's button for a pair: both flights and the reminder for the return's opening. */
  calendarFor?: (pair: TripPair, airports: ReadonlyMap<string, Airport>) => ReactNode;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** 'checked 4 min ago' for the oldest stored answer. */
function ageLabel(seconds: number): string {
  if (seconds < 90) return 'under 2 min old';
  const minutes = Math.round(seconds / 60);
  return minutes < 90 ? `up to ${minutes} min old` : `up to ${Math.round(minutes / 60)} h old`;
}

/** docs/product/trip-finder.md: the origin, the dates, the stay, and every destination's best pairs. */
export function TripFinderView({ airports, airportsLoading, airportsError, today, onAlert, calendarFor }: TripFinderViewProps) {
  const byCode = useMemo(() => new Map((airports ?? []).map((a) => [a.stationCode, a])), [airports]);
  const [origin, setOrigin] = useState('');
  // The first departure date: tomorrow, or the first day after it that is not a blackout date once the list is
  // known (a trip finder that starts on a blackout day finds only Peak Day fares); the traveller's own pick after that.
  const blackout = useBlackoutDates();
  const [pickedFrom, setFrom] = useState<string | null>(null);
  const from = pickedFrom ?? (blackout.data ? firstNonBlackoutDay(addDays(today, 1), new Set(blackout.data)) : addDays(today, 1));
  const [days, setDays] = useState<number>(TRIP_FINDER_LIMITS.daysDefault);
  const [dayTrip, setDayTrip] = useState(false);
  const [minNights, setMinNights] = useState<number>(TRIP_FINDER_LIMITS.nightsDefault.min);
  const [maxNights, setMaxNights] = useState<number>(TRIP_FINDER_LIMITS.nightsDefault.max);
  const [minHours, setMinHours] = useState<number>(TRIP_FINDER_LIMITS.hoursDefault);
  const [formError, setFormError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<TripFinderInput | null>(null);
  const search = useTrips(submitted);
  const cityOf = (code: string) => byCode.get(code)?.cityAndCode ?? code;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!origin) return setFormError('Origin airport is required');
    if (!dayTrip && minNights > maxNights) return setFormError(TRIP_FINDER_MESSAGES.nightsOrder);
    setFormError(null);
    setSubmitted({
      origin,
      from,
      days,
      stay: dayTrip ? { dayTrip: true, minHours } : { dayTrip: false, minNights, maxNights },
    });
  };
  const alertFor = (pair: TripPair) =>
    onAlert({ origin: pair.return.origin, destination: pair.return.destination, date: pair.return.departure_time.slice(0, 10) });

  return (
    <div className="space-y-5">
      <form onSubmit={submit} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4" aria-label="Find trips">
        <GroupedOriginPicker
          name="trip-view-mode"
          airports={airports}
          loading={airportsLoading}
          error={airportsError}
          value={origin}
          onChange={setOrigin}
        />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <label className={label}>
            First departure date
            <input type="date" className={field} value={from} min={today} onChange={(e) => setFrom(e.target.value)} required />
          </label>
          <label className={label}>
            Departure dates
            <select className={field} value={days} onChange={(e) => setDays(Number(e.target.value))}>
              {range(1, TRIP_FINDER_LIMITS.daysMax).map((n) => (
                <option key={n} value={n}>
                  {n === 1 ? 'That day only' : `${n} days from then`}
                </option>
              ))}
            </select>
          </label>
          <StayFields
            stay={{ dayTrip, minNights, maxNights, minHours }}
            onDayTrip={setDayTrip}
            onMinNights={setMinNights}
            onMaxNights={setMaxNights}
            onMinHours={setMinHours}
          />
        </div>
        <Button type="submit" className="w-full sm:w-auto" disabled={search.isFetching} data-testid="trip-finder-button">
          {search.isFetching ? 'Searching...' : 'Find trips'}
        </Button>
      </form>
      {formError ? (
        <Notice tone="error" role="alert">
          {formError}
        </Notice>
      ) : null}

      <SearchAnswer search={search} busyLabel="Searching trips" errorTestId="trip-finder-error">
        {(data) => <TripResults data={data} cityOf={cityOf} airports={byCode} onAlert={alertFor} calendarFor={calendarFor} />}
      </SearchAnswer>
    </div>
  );
}

const field = 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900';
const label = 'block text-sm font-medium text-slate-800';

/** Nights (fewest and most) or a day trip (hours there at least). */
function StayFields({
  stay: { dayTrip, minNights, maxNights, minHours },
  onDayTrip: setDayTrip,
  onMinNights: setMinNights,
  onMaxNights: setMaxNights,
  onMinHours: setMinHours,
}: {
  stay: { dayTrip: boolean; minNights: number; maxNights: number; minHours: number };
  onDayTrip: (v: boolean) => void;
  onMinNights: (v: number) => void;
  onMaxNights: (v: number) => void;
  onMinHours: (v: number) => void;
}) {
  return (
    <>
      <fieldset className="min-w-0">
        <legend className={label}>Stay</legend>
        <div className="mt-1 flex flex-wrap gap-3 text-sm text-slate-800">
          <label className="inline-flex items-center gap-2">
            <input type="radio" name="trip-stay" checked={!dayTrip} onChange={() => setDayTrip(false)} className="accent-brand-700" />
            Nights
          </label>
          <label className="inline-flex items-center gap-2">
            <input type="radio" name="trip-stay" checked={dayTrip} onChange={() => setDayTrip(true)} className="accent-brand-700" />
            Day trip
          </label>
        </div>
      </fieldset>
      {dayTrip ? (
        <label className={label}>
          At least (hours there)
          <select className={field} value={minHours} onChange={(e) => setMinHours(Number(e.target.value))}>
            {range(TRIP_FINDER_LIMITS.hoursMin, TRIP_FINDER_LIMITS.hoursMax).map((n) => (
              <option key={n} value={n}>
                {n} {n === 1 ? 'hour' : 'hours'}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <div className="grid grid-cols-2 gap-2">
          <NightsSelect label="Fewest nights" value={minNights} onChange={setMinNights} />
          <NightsSelect label="Most nights" value={maxNights} onChange={setMaxNights} />
        </div>
      )}
    </>
  );
}

/** The answer: what was searched, where the answers came from, the two-bookings warning, and each destination's pairs. */
function TripResults({
  data,
  cityOf,
  airports: byCode,
  onAlert: alertFor,
  calendarFor,
}: {
  data: TripFinderResponse;
  cityOf: (code: string) => string;
  airports: ReadonlyMap<string, Airport>;
  onAlert: (pair: TripPair) => void;
  calendarFor: TripFinderViewProps['calendarFor'];
}) {
  return (
    <section aria-labelledby="trip-finder-title" className="space-y-3">
      <h2 id="trip-finder-title" className="text-xl font-bold text-slate-900">
        {data.search_parameters.day_trip ? 'Day trips' : 'Round trips'} from {data.search_parameters.origin}
      </h2>
      <p className="text-sm text-slate-600" data-testid="trip-finder-summary">
        Leaving {formatMediumDate(data.search_parameters.from)}
        {data.search_parameters.to !== data.search_parameters.from ? ` to ${formatMediumDate(data.search_parameters.to)}` : ''} ·{' '}
        {data.search_parameters.day_trip
          ? `back the same day, at least ${data.search_parameters.min_hours} h there`
          : `${data.search_parameters.min_nights}–${data.search_parameters.max_nights} nights`}{' '}
        · best first: both fares known, lowest total, longest stay
        {data.demo ? <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">Demo data</span> : null}
      </p>
      <p className="text-xs text-slate-600" data-testid="trip-finder-sources">
        {Math.round(data.sources.stored_share * 100)}% of {data.sources.from_stored + data.sources.live} route-day answers from stored
        checks
        {data.sources.stored_max_age_seconds !== null ? ` (${ageLabel(data.sources.stored_max_age_seconds)})` : ''}, the rest fetched live.
      </p>
      <Notice tone="warning" title="Two bookings" titleAs="h3" role={null} data-testid="two-bookings">
        {TRIP_FINDER_MESSAGES.twoBookings}
      </Notice>
      {data.partial ? (
        <Notice tone="warning">
          Some route-days could not be checked ({data.failed?.length}); the list may be missing a trip.
          {data.over_budget ? ` ${data.over_budget.message}` : null}
        </Notice>
      ) : null}
      {data.destinations.length === 0 ? (
        <Notice tone="neutral" role={null} data-testid="trip-finder-empty">
          {TRIP_FINDER_MESSAGES.noTrips}
        </Notice>
      ) : (
        <ul className="space-y-4">
          {data.destinations.map((d) => (
            <li key={d.destination} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="trip-destination">
              <h3 className="text-lg font-bold text-slate-900">{cityOf(d.destination)}</h3>
              <p className="text-xs text-slate-600">
                {d.pairs_found} {d.pairs_found === 1 ? 'trip' : 'trips'} found
                {d.pairs_found > d.pairs.length ? `, best ${d.pairs.length} shown` : ''}
              </p>
              <ul className="mt-2 space-y-2">
                {d.pairs.map((p) => (
                  <PairCard
                    key={`${p.outbound.flightHash}-${p.return.flightHash}`}
                    pair={p}
                    airports={byCode}
                    onAlert={alertFor}
                    calendar={calendarFor?.(p, byCode)}
                  />
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A number of nights, from the fewest to the most the trip finder takes. */
function NightsSelect({ label: text, value, onChange }: { label: string; value: number; onChange: (nights: number) => void }) {
  return (
    <label className={label}>
      {text}
      <select className={field} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {range(TRIP_FINDER_LIMITS.nightsMin, TRIP_FINDER_LIMITS.nightsMax).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}
