import { localToday } from '@gowild/contract/dates';
import { expandAirportInput } from '@gowild/contract/city-groups';
import type { Flight } from '@gowild/contract/flights';
import { type PassCharges, goWildGap, routeKind } from '@gowild/contract/gowild-explain';
import { type ReactNode, useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useAirports } from '@/api/get-airports';
import { useBlackoutDates } from '@/api/get-blackout-dates';
import { type DistanceFn, describeAirportValue } from '@/components/airport-picker/airport-options';
import { showToast } from '@/components/ui/toast/toast-store';
import { copyText } from '@/lib/copy-text';
import { useRegisterHomeReset } from '@/lib/home-reset';
import { useFlightSearch } from '../hooks/use-flight-search';
import { screenLink, useSearchUrlState } from '../hooks/use-search-url-state';
import type { ParsedLink } from '../utils/search-link';
import {
  PAGE_MESSAGES,
  type SearchAuth,
  type SearchFormValues,
  type SelectedDeparture,
  initialSearchPageState,
  loginPrompt,
  returnDateRange,
  searchPageReducer,
  searchRefusal,
  toRequest,
  unknownCityRefusal,
} from '../utils/search-page-state';
import { ResultsScreen } from './results-screen';
import { ReturnScreen } from './return-screen';
import { SearchFormScreen } from './search-form-screen';
import './search.css';

/** docs/product/search.md#links-and-the-query-string: the not-found message shows this long before the view returns to the departures. */
export const NOT_FOUND_FALLBACK_MS = 3000;
/** docs/product/search.md#links-and-the-query-string: a link waits for the airports list, checking this often. */
export const AIRPORTS_RETRY_MS = 100;

export interface SelectedTrip {
  departure: SelectedDeparture;
  returnFlight: Flight;
  origin: string;
  destination: string;
  date: string;
}

/** docs/product/alerts.md#alert-modal: the route and date a destination card's price alert starts from. */
export interface PriceAlertTarget {
  /** As searched: an airport code, CITY:XXX or a list; the modal asks for one airport when there are several. */
  origin: string;
  destination: string;
  date: string;
}

export interface SearchPageProps {
  auth: SearchAuth;
  searchesRemaining?: number | null;
  /** From the server's config; null until it has loaded. */
  freeSearchesPerDay: number | null;
  usageBadge?: ReactNode;
  distance?: DistanceFn;
  /** The flights on screen come from the offline emulator. */
  demoFlights?: boolean;
  /** A destination's forecast from the searched date on. */
  renderWeather?: (code: string, date: string) => ReactNode;
  /** Hotels and rental cars in an open destination card of the outbound results. */
  renderDestinationExtras?: (code: string, date: string, flights: Flight[]) => ReactNode;
  renderFlightMap?: (code: string, flights: Flight[]) => ReactNode;
  renderStayWeather?: (code: string, range: { start: string; end: string }) => ReactNode;
  /** After each completed search (the usage badge refreshes). */
  onSearchCompleted?: () => void;
  onSelectReturn: (trip: SelectedTrip) => void;
  /** A destination card's 'Price alert', pressed by a premium user (the card answers visitors and free users). */
  onPriceAlert?: (target: PriceAlertTarget) => void;
  /** The pass year's charges (GET /api/config), named where GoWild is missing; null until loaded. */
  passCharges?: PassCharges | null;
}

/**
 * The search page (docs/product/search.md): the page state (reducer), the query string (URL-state hook) and the streamed
 * search, shown as one of three screens: the search form, the departure flights and the return flights. A link
 * runs its search once the airports list is there; a return-flights link then looks for its departure by hash.
 */
export function SearchPage(props: SearchPageProps) {
  const { auth } = props;
  const airports = useAirports();
  const blackout = useBlackoutDates();
  const { state: search, search: runStream, retry, reset: resetStream } = useFlightSearch({ onSuccess: props.onSearchCompleted });
  const [page, dispatch] = useReducer(searchPageReducer, initialSearchPageState);
  const today = localToday();

  const onLink = useCallback(
    (parsed: ParsedLink) => {
      resetStream();
      dispatch({ type: 'link-opened', parsed });
    },
    [resetStream],
  );
  const url = useSearchUrlState(onLink);

  const airportsReady = useRef(false);
  useEffect(() => {
    airportsReady.current = airports.isSuccess || airports.isError;
  }, [airports.isSuccess, airports.isError]);

  const byCode = useMemo(() => new Map((airports.data ?? []).map((a) => [a.stationCode, a])), [airports.data]);
  const airportName = useCallback((code: string) => byCode.get(code)?.cityAndCode ?? code, [byCode]);
  const describe = useCallback((value: string) => describeAirportValue(value, byCode), [byCode]);
  const blackoutDates = blackout.data;
  // docs/product/search.md#why-no-gowild: why a route cannot show GoWild on a date (its first airport of each end
  // decides domestic or international; a city's airports are all in one country).
  const gapFor = useCallback(
    (from: string, to: string, date: string) => {
      const country = (value: string) => byCode.get(expandAirportInput(value)[0] ?? value)?.countryCode;
      return goWildGap({ now: new Date(), date, kind: routeKind(country(from), country(to)), blackoutDates: blackoutDates ?? [] });
    },
    [byCode, blackoutDates],
  );

  const newSearch = () => {
    resetStream();
    dispatch({ type: 'reset' });
    url.setLinkLoading(false);
    url.write(null);
  };
  // Home in the top bar, clicked while here, starts over (docs/product/README.md#top-bar).
  useRegisterHomeReset(newSearch);

  // Runs a pending link once we know who is asking and the airports list is there (checked every 100 ms).
  useEffect(() => {
    const link = page.pendingLink;
    if (!link || !auth.initialized) return;
    if (!auth.signedIn) return dispatch({ type: 'link-refused', message: loginPrompt(link.screen) });
    let timer: number | undefined;
    const attempt = () => {
      if (!airportsReady.current) {
        timer = window.setTimeout(attempt, AIRPORTS_RETRY_MS);
        return;
      }
      const refusal = unknownCityRefusal(link);
      if (refusal) return dispatch({ type: 'link-refused', message: refusal });
      url.setLinkLoading(true);
      dispatch({ type: 'link-started', link });
      runStream({ direction: link.direction, origin: link.origin, destination: link.destination, date: link.date });
    };
    attempt();
    return () => window.clearTimeout(timer);
  }, [page.pendingLink, auth.initialized, auth.signedIn, runStream, url]);

  // When a link's departures are in, its departure flight is looked up by hash (the reducer decides).
  useEffect(() => {
    if (search.status !== 'done' && search.status !== 'error') return;
    if (!url.isLinkLoading()) return;
    dispatch({ type: 'link-departures-loaded', results: search.results });
    url.setLinkLoading(false);
  }, [search.status, search.results, url]);

  // Not found: the message shows for 3 s, then the departures.
  useEffect(() => {
    if (!page.fallbackPending) return;
    const timer = window.setTimeout(() => {
      dispatch({ type: 'fallback-to-departures' });
      url.write(screenLink(search.request, 'departure_flights'));
    }, NOT_FOUND_FALLBACK_MS);
    return () => window.clearTimeout(timer);
  }, [page.fallbackPending, search.request, url]);

  const startSearch = (values: SearchFormValues) => {
    const refusal = searchRefusal(values, auth);
    if (refusal) return dispatch({ type: 'search-refused', message: refusal });
    const req = toRequest(values);
    url.setLinkLoading(false);
    dispatch({ type: 'search-started' });
    runStream(req);
    url.writeAfterSearch({ ...req, screen: 'departure_flights' });
  };

  const onShare = async () => {
    const link = page.screen === 'search' ? toRequest(page.form) : screenLink(search.request, page.screen, page.departure?.flightHash);
    const shareUrl = url.absoluteUrl(link);
    if (await copyText(shareUrl)) showToast({ type: 'success', title: PAGE_MESSAGES.shareTitle, message: PAGE_MESSAGES.shareText });
    else showToast({ type: 'error', title: 'Copy failed', message: `Copy this link by hand: ${shareUrl}` });
  };

  const requestValues = search.request ?? toRequest(page.form);
  const shared = { isPremium: auth.isPremium, airportName, notice: page.notice, onNewSearch: newSearch };

  if (page.screen === 'departure_flights') {
    return (
      <ResultsScreen
        {...shared}
        search={search}
        direction={requestValues.direction}
        originLabel={describe(requestValues.origin)}
        destinationLabel={describe(requestValues.destination)}
        hasDestination={Boolean(requestValues.destination)}
        date={requestValues.date || page.form.date}
        today={today}
        onDateChange={(date) => {
          dispatch({ type: 'form-changed', patch: { date } });
          const r = search.request;
          startSearch({ ...page.form, ...(r ? { origin: r.origin, destination: r.destination, direction: r.direction } : {}), date });
        }}
        onViewReturn={() => {
          dispatch({ type: 'returns-viewed', searchedDate: requestValues.date });
          url.write(screenLink(search.request, 'return_flights', page.departure?.flightHash));
        }}
        onRetry={retry}
        retrySearchesLeft={auth.isPremium ? null : (props.searchesRemaining ?? null)}
        onSelectDeparture={(code, flight) => {
          dispatch({ type: 'departure-selected', departure: { destination: code, flight, flightHash: flight.flightHash } });
          url.write(screenLink(search.request, 'return_flights', flight.flightHash));
        }}
        renderWeather={props.renderWeather}
        renderDestinationExtras={props.renderDestinationExtras}
        renderFlightMap={props.renderFlightMap}
        passCharges={props.passCharges ?? null}
        goWildGap={(code) => {
          const date = requestValues.date || page.form.date;
          return requestValues.direction === 'inbound'
            ? gapFor(code, requestValues.destination, date)
            : gapFor(requestValues.origin, code, date);
        }}
        demo={props.demoFlights}
        signedIn={auth.signedIn}
        onPriceAlert={
          props.onPriceAlert
            ? (code) => {
                const date = requestValues.date || page.form.date;
                // A card is one airport: the destination of an outbound search, the origin of an inbound one.
                props.onPriceAlert!(
                  requestValues.direction === 'inbound'
                    ? { origin: code, destination: requestValues.destination, date }
                    : { origin: requestValues.origin, destination: code, date },
                );
              }
            : undefined
        }
      />
    );
  }

  if (page.screen === 'return_flights') {
    const { departure } = page;
    return (
      <ReturnScreen
        {...shared}
        {...returnDateRange(page, requestValues.date, today)}
        departure={departure}
        destinationValue={requestValues.destination}
        originValue={requestValues.origin}
        originLabel={describe(requestValues.origin)}
        onReturnDateChange={(date) => dispatch({ type: 'return-date-changed', date })}
        onBack={() => {
          dispatch({ type: 'back-to-departures' });
          url.write(screenLink(search.request, 'departure_flights'));
        }}
        onSelectReturn={(returnFlight) => {
          if (!departure) return;
          const { origin, date } = requestValues;
          props.onSelectReturn({ departure, returnFlight, origin, destination: departure.destination, date });
        }}
        renderStayWeather={props.renderStayWeather}
        passCharges={props.passCharges ?? null}
        goWildGap={gapFor}
        onPriceAlert={props.onPriceAlert}
        waiting={search.status === 'loading' || page.pendingHash !== null}
      />
    );
  }

  return (
    <SearchFormScreen
      form={page.form}
      message={page.message}
      dispatch={dispatch}
      onSearch={() => startSearch(page.form)}
      onShare={() => void onShare()}
      airports={airports}
      blackoutDates={blackout.data ?? []}
      distance={props.distance}
      describe={describe}
      auth={auth}
      searchesRemaining={props.searchesRemaining}
      freeSearchesPerDay={props.freeSearchesPerDay}
      usageBadge={props.usageBadge}
      loading={search.status === 'loading'}
      today={today}
    />
  );
}
