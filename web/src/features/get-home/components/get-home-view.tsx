import { CITY_GROUPS, cityValue } from '@gowild/contract/city-groups';
import { addDays } from '@gowild/contract/dates';
import { formatMiles } from '@gowild/contract/distance';
import { GET_HOME_LIMITS, GET_HOME_MESSAGES, GET_HOME_RADIUS_CHOICES, type GetHomeResponse } from '@gowild/contract/get-home';
import { HUB_MESSAGES } from '@gowild/contract/hub-search';
import type { Airport } from '@gowild/contract/reference';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { SearchAnswer } from '@/components/search-answer/search-answer';
import { useFavourites } from '@/lib/favourites/favourites-context';
import { type GetHomeInput, type Whereabouts, getHomeQuery, useGetHome } from '../api/get-home';
import { OptionCard } from './option-card';

export interface GetHomeViewProps {
  airports: readonly Airport[] | undefined;
  airportsLoading: boolean;
  /** Today at the traveller (YYYY-MM-DD): the answer's days are named 'Today' and 'Tomorrow'. */
  today: string;
  /** The traveller's position from the location feature (browser first, else the IP lookup); null when unknown. */
  locate: () => Promise<{ lat: number; lng: number } | null>;
  /** The answer as a CSV file (docs/product/get-me-home.md#export): its button, given the search's call query. */
  renderExport?: (query: Record<string, string>) => ReactNode;
}

const LOCATION_FAILED = 'Your location is not available. Choose the airport you are at instead.';

/** docs/product/get-me-home.md: where the traveller is, home, the drive, and the ways home soonest first. */
export function GetHomeView({ airports, airportsLoading, today, locate, renderExport }: GetHomeViewProps) {
  const sorted = useMemo(
    () => [...(airports ?? [])].sort((a, b) => a.city.localeCompare(b.city) || a.stationCode.localeCompare(b.stationCode)),
    [airports],
  );
  const byCode = useMemo(() => new Map(sorted.map((a) => [a.stationCode, a])), [sorted]);
  const cityOf = (code: string) => byCode.get(code)?.city ?? code;
  const [mode, setMode] = useState<'airport' | 'location'>('airport');
  const [airport, setAirport] = useState('');
  const [position, setPosition] = useState<{ lat: number; lng: number } | null>(null);
  const [locating, setLocating] = useState(false);
  // docs/product/favourites.md: home is the first home airport until the traveller picks another; theirs lead the list.
  const kept = useFavourites()?.favourites ?? null;
  const yours = useMemo(() => [...new Set([...(kept?.home_airports ?? []), ...(kept?.favourite_airports ?? [])])], [kept]);
  const [homeChoice, setHome] = useState<string | null>(null);
  const home = homeChoice ?? kept?.home_airports[0] ?? '';
  const [radius, setRadius] = useState<number>(GET_HOME_LIMITS.radiusDefault);
  const [formError, setFormError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<GetHomeInput | null>(null);
  const search = useGetHome(submitted);

  const shareLocation = async () => {
    setMode('location');
    setLocating(true);
    const found = await locate();
    setLocating(false);
    setPosition(found);
    setFormError(found ? null : LOCATION_FAILED);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const from: Whereabouts | null = mode === 'airport' ? (airport ? { airport } : null) : position;
    if (!from) return setFormError(mode === 'location' ? LOCATION_FAILED : GET_HOME_MESSAGES.fromRequired);
    if (!home) return setFormError(GET_HOME_MESSAGES.homeRequired);
    setFormError(null);
    setSubmitted({ from, home, radius });
  };
  const dayLabel = (date: string) => (date === today ? 'today' : date === addDays(today, 1) ? 'tomorrow' : date);
  const homeLabel = (value: string) => CITY_GROUPS.find((g) => cityValue(g) === value)?.cityName ?? cityOf(value);
  const field = 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900';
  const label = 'block text-sm font-medium text-slate-800';

  return (
    <div className="space-y-5">
      <form
        onSubmit={submit}
        className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
        aria-label="Get me home"
      >
        <fieldset className="min-w-0">
          <legend className={label}>Where are you?</legend>
          <select
            className={field}
            aria-label="Airport you are at"
            value={mode === 'airport' ? airport : ''}
            onChange={(e) => {
              setMode('airport');
              setAirport(e.target.value);
            }}
            disabled={airportsLoading}
          >
            <option value="">{airportsLoading ? 'Loading airports…' : mode === 'location' ? 'My location' : 'Select an airport'}</option>
            {sorted.map((a) => (
              <option key={a.stationCode} value={a.stationCode}>
                {a.city} ({a.stationCode})
              </option>
            ))}
          </select>
          <Button type="button" variant="ghost" size="sm" className="mt-1" onClick={() => void shareLocation()} disabled={locating}>
            {locating ? 'Locating…' : mode === 'location' && position ? '✓ Using my location' : 'Use my location'}
          </Button>
        </fieldset>
        <label className={label}>
          Home
          <HomeSelect
            value={home}
            onChange={setHome}
            yours={yours}
            airports={sorted}
            cityOf={cityOf}
            homeLabel={homeLabel}
            disabled={airportsLoading}
          />
        </label>
        <label className={label}>
          Drive to another airport
          <select className={field} value={radius} onChange={(e) => setRadius(Number(e.target.value))}>
            {GET_HOME_RADIUS_CHOICES.map((m) => (
              <option key={m} value={m}>
                {m === 0 ? 'No, this airport only' : `Up to ${m} miles`}
              </option>
            ))}
          </select>
        </label>
        <div className="flex items-end">
          <Button type="submit" className="w-full" disabled={search.isFetching} data-testid="get-home-button">
            {search.isFetching ? 'Searching...' : 'Get me home'}
          </Button>
        </div>
      </form>
      {formError ? (
        <Notice tone="error" role="alert">
          {formError}
        </Notice>
      ) : null}

      <SearchAnswer search={search} busyLabel="Searching the ways home" errorTestId="get-home-error">
        {(data) => (
          <WaysHome
            data={data}
            homeLabel={homeLabel}
            cityOf={cityOf}
            dayLabel={dayLabel}
            exportButton={renderExport && submitted && data.options.length > 0 ? renderExport(getHomeQuery(submitted)) : null}
          />
        )}
      </SearchAnswer>
    </div>
  );
}

/** Home: the traveller's own airports first, then every city (all its airports) and every airport. */
function HomeSelect({
  value,
  onChange,
  yours,
  airports,
  cityOf,
  homeLabel,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  yours: readonly string[];
  airports: readonly Airport[];
  cityOf: (code: string) => string;
  homeLabel: (value: string) => string;
  disabled: boolean;
}) {
  const field = 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900';
  return (
    <select className={field} value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
      <option value="">Select home</option>
      {yours.length > 0 ? (
        <optgroup label="Your airports">
          {yours.map((v) => (
            <option key={v} value={v}>
              {CITY_GROUPS.some((g) => cityValue(g) === v) ? `${homeLabel(v)} (all airports)` : `${cityOf(v)} (${v})`}
            </option>
          ))}
        </optgroup>
      ) : null}
      <optgroup label="Cities">
        {CITY_GROUPS.map((g) => (
          <option key={g.code} value={cityValue(g)}>
            {g.cityName} (all airports)
          </option>
        ))}
      </optgroup>
      <optgroup label="Airports">
        {airports.map((a) => (
          <option key={a.stationCode} value={a.stationCode}>
            {a.city} ({a.stationCode})
          </option>
        ))}
      </optgroup>
    </select>
  );
}

/** The answer: from which airports, the warnings, and each way home, soonest first. */
function WaysHome({
  data,
  homeLabel,
  cityOf,
  dayLabel,
  exportButton,
}: {
  data: GetHomeResponse;
  homeLabel: (value: string) => string;
  cityOf: (code: string) => string;
  dayLabel: (date: string) => string;
  exportButton: ReactNode;
}) {
  return (
    <section aria-labelledby="get-home-title" className="space-y-3">
      <h2 id="get-home-title" className="text-xl font-bold text-slate-900">
        Get me home to {homeLabel(data.search_parameters.home)}
      </h2>
      {exportButton ? <div>{exportButton}</div> : null}
      <p className="text-sm text-slate-600" data-testid="get-home-summary">
        From {data.search_parameters.nearby.map((a) => (a.miles > 0 ? `${a.code} (${formatMiles(a.miles)})` : a.code)).join(', ')} · today
        and tomorrow · soonest home first
        {data.demo ? <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">Demo data</span> : null}
      </p>
      {data.partial ? (
        <Notice tone="warning">
          Some routes could not be checked ({data.failed?.join(', ')}); the list may be missing a way home.
          {data.over_budget ? ` ${data.over_budget.message}` : null}
        </Notice>
      ) : null}
      {data.options.some((o) => o.kind === 'self_transfer') ? (
        <Notice tone="warning" title="Self-transfers are two tickets" titleAs="h3" role={null}>
          {HUB_MESSAGES.separateTickets}
        </Notice>
      ) : null}
      {data.options.length === 0 ? (
        <Notice tone="neutral" role={null} data-testid="get-home-empty">
          {GET_HOME_MESSAGES.noOptions}
        </Notice>
      ) : (
        <ul className="space-y-3">
          {data.options.map((o) => (
            <OptionCard key={o.flights.map((f) => f.flightHash).join('-')} option={o} dayLabel={dayLabel} cityOf={cityOf} />
          ))}
        </ul>
      )}
    </section>
  );
}
