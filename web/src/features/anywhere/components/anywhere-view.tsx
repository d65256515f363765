import { ANYWHERE_LIMITS, ANYWHERE_MESSAGES } from '@gowild/contract/anywhere';
import { addDays, formatMediumDate, formatWeekdayShort } from '@gowild/contract/dates';
import { hasGoWild, lowestFare } from '@gowild/contract/flight-format';
import { type Flight, SEARCH_MESSAGES } from '@gowild/contract/flights';
import { formatWholeDollars } from '@gowild/contract/money';
import type { Airport } from '@gowild/contract/reference';
import { type FormEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { describeAirportValue } from '@/components/airport-picker/airport-options';
import { GroupedOriginPicker } from '@/components/airport-picker/grouped-origin-picker';
import { Button } from '@/components/ui/button';
import { ListViewToggle } from '@/components/ui/list-view-toggle';
import { Notice } from '@/components/ui/notice';
import type { AnywhereRequest } from '../api/search-anywhere-stream';
import { type AnywhereDestination, useAnywhereSearch } from '../hooks/use-anywhere-search';

export interface AnywhereViewProps {
  airports: readonly Airport[] | undefined;
  airportsLoading: boolean;
  airportsError: string | null;
  /** Today at the traveller (YYYY-MM-DD): the first date offered. */
  today: string;
  /** Every flight of the answer in one sortable table (the flight list). */
  renderFlightList: (list: { flights: Flight[]; caption: string }) => ReactNode;
  /** The answer as a CSV file: the same search with format=csv. */
  renderExport: (request: AnywhereRequest) => ReactNode;
}

const DAYS_DEFAULT = 3;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The search a link names (`?origin=DEN&from=2026-12-01&to=2026-12-03`, the call's own query), or null. The server
 * judges the rest (a past day, too many days) and says why in its words.
 */
function linkedSearch(params: URLSearchParams): AnywhereRequest | null {
  const origin = params.get('origin')?.trim() ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return origin && ISO_DATE.test(from) && ISO_DATE.test(to) ? { origin, from, to } : null;
}
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const cheapest = (xs: (number | null)[]) => xs.reduce<number | null>((m, x) => (x !== null && (m === null || x < m) ? x : m), null);
const goWildOf = (f: Flight) => (hasGoWild(f) ? f.fares.go_wild!.total : null);

/** A destination's best fare of each day of the range: GoWild when there is one, else the cheapest fare. */
function dayFares(d: AnywhereDestination, dates: readonly string[]) {
  return dates.map((date) => {
    const that = d.flights.filter((f) => f.departure_time.startsWith(date));
    const goWild = cheapest(that.map(goWildOf));
    return { date, goWild, lowest: goWild ?? cheapest(that.map(lowestFare)), flights: that.length };
  });
}

/** GoWild destinations first, cheapest GoWild first; then the rest by their cheapest fare; then by code. */
function byBest(a: AnywhereDestination, b: AnywhereDestination): number {
  const ga = cheapest(a.flights.map(goWildOf));
  const gb = cheapest(b.flights.map(goWildOf));
  if ((ga === null) !== (gb === null)) return ga === null ? 1 : -1;
  const pa = ga ?? cheapest(a.flights.map(lowestFare)) ?? Infinity;
  const pb = gb ?? cheapest(b.flights.map(lowestFare)) ?? Infinity;
  return pa - pb || a.code.localeCompare(b.code);
}

/**
 * docs/product/anywhere.md: an origin and up to 7 days; every destination as it arrives (from what was last seen,
 * then confirmed), by destination with the best fare of each day, or every flight in one sortable table; Export CSV.
 */
export function AnywhereView({ airports, airportsLoading, airportsError, today, renderFlightList, renderExport }: AnywhereViewProps) {
  // The page's search lives in its address, so a reload or a shared link shows the same answer.
  const [params, setParams] = useSearchParams();
  const linked = useMemo(() => linkedSearch(params), [params]);
  const byCode = useMemo(() => new Map((airports ?? []).map((a) => [a.stationCode, a])), [airports]);
  const [origin, setOrigin] = useState(linked?.origin ?? '');
  const [from, setFrom] = useState(linked?.from ?? today);
  const [days, setDays] = useState(() => {
    const span = linked ? Math.round((Date.parse(linked.to) - Date.parse(linked.from)) / 86_400_000) + 1 : DAYS_DEFAULT;
    return Math.min(ANYWHERE_LIMITS.maxDays, Math.max(1, span));
  });
  const [formError, setFormError] = useState<string | null>(null);
  const { state, run } = useAnywhereSearch();

  // The address names a search that is not the one on screen (a link, a reload, Back): run it, once.
  const ran = useRef<string | null>(null);
  useEffect(() => {
    const key = linked ? `${linked.origin}|${linked.from}|${linked.to}` : null;
    if (!linked || key === ran.current) return;
    ran.current = key;
    void run(linked);
  }, [linked, run]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!origin) return setFormError(SEARCH_MESSAGES.originRequired);
    if (!from) return setFormError(ANYWHERE_MESSAGES.fromRequired);
    setFormError(null);
    const request = { origin, from, to: addDays(from, days - 1) };
    ran.current = `${request.origin}|${request.from}|${request.to}`;
    setParams(request);
    void run(request);
  };

  const loading = state.status === 'loading';
  const field = 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900';
  const label = 'block text-sm font-medium text-slate-800';

  return (
    <div className="space-y-5">
      <form onSubmit={submit} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4" aria-label="Search anywhere">
        <GroupedOriginPicker
          name="anywhere-view-mode"
          airports={airports}
          loading={airportsLoading}
          error={airportsError}
          value={origin}
          onChange={setOrigin}
          initialViewMode={!linked || linked.origin.startsWith('CITY:') ? 'city' : 'airport'}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <label className={label}>
            First departure date
            <input type="date" className={field} value={from} min={today} onChange={(e) => setFrom(e.target.value)} required />
          </label>
          <label className={label}>
            Days
            <select className={field} value={days} onChange={(e) => setDays(Number(e.target.value))} data-testid="anywhere-days">
              {range(ANYWHERE_LIMITS.maxDays).map((n) => (
                <option key={n} value={n}>
                  {n === 1 ? 'That day only' : `${n} days, to ${from ? formatMediumDate(addDays(from, n - 1)) : '…'}`}
                </option>
              ))}
            </select>
          </label>
          <div className="flex items-end">
            <Button type="submit" className="w-full" isLoading={loading} disabled={loading}>
              {loading ? 'Searching...' : 'Search anywhere'}
            </Button>
          </div>
        </div>
        {formError ? (
          <Notice tone="error" role="alert">
            {formError}
          </Notice>
        ) : null}
      </form>

      {state.status === 'error' && state.error ? (
        <Notice tone="error" role="alert" title="Search failed" data-testid="anywhere-error">
          {state.error.message}
        </Notice>
      ) : null}

      {state.status !== 'idle' && state.parameters ? (
        <AnywhereResults state={state} byCode={byCode} renderFlightList={renderFlightList} renderExport={renderExport} />
      ) : null}
    </div>
  );
}

function DestinationRow({ destination: d, name, dates }: { destination: AnywhereDestination; name: string; dates: readonly string[] }) {
  const fares = dayFares(d, dates);
  const goWildDays = fares.filter((f) => f.goWild !== null).length;
  const best = cheapest(fares.map((f) => f.goWild));
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3" data-testid="anywhere-destination" data-code={d.code}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 className="font-semibold text-slate-900">
          {name} <span className="text-slate-600">({d.code})</span>
        </h3>
        <p className="text-sm text-slate-700">
          {best !== null ? (
            <>
              <span className="font-semibold text-brand-800">GoWild from {formatWholeDollars(best)}</span> on {goWildDays} of {dates.length}{' '}
              {dates.length === 1 ? 'day' : 'days'}
            </>
          ) : (
            'No GoWild fare on these days'
          )}
          {' · '}
          {d.flights.length} {d.flights.length === 1 ? 'flight' : 'flights'}
          {d.confirming ? <span className="ml-1 text-xs text-slate-500">(confirming…)</span> : null}
          {d.failed ? <span className="ml-1 text-xs text-amber-800">(not confirmed)</span> : null}
        </p>
      </div>
      <ol
        className="mt-2 grid gap-1 text-center text-xs"
        style={{ gridTemplateColumns: `repeat(${dates.length}, minmax(0, 5.5rem))` }}
        aria-label={`${name}: best fare each day`}
      >
        {fares.map((f) => (
          <li
            key={f.date}
            className={`rounded px-0.5 py-1 ${f.goWild !== null ? 'bg-brand-50 text-brand-900' : f.lowest !== null ? 'bg-slate-50 text-slate-800' : 'text-slate-400'}`}
            aria-label={`${formatMediumDate(f.date)}: ${f.goWild !== null ? `GoWild ${formatWholeDollars(f.goWild)}` : f.lowest !== null ? formatWholeDollars(f.lowest) : 'no flight'}`}
          >
            <span className="block text-[10px] text-slate-600" aria-hidden="true">
              {formatWeekdayShort(f.date)} {f.date.slice(8)}
            </span>
            <span className="block font-semibold" aria-hidden="true">
              {f.lowest !== null ? formatWholeDollars(f.lowest) : '—'}
            </span>
          </li>
        ))}
      </ol>
    </li>
  );
}

/** The answer as it streams in: what was searched, the progress, what failed, cards by destination or every flight. */
function AnywhereResults({
  state,
  byCode,
  renderFlightList,
  renderExport,
}: {
  state: ReturnType<typeof useAnywhereSearch>['state'];
  byCode: ReadonlyMap<string, Airport>;
} & Pick<AnywhereViewProps, 'renderFlightList' | 'renderExport'>) {
  const [listView, setListView] = useState(false);
  const cityOf = (code: string) => byCode.get(code)?.city ?? code;
  const dates = state.parameters?.dates ?? [];
  const shown = useMemo(() => state.destinations.filter((d) => d.flights.length > 0).sort(byBest), [state.destinations]);
  const allFlights = useMemo(() => shown.flatMap((d) => d.flights), [shown]);
  const loading = state.status === 'loading';
  const done = state.status === 'done';
  const originLabel = state.parameters ? describeAirportValue(state.parameters.origin, byCode) : '';
  const rangeLabel = dates.length ? `${formatMediumDate(dates[0]!)} – ${formatMediumDate(dates.at(-1)!)}` : '';
  return (
    <section aria-label="Anywhere results" className="scroll-mt-20 space-y-3" data-testid="anywhere-results">
      <div>
        <h2 className="text-xl font-bold text-slate-900">Every destination from {originLabel}</h2>
        <p className="text-sm text-slate-600">
          {rangeLabel} · one way
          {state.demo ? (
            <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">Demo data</span>
          ) : null}
        </p>
      </div>
      {loading ? (
        <p className="text-sm text-slate-700" role="status" data-testid="anywhere-progress">
          Checked {state.checked} of {state.total} destinations…
        </p>
      ) : null}
      {done && state.failed.length ? (
        <Notice tone="warning" role="status">
          {state.overBudgetMessage ??
            `${state.failed.length} destination${state.failed.length === 1 ? '' : 's'} could not be checked on every day: ${state.failed.join(', ')}.`}
        </Notice>
      ) : null}
      {shown.length ? (
        <div className="flex flex-wrap items-center gap-2" data-testid="anywhere-tools">
          <ListViewToggle listView={listView} onChange={setListView} labels={['By destination', 'All flights']} />
          {done && state.request ? renderExport(state.request) : null}
        </div>
      ) : null}

      {listView && shown.length ? (
        renderFlightList({ flights: allFlights, caption: `Every flight from ${originLabel}, ${rangeLabel}` })
      ) : (
        <ul className="space-y-2" aria-label="Destinations" data-testid="anywhere-destinations">
          {shown.map((d) => (
            <DestinationRow key={d.code} destination={d} name={cityOf(d.code)} dates={dates} />
          ))}
        </ul>
      )}

      {done && shown.length === 0 ? (
        <Notice tone="neutral" role={null} title="No Flights Found" titleAs="h3" data-testid="anywhere-empty">
          {ANYWHERE_MESSAGES.noFlights(originLabel)}
        </Notice>
      ) : null}
    </section>
  );
}
