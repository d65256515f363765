import { CITY_GROUPS, cityValue, findCityGroup } from '@gowild/contract/city-groups';
import { addDays, localToday } from '@gowild/contract/dates';
import { SEARCH_MESSAGES } from '@gowild/contract/flights';
import type { Flight } from '@gowild/contract/flights';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useAirports } from '@/api/get-airports';
import { useBlackoutDates } from '@/api/get-blackout-dates';
import { type DistanceFn, type ViewMode, buildAirportOptions } from '@/components/airport-picker/airport-options';
import { useGridColumns } from '@/components/airport-picker/use-grid-columns';
import { showToast } from '@/components/ui/toast/toast-store';
import { useRegisterHomeReset } from '@/lib/home-reset';
import type { FlightSearchRequest } from '../api/search-flights-stream';
import { useFlightSearch } from '../hooks/use-flight-search';
import { copyText } from '@/lib/copy-text';
import type { DestinationResult } from '../utils/group-results';
import { defaultReturnDate } from '../utils/return-flights';
import type { Direction } from '../utils/search-button';
import { type Screen, type SearchLink, buildSearchQuery, parseSearchLink } from '../utils/search-link';
import { ResultsScreen } from './results-screen';
import { type SelectedDeparture, ReturnScreen } from './return-screen';
import { SearchForm, type SearchFormProps, type SearchFormValues } from './search-form';
import './search.css';

export const PAGE_MESSAGES = {
  loginToSearch: 'Please log in to search flights.',
  loginToViewReturns: 'Please log in to view return flights.',
  outboundRequired: 'Please select an origin airport and date',
  inboundRequired: 'Please select a destination airport and date',
  cityWithoutAirports: 'City selection requires airport codes from backend',
  airportsFailed: 'Failed to load airports',
  departureNotFound: 'Could not find the selected departure flight. Please try selecting a different flight.',
  shareTitle: 'URL Copied',
  shareText: 'Search URL copied to clipboard!',
} as const;

/** Section 4: the not-found message shows this long before the view returns to the departures. */
export const NOT_FOUND_FALLBACK_MS = 3000;
/** Section 2.2: after a normal search the URL is updated this much later. */
export const URL_UPDATE_DELAY_MS = 100;
/** Section 2.2: a link waits for the airports list, checking this often. */
export const AIRPORTS_RETRY_MS = 100;

export interface SelectedTrip {
  departure: SelectedDeparture;
  returnFlight: Flight;
  origin: string;
  destination: string;
  date: string;
}

export interface SearchPageProps {
  auth: { initialized: boolean; signedIn: boolean; isPremium: boolean };
  searchesRemaining?: number | null;
  /** From the server's config; null until it has loaded. */
  freeSearchesPerDay: number | null;
  usageBadge?: ReactNode;
  distance?: DistanceFn;
  /** The flights on screen come from the offline emulator. */
  demoFlights?: boolean;
  /** A destination's forecast from the searched date on. */
  renderWeather?: (code: string, date: string) => ReactNode;
  renderStayWeather?: (code: string, range: { start: string; end: string }) => ReactNode;
  /** After each completed search (the usage badge refreshes). */
  onSearchCompleted?: () => void;
  onSelectReturn: (trip: SelectedTrip) => void;
}

type FormMessage = NonNullable<SearchFormProps['message']>;

const EMPTY_FORM: SearchFormValues = {
  direction: 'outbound',
  viewMode: 'city',
  origin: '',
  destination: '',
  singleRoute: false,
  date: '',
  tripDays: null,
};

function findByHash(results: readonly DestinationResult[], hash: string): SelectedDeparture | null {
  for (const r of results) {
    const flight = r.flights.find((f) => f.flightHash === hash);
    if (flight) return { destination: r.code, flight, flightHash: hash };
  }
  return null;
}

function toRequest(v: SearchFormValues): FlightSearchRequest {
  const inbound = v.direction === 'inbound';
  return {
    direction: v.direction,
    origin: inbound ? '' : v.origin,
    destination: inbound || v.singleRoute ? v.destination : '',
    date: v.date,
  };
}

/** A city value this app does not know expands to no airports: the search cannot run. */
function unknownCity(value: string): boolean {
  return value.split(',').some((p) => p.trim().toUpperCase().startsWith('CITY:') && !findCityGroup(p.trim()));
}

/**
 * The search page (section 2.2) with its three screens: search, departure flights and return flights, and the
 * query-string rules: a link runs its search (after the airports list is there), the URL is not rewritten while
 * a link loads, and a normal search writes the URL 100 ms later.
 */
export function SearchPage(props: SearchPageProps) {
  const { auth } = props;
  const location = useLocation();
  const [, setParams] = useSearchParams();
  const airports = useAirports();
  const blackout = useBlackoutDates();
  const columns = useGridColumns();
  const { state: search, search: runStream, retry, reset: resetStream } = useFlightSearch({ onSuccess: props.onSearchCompleted });
  const today = localToday();

  const [form, setForm] = useState<SearchFormValues>(EMPTY_FORM);
  const [screen, setScreen] = useState<Screen>('search');
  const [message, setMessage] = useState<FormMessage | null>(null);
  const [departure, setDeparture] = useState<SelectedDeparture | null>(null);
  const [returnDate, setReturnDate] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [pendingLink, setPendingLink] = useState<SearchLink | null>(null);
  const [pendingHash, setPendingHash] = useState<string | null>(null);

  const linkLoading = useRef(false);
  const lastWritten = useRef<string | null>(null);
  const urlTimer = useRef<number | undefined>(undefined);
  const fallbackTimer = useRef<number | undefined>(undefined);
  const airportsReady = useRef(false);
  useEffect(() => {
    airportsReady.current = airports.isSuccess || airports.isError;
  }, [airports.isSuccess, airports.isError]);
  useEffect(
    () => () => {
      window.clearTimeout(urlTimer.current);
      window.clearTimeout(fallbackTimer.current);
    },
    [],
  );

  const byCode = useMemo(() => new Map((airports.data ?? []).map((a) => [a.stationCode, a])), [airports.data]);
  const airportName = useCallback((code: string) => byCode.get(code)?.cityAndCode ?? code, [byCode]);
  const describe = useCallback(
    (value: string) =>
      value
        .split(',')
        .filter(Boolean)
        .map((p) => findCityGroup(p)?.displayName ?? byCode.get(p)?.cityAndCode ?? p)
        .join(', '),
    [byCode],
  );
  const options = useMemo(
    () => buildAirportOptions(airports.data ?? [], form.viewMode, props.distance),
    [airports.data, form.viewMode, props.distance],
  );

  /** Mirrors state into the query string, unless a link is loading; `delay` for the after-search rule. */
  const writeUrl = useCallback(
    (link: Partial<SearchLink> | null, delay = 0) => {
      if (linkLoading.current) return;
      window.clearTimeout(urlTimer.current);
      const apply = () => {
        const qs = link ? buildSearchQuery(link) : '';
        lastWritten.current = qs;
        setParams(new URLSearchParams(qs), { replace: true });
      };
      if (delay > 0) urlTimer.current = window.setTimeout(apply, delay);
      else apply();
    },
    [setParams],
  );

  const searchedLink = useCallback(
    (patch: Partial<SearchLink>): Partial<SearchLink> => {
      const r = search.request;
      return { origin: r?.origin, destination: r?.destination, date: r?.date, direction: r?.direction, ...patch };
    },
    [search.request],
  );

  const resetAll = useCallback(() => {
    window.clearTimeout(fallbackTimer.current);
    resetStream();
    setForm((f) => ({ ...EMPTY_FORM, viewMode: f.viewMode }));
    setScreen('search');
    setMessage(null);
    setNotice(null);
    setDeparture(null);
    setPendingLink(null);
    setPendingHash(null);
    linkLoading.current = false;
  }, [resetStream]);

  const newSearch = useCallback(() => {
    resetAll();
    writeUrl(null);
  }, [resetAll, writeUrl]);

  // Home in the top bar, clicked while here, starts over (section 2.10).
  useRegisterHomeReset(newSearch);

  // A link (first load, or the URL changed under us: back/forward, the Home link) sets the page up again.
  useEffect(() => {
    const qs = location.search.replace(/^\?/, '');
    if (lastWritten.current !== null && qs === lastWritten.current) return;
    lastWritten.current = qs;
    const parsed = parseSearchLink(new URLSearchParams(qs));
    resetAll();
    if (parsed.kind === 'invalid') setMessage({ text: parsed.message, tone: 'error' });
    if (parsed.kind !== 'link') return;
    const l = parsed.link;
    setForm((f) => ({
      ...f,
      direction: l.direction,
      origin: l.origin,
      destination: l.destination,
      singleRoute: l.direction === 'outbound' && !!l.destination,
      date: l.date,
    }));
    setPendingLink(l);
  }, [location.search, resetAll]);

  // Runs a pending link once we know who is asking and the airports list is there (checked every 100 ms).
  useEffect(() => {
    if (!pendingLink || !auth.initialized) return;
    if (!auth.signedIn) {
      setMessage({
        text: pendingLink.screen === 'return_flights' ? PAGE_MESSAGES.loginToViewReturns : PAGE_MESSAGES.loginToSearch,
        tone: 'info',
        loginLink: true,
      });
      setPendingLink(null);
      return;
    }
    let timer: number | undefined;
    const attempt = () => {
      if (!airportsReady.current) {
        timer = window.setTimeout(attempt, AIRPORTS_RETRY_MS);
        return;
      }
      const l = pendingLink;
      setPendingLink(null);
      if (unknownCity(l.origin) || unknownCity(l.destination)) {
        setMessage({ text: PAGE_MESSAGES.cityWithoutAirports, tone: 'error' });
        return;
      }
      linkLoading.current = true;
      if (l.screen === 'return_flights') {
        setScreen('return_flights');
        setReturnDate(l.date);
        setPendingHash(l.flight || null);
      } else setScreen('departure_flights');
      runStream({ direction: l.direction, origin: l.origin, destination: l.destination, date: l.date });
    };
    attempt();
    return () => window.clearTimeout(timer);
  }, [pendingLink, auth.initialized, auth.signedIn, runStream]);

  // When a link's departures are in: find its flight by hash, or say so and fall back to the departures after 3 s.
  useEffect(() => {
    if (search.status !== 'done' && search.status !== 'error') return;
    if (!linkLoading.current) return;
    if (pendingHash) {
      const found = findByHash(search.results, pendingHash);
      if (found) {
        setDeparture(found);
        setReturnDate(defaultReturnDate(found.flight.arrival_time, form.tripDays));
      } else {
        setNotice(PAGE_MESSAGES.departureNotFound);
        fallbackTimer.current = window.setTimeout(() => {
          setScreen('departure_flights');
          writeUrl(searchedLink({ screen: 'departure_flights' }));
        }, NOT_FOUND_FALLBACK_MS);
      }
      setPendingHash(null);
    }
    linkLoading.current = false;
  }, [search.status, search.results, pendingHash, form.tripDays, writeUrl, searchedLink]);

  const startSearch = (values: SearchFormValues) => {
    setMessage(null);
    setNotice(null);
    window.clearTimeout(fallbackTimer.current);
    if (!auth.signedIn) {
      setMessage({ text: PAGE_MESSAGES.loginToSearch, tone: 'info', loginLink: true });
      return;
    }
    const inbound = values.direction === 'inbound';
    if (!inbound && (!values.origin || !values.date)) return setMessage({ text: PAGE_MESSAGES.outboundRequired, tone: 'error' });
    if (inbound && (!values.destination || !values.date)) return setMessage({ text: PAGE_MESSAGES.inboundRequired, tone: 'error' });
    if (inbound && !auth.isPremium) return setMessage({ text: SEARCH_MESSAGES.inboundPremium, tone: 'info' });
    const req = toRequest(values);
    if (unknownCity(req.origin) || unknownCity(req.destination))
      return setMessage({ text: PAGE_MESSAGES.cityWithoutAirports, tone: 'error' });
    linkLoading.current = false;
    setDeparture(null);
    setScreen('departure_flights');
    runStream(req);
    writeUrl({ ...req, screen: 'departure_flights' }, URL_UPDATE_DELAY_MS);
  };

  const onShare = async () => {
    const link: Partial<SearchLink> =
      screen === 'search'
        ? { ...toRequest(form) }
        : searchedLink({ screen, flight: screen === 'return_flights' ? departure?.flightHash : undefined });
    const qs = buildSearchQuery(link);
    const url = `${window.location.origin}${location.pathname}${qs ? `?${qs}` : ''}`;
    if (await copyText(url)) showToast({ type: 'success', title: PAGE_MESSAGES.shareTitle, message: PAGE_MESSAGES.shareText });
    else showToast({ type: 'error', title: 'Copy failed', message: `Copy this link by hand: ${url}` });
  };

  const setDirection = (d: Direction) => {
    if (d === form.direction) return;
    setForm((f) => ({
      ...f,
      direction: d,
      origin: d === 'inbound' ? '' : f.origin,
      destination: d === 'outbound' ? '' : f.destination,
      singleRoute: false,
    }));
    setMessage(null);
    setScreen('search');
  };

  const setViewMode = (m: ViewMode) => {
    // Keep the choice meaningful across views: a city becomes its main airport, a grouped airport its city.
    const convert = (value: string) => {
      if (!value) return value;
      if (m === 'airport') return findCityGroup(value)?.primaryAirport ?? value;
      const group = CITY_GROUPS.find((g) => g.airports.includes(value));
      return group ? cityValue(group) : value;
    };
    setForm((f) => ({ ...f, viewMode: m, origin: convert(f.origin), destination: convert(f.destination) }));
  };

  const setSingleRoute = (on: boolean) => {
    if (on && !auth.isPremium) {
      setMessage({ text: SEARCH_MESSAGES.singlePremium, tone: 'info' });
      return;
    }
    setMessage(null);
    setForm((f) => ({ ...f, singleRoute: on, destination: on ? f.destination : '' }));
  };

  const requestValues = search.request ?? toRequest(form);

  if (screen === 'departure_flights') {
    return (
      <ResultsScreen
        search={search}
        direction={requestValues.direction}
        originLabel={describe(requestValues.origin)}
        destinationLabel={describe(requestValues.destination)}
        hasDestination={Boolean(requestValues.destination)}
        date={requestValues.date || form.date}
        today={today}
        onDateChange={(date) => {
          setForm((f) => ({ ...f, date }));
          startSearch({
            ...form,
            ...(search.request
              ? { origin: search.request.origin, destination: search.request.destination, direction: search.request.direction }
              : {}),
            date,
          });
        }}
        onNewSearch={newSearch}
        onViewReturn={() => {
          const base = requestValues.date;
          setReturnDate(
            departure
              ? defaultReturnDate(departure.flight.arrival_time, form.tripDays, returnDate)
              : form.tripDays
                ? addDays(base, form.tripDays)
                : base,
          );
          setScreen('return_flights');
          writeUrl(searchedLink({ screen: 'return_flights', flight: departure?.flightHash }));
        }}
        onRetry={retry}
        retrySearchesLeft={auth.isPremium ? null : (props.searchesRemaining ?? null)}
        onSelectDeparture={(code, flight) => {
          const d = { destination: code, flight, flightHash: flight.flightHash };
          setDeparture(d);
          setNotice(null);
          setReturnDate(defaultReturnDate(flight.arrival_time, form.tripDays));
          setScreen('return_flights');
          writeUrl(searchedLink({ screen: 'return_flights', flight: flight.flightHash }));
        }}
        isPremium={auth.isPremium}
        airportName={airportName}
        renderWeather={props.renderWeather}
        notice={notice}
        demo={props.demoFlights}
      />
    );
  }

  if (screen === 'return_flights') {
    const waiting = search.status === 'loading' || pendingHash !== null;
    const minDate = departure ? departure.flight.arrival_time.slice(0, 10) : requestValues.date || today;
    return (
      <ReturnScreen
        departure={departure}
        destinationValue={requestValues.destination}
        originValue={requestValues.origin}
        originLabel={describe(requestValues.origin)}
        returnDate={returnDate && returnDate >= minDate ? returnDate : minDate}
        minDate={minDate}
        onReturnDateChange={setReturnDate}
        onBack={() => {
          window.clearTimeout(fallbackTimer.current);
          setNotice(null);
          setScreen('departure_flights');
          writeUrl(searchedLink({ screen: 'departure_flights' }));
        }}
        onNewSearch={newSearch}
        onSelectReturn={(returnFlight) => {
          if (!departure) return;
          props.onSelectReturn({
            departure,
            returnFlight,
            origin: requestValues.origin,
            destination: departure.destination,
            date: requestValues.date,
          });
        }}
        isPremium={auth.isPremium}
        airportName={airportName}
        renderStayWeather={props.renderStayWeather}
        notice={notice}
        waiting={waiting}
      />
    );
  }

  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Find GoWild deals</h1>
        <p className="text-sm text-slate-600">Every Frontier GoWild, Standard and Discount Den fare from your airport, in one search.</p>
      </div>
      <SearchForm
        values={form}
        onDirectionChange={setDirection}
        onViewModeChange={setViewMode}
        onOriginChange={(origin) => setForm((f) => ({ ...f, origin }))}
        onDestinationChange={(destination) => setForm((f) => ({ ...f, destination }))}
        onSingleRouteChange={setSingleRoute}
        onDateChange={(date) => setForm((f) => ({ ...f, date }))}
        onTripDaysChange={(tripDays) => setForm((f) => ({ ...f, tripDays }))}
        onSearch={() => startSearch(form)}
        onShare={() => void onShare()}
        options={options}
        optionsLoading={airports.isPending}
        optionsError={airports.isError ? PAGE_MESSAGES.airportsFailed : null}
        columns={columns}
        blackoutDates={blackout.data ?? []}
        isPremium={auth.isPremium}
        signedIn={auth.signedIn}
        searchesRemaining={props.searchesRemaining}
        loading={search.status === 'loading'}
        originLabel={describe(form.origin)}
        destinationLabel={describe(form.destination)}
        freeSearchesPerDay={props.freeSearchesPerDay}
        usageBadge={auth.signedIn ? props.usageBadge : null}
        message={message}
        today={today}
      />
    </div>
  );
}
