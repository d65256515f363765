import {
  CONNECTION_LIMITS,
  CONNECTION_MESSAGES,
  CONNECTION_SORTS,
  CONNECTION_SORT_LABELS,
  type ConnectionSort,
  type Itinerary,
} from '@gowild/contract/connections';
import { addDays } from '@gowild/contract/dates';
import type { Airport } from '@gowild/contract/reference';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { SearchAnswer } from '@/components/search-answer/search-answer';
import { type ConnectionsInput, connectionsQuery, useConnections } from '../api/search-connections';
import { ItineraryCard } from './itinerary-card';

export interface RouteBuilderViewProps {
  airports: readonly Airport[] | undefined;
  airportsLoading: boolean;
  /** Today at the traveller (YYYY-MM-DD): the earliest date. */
  today: string;
  /** More actions on each itinerary (the page adds the chain alert from the alerts feature). */
  itineraryActions?: (itinerary: Itinerary) => ReactNode;
}

const hours = (m: number) => (m % 60 === 0 ? `${m / 60} h` : `${Math.floor(m / 60)} h ${m % 60} min`);
const CONNECTION_CHOICES = [90, 120, 150, 180, 240] as const;
const LAYOVER_CHOICES = [240, 360, 480, 720, 1440] as const;
const DURATION_CHOICES = [360, 480, 720, 1080, 1440] as const;

/** The form as the page's address holds it (a share link): the API's own names, defaults where absent. */
export function inputFromParams(params: URLSearchParams, today: string): ConnectionsInput {
  const num = (k: string) => (params.get(k) && Number.isFinite(Number(params.get(k))) ? Number(params.get(k)) : '');
  const sort = params.get('sort');
  const maxFlights = num('max_flights');
  const maxLayover = num('max_layover');
  return {
    origin: (params.get('origin') ?? '').toUpperCase(),
    destination: (params.get('destination') ?? 'ANY').toUpperCase(),
    date: params.get('date') ?? today,
    maxFlights: maxFlights === '' ? CONNECTION_LIMITS.maxFlights : maxFlights,
    minConnection: num('min_connection'),
    maxLayover: maxLayover === '' ? CONNECTION_LIMITS.maxLayoverDefault : maxLayover,
    overnight: params.get('overnight') !== 'false',
    sort: CONNECTION_SORTS.includes(sort as ConnectionSort) ? (sort as ConnectionSort) : 'arrival',
    via: params.get('via') ?? '',
    avoid: params.get('avoid') ?? '',
    maxDuration: num('max_duration'),
    arriveBy: params.get('arrive_by') ?? '',
    pick: params.get('pick') ?? '',
  };
}

/** The page's address for a search (and, with `pick`, one itinerary of it). */
export function paramsOf(input: ConnectionsInput): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(connectionsQuery(input))) if (v !== undefined && v !== '') out.set(k, String(v));
  return out;
}

function AirportSelect(props: {
  label: string;
  value: string;
  onChange(v: string): void;
  airports: readonly Airport[];
  loading: boolean;
  anywhere?: boolean;
  name: string;
}) {
  return (
    <label className="block text-sm font-medium text-slate-800">
      {props.label}
      <select
        name={props.name}
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        disabled={props.loading}
      >
        {props.anywhere ? (
          <option value="ANY">Anywhere</option>
        ) : (
          <option value="">{props.loading ? 'Loading airports…' : 'Select an airport'}</option>
        )}
        {props.airports.map((a) => (
          <option key={a.stationCode} value={a.stationCode}>
            {a.city} ({a.stationCode})
          </option>
        ))}
      </select>
    </label>
  );
}

/** The route builder (docs/product/connections.md): one to three GoWild flights, each its own booking. */
export function RouteBuilderView({ airports, airportsLoading, today, itineraryActions }: RouteBuilderViewProps) {
  const sorted = useMemo(
    () => [...(airports ?? [])].sort((a, b) => a.city.localeCompare(b.city) || a.stationCode.localeCompare(b.stationCode)),
    [airports],
  );
  const byCode = useMemo(() => new Map(sorted.map((a) => [a.stationCode, a])), [sorted]);
  const cityOf = (code: string) => byCode.get(code)?.city ?? code;
  const [params, setParams] = useSearchParams();
  const fromAddress = inputFromParams(params, today);
  const [form, setForm] = useState<ConnectionsInput>(fromAddress);
  // A share link (or a reload) searches at once.
  const [submitted, setSubmitted] = useState<ConnectionsInput | null>(fromAddress.origin ? fromAddress : null);
  const [formError, setFormError] = useState<string | null>(null);
  const search = useConnections(submitted);
  const set = (patch: Partial<ConnectionsInput>) => setForm({ ...form, ...patch });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.origin || !form.date) return setFormError('Please select an origin airport and date');
    setFormError(null);
    const next = { ...form, pick: '' };
    setSubmitted(next);
    setParams(paramsOf(next), { replace: true });
  };
  const shareUrl = (id: string) =>
    `${window.location.origin}${window.location.pathname}?${paramsOf({ ...submitted!, pick: id }).toString()}`;
  const field = 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900';
  const label = 'block text-sm font-medium text-slate-800';

  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700">
        GoWild seats on nonstops are scarce, so build the trip from up to three GoWild flights, each booked on its own. We search the
        flights seen today across the whole network, then check the best trips with the airline before showing them as confirmed.
      </p>
      <form
        onSubmit={submit}
        className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
        aria-label="Route builder"
      >
        <AirportSelect
          label="From"
          name="origin"
          value={form.origin}
          onChange={(v) => set({ origin: v })}
          airports={sorted}
          loading={airportsLoading}
        />
        <AirportSelect
          label="To"
          name="destination"
          value={form.destination}
          onChange={(v) => set({ destination: v })}
          airports={sorted.filter((a) => a.stationCode !== form.origin)}
          loading={airportsLoading}
          anywhere
        />
        <label className={label}>
          Date
          <input
            type="date"
            className={field}
            value={form.date}
            min={today}
            max={addDays(today, 365)}
            onChange={(e) => set({ date: e.target.value })}
          />
        </label>
        <label className={label}>
          Flights at most
          <select className={field} value={form.maxFlights} onChange={(e) => set({ maxFlights: Number(e.target.value) })}>
            <option value={1}>1 (nonstop or the airline's own)</option>
            <option value={2}>2 bookings</option>
            <option value={3}>3 bookings</option>
          </select>
        </label>
        <label className={label}>
          Connection at least
          <select
            className={field}
            value={form.minConnection}
            onChange={(e) => set({ minConnection: e.target.value === '' ? '' : Number(e.target.value) })}
          >
            <option value="">Safe default (90 min)</option>
            {CONNECTION_CHOICES.slice(1).map((m) => (
              <option key={m} value={m}>
                {hours(m)}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          Layover at most
          <select className={field} value={form.maxLayover} onChange={(e) => set({ maxLayover: Number(e.target.value) })}>
            {LAYOVER_CHOICES.map((m) => (
              <option key={m} value={m}>
                {hours(m)}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          Total time at most
          <select
            className={field}
            value={form.maxDuration}
            onChange={(e) => set({ maxDuration: e.target.value === '' ? '' : Number(e.target.value) })}
          >
            <option value="">No limit</option>
            {DURATION_CHOICES.map((m) => (
              <option key={m} value={m}>
                {hours(m)}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          Arrive by (local)
          <input type="time" className={field} value={form.arriveBy} onChange={(e) => set({ arriveBy: e.target.value })} />
        </label>
        <label className={label}>
          Through hubs
          <input
            className={field}
            value={form.via}
            placeholder="e.g. DEN, ATL"
            onChange={(e) => set({ via: e.target.value.toUpperCase() })}
          />
        </label>
        <label className={label}>
          Avoid hubs
          <input
            className={field}
            value={form.avoid}
            placeholder="e.g. ORD"
            onChange={(e) => set({ avoid: e.target.value.toUpperCase() })}
          />
        </label>
        <label className={label}>
          Sort by
          <select className={field} value={form.sort} onChange={(e) => set({ sort: e.target.value as ConnectionSort })}>
            {CONNECTION_SORTS.map((s) => (
              <option key={s} value={s}>
                {CONNECTION_SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <div className="flex flex-col justify-end gap-2">
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" checked={form.overnight} onChange={(e) => set({ overnight: e.target.checked })} />
            Overnight connections
          </label>
          <Button type="submit" disabled={search.isFetching} data-testid="route-builder-button">
            {search.isFetching ? 'Searching...' : 'Build routes'}
          </Button>
        </div>
      </form>
      {formError ? (
        <Notice tone="error" role="alert">
          {formError}
        </Notice>
      ) : null}
      <Notice tone="warning" title="Self-transfer: separate bookings" titleAs="h2" role={null} data-testid="route-builder-risk">
        {CONNECTION_MESSAGES.selfTransfer}
      </Notice>
      <SearchAnswer search={search} busyLabel="Building routes" errorTestId="route-builder-error" placeholderHeight="h-36">
        {(data) => {
          const picked = data.itineraries.find((i) => i.id === submitted?.pick);
          const list = picked ? [picked, ...data.itineraries.filter((i) => i !== picked)] : data.itineraries;
          return (
            <section aria-label="Itineraries" className="space-y-3">
              <p className="text-sm text-slate-600" data-testid="route-builder-summary">
                {data.search_parameters.destination
                  ? `${data.summary.itineraries_found} itinerar${data.summary.itineraries_found === 1 ? 'y' : 'ies'} found`
                  : `${data.summary.destinations_reached} places reachable`}{' '}
                from {data.summary.flights_considered} GoWild flights seen on {data.summary.route_days_observed} of{' '}
                {data.summary.route_days} route-days; {data.summary.live_checks} checked with the airline just now ·{' '}
                {CONNECTION_SORT_LABELS[data.search_parameters.sort]} first
                {data.demo ? (
                  <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">Demo data</span>
                ) : null}
              </p>
              {submitted?.pick && !picked ? (
                <Notice tone="info">The shared itinerary is no longer offered with GoWild on every flight. Here is what is.</Notice>
              ) : null}
              {list.length === 0 ? (
                <Notice tone="neutral" role={null} data-testid="route-builder-empty">
                  {CONNECTION_MESSAGES.noItineraries}
                </Notice>
              ) : (
                <ul className="space-y-3">
                  {list.map((it) => (
                    <ItineraryCard
                      key={it.id}
                      itinerary={it}
                      cityOf={cityOf}
                      airports={byCode}
                      shareUrl={shareUrl(it.id)}
                      highlighted={it === picked}
                      actions={itineraryActions?.(it)}
                    />
                  ))}
                </ul>
              )}
            </section>
          );
        }}
      </SearchAnswer>
    </div>
  );
}
