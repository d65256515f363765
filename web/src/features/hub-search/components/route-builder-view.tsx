import {
  CONNECTION_LIMITS,
  CONNECTION_MESSAGES,
  CONNECTION_SORTS,
  CONNECTION_SORT_LABELS,
  type ConnectionSort,
  type ConnectionsResponse,
  type Itinerary,
} from '@gowild/contract/connections';
import type { Airport } from '@gowild/contract/reference';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Notice } from '@/components/ui/notice';
import { SearchAnswer } from '@/components/search-answer/search-answer';
import { useAppConfig } from '@/lib/app-config';
import { type ConnectionsInput, connectionsQuery, useConnections } from '../api/search-connections';
import {
  AirportSelect,
  ChoiceSelect,
  CodesField,
  DateField,
  MinutesSelect,
  OvernightAndSubmit,
  TimeField,
  useAirportChoices,
} from './form-fields';
import { ItineraryCard } from './itinerary-card';

export interface RouteBuilderViewProps {
  airports: readonly Airport[] | undefined;
  airportsLoading: boolean;
  /** Today at the traveller (YYYY-MM-DD): the earliest date. */
  today: string;
  /** More actions on each itinerary (the page adds the chain alert from the alerts feature). */
  itineraryActions?: (itinerary: Itinerary) => ReactNode;
  /** Each itinerary's flights on a small map (the page composes it from the route map's code). */
  itineraryMap?: (itinerary: Itinerary) => ReactNode;
}

/** Above the safe default (the blank choice): a traveller may raise the connection time, never lower it. */
const CONNECTION_CHOICES = [120, 150, 180, 240] as const;
const LAYOVER_CHOICES = [240, 360, 480, 720, 1440] as const;
const DURATION_CHOICES = [360, 480, 720, 1080, 1440] as const;
const FLIGHTS_CHOICES = [
  { value: 1, text: "1 (nonstop or the airline's own)" },
  { value: 2, text: '2 bookings' },
  { value: 3, text: '3 bookings' },
];
const SORT_CHOICES = CONNECTION_SORTS.map((s) => ({ value: s, text: CONNECTION_SORT_LABELS[s] }));

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

/** The route builder (docs/product/connections.md): one to three GoWild flights, each its own booking. */
export function RouteBuilderView({ airports, airportsLoading, today, itineraryActions, itineraryMap }: RouteBuilderViewProps) {
  const { sorted, byCode, cityOf } = useAirportChoices(airports);
  // The server's shortest connection (a setting): the default, and no shorter choice is offered (a 400 otherwise).
  const minTransfer = useAppConfig().data?.connections.minTransferMinutes ?? CONNECTION_LIMITS.minConnectionDefault;
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
          favourites
        />
        <AirportSelect
          label="To"
          name="destination"
          value={form.destination}
          onChange={(v) => set({ destination: v })}
          airports={sorted.filter((a) => a.stationCode !== form.origin)}
          loading={airportsLoading}
          anywhere="ANY"
        />
        <DateField value={form.date} today={today} onChange={(v) => set({ date: v })} />
        <ChoiceSelect label="Flights at most" value={form.maxFlights} choices={FLIGHTS_CHOICES} onChange={(v) => set({ maxFlights: v })} />
        <MinutesSelect
          label="Connection at least"
          value={form.minConnection}
          blank={`Safe default (${minTransfer} min)`}
          choices={CONNECTION_CHOICES.filter((minutes) => minutes > minTransfer)}
          onChange={(v) => set({ minConnection: v })}
        />
        <MinutesSelect label="Layover at most" value={form.maxLayover} choices={LAYOVER_CHOICES} onChange={(v) => set({ maxLayover: v })} />
        <MinutesSelect
          label="Total time at most"
          value={form.maxDuration}
          blank="No limit"
          choices={DURATION_CHOICES}
          onChange={(v) => set({ maxDuration: v })}
        />
        <TimeField label="Arrive by (local)" value={form.arriveBy} onChange={(v) => set({ arriveBy: v })} />
        <CodesField label="Through hubs" value={form.via} placeholder="e.g. DEN, ATL" onChange={(v) => set({ via: v })} />
        <CodesField label="Avoid hubs" value={form.avoid} placeholder="e.g. ORD" onChange={(v) => set({ avoid: v })} />
        <ChoiceSelect label="Sort by" value={form.sort} choices={SORT_CHOICES} onChange={(v) => set({ sort: v })} />
        <OvernightAndSubmit
          overnightLabel="Overnight connections"
          overnight={form.overnight}
          onOvernight={(v) => set({ overnight: v })}
          busy={search.isFetching}
          submitLabel="Build routes"
          testId="route-builder-button"
        />
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
        {(data) => (
          <ItineraryList
            data={data}
            pick={submitted?.pick ?? ''}
            shareUrl={shareUrl}
            cityOf={cityOf}
            airports={byCode}
            itineraryActions={itineraryActions}
            itineraryMap={itineraryMap}
          />
        )}
      </SearchAnswer>
    </div>
  );
}

/** The answer: what was searched and checked, the shared itinerary first (or word that it is gone), then each one. */
function ItineraryList({
  data,
  pick,
  shareUrl,
  cityOf,
  airports,
  itineraryActions,
  itineraryMap,
}: {
  data: ConnectionsResponse;
  /** The itinerary a share link named ('' for none). */
  pick: string;
  shareUrl: (id: string) => string;
  cityOf: ReturnType<typeof useAirportChoices>['cityOf'];
  airports: ReturnType<typeof useAirportChoices>['byCode'];
} & Pick<RouteBuilderViewProps, 'itineraryActions' | 'itineraryMap'>) {
  const picked = data.itineraries.find((i) => i.id === pick);
  const list = picked ? [picked, ...data.itineraries.filter((i) => i !== picked)] : data.itineraries;
  return (
    <section aria-label="Itineraries" className="space-y-3">
      <p className="text-sm text-slate-600" data-testid="route-builder-summary">
        {data.search_parameters.destination
          ? `${data.summary.itineraries_found} itinerar${data.summary.itineraries_found === 1 ? 'y' : 'ies'} found`
          : `${data.summary.destinations_reached} places reachable`}{' '}
        from {data.summary.flights_considered} GoWild flights seen on {data.summary.route_days_observed} of {data.summary.route_days}{' '}
        route-days; {data.summary.live_checks} checked with the airline just now · {CONNECTION_SORT_LABELS[data.search_parameters.sort]}{' '}
        first
        {data.demo ? <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">Demo data</span> : null}
      </p>
      {pick && !picked ? (
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
              airports={airports}
              shareUrl={shareUrl(it.id)}
              highlighted={it === picked}
              actions={itineraryActions?.(it)}
              map={itineraryMap?.(it)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
