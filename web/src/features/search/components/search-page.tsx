import { localToday } from '@gowild/contract/dates';
import { expandAirportInput } from '@gowild/contract/city-groups';
import type { Flight } from '@gowild/contract/flights';
import type { Airport } from '@gowild/contract/reference';
import { refOf } from '@gowild/contract/trips';
import { type PassCharges, goWildGap, routeKind } from '@gowild/contract/gowild-explain';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useAirports } from '@/api/get-airports';
import { useBlackoutDates } from '@/api/get-blackout-dates';
import { type DistanceFn, type ViewMode, describeAirportValue } from '@/components/airport-picker/airport-options';
import { showToast } from '@/components/ui/toast/toast-store';
import { copyText } from '@/lib/copy-text';
import { useRegisterHomeReset } from '@/lib/home-reset';
import { recheckDestination } from '../api/recheck-destination';
import type { FlightSearchRequest } from '../api/search-flights-stream';
import { initialSearchState, useFlightSearch } from '../hooks/use-flight-search';
import { asWritten, screenLink, useSearchUrl } from '../hooks/use-search-url-state';
import type { SearchLink } from '../utils/search-link';
import {
  type FormState,
  PAGE_MESSAGES,
  type SearchAuth,
  type SearchFormAction,
  type SearchFormValues,
  type SelectedDeparture,
  deriveSearchView,
  formFromLink,
  initialReturnDate,
  linkKey,
  linkRequest,
  linkRefusal,
  requestKey,
  returnDateRange,
  searchFormReducer,
  searchRefusal,
  toRequest,
} from '../utils/search-page-state';
import { ResultsScreen } from './results-screen';
import { ReturnScreen } from './return-screen';
import { SearchFormScreen } from './search-form-screen';
import './search.css';

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
  /**
   * The airports on the searched side that the card's flights actually leave from (outbound) or arrive at (inbound):
   * a city or list stands for only these, so the modal never offers an airport without this route.
   */
  servedOrigins?: readonly string[];
  servedDestinations?: readonly string[];
  /** 'window_open' from an explanation that GoWild is not open yet: "Alert me when it opens" (decision 234). */
  kind?: 'price' | 'window_open';
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
  /** After each completed search (the usage badge refreshes). */
  onSearchCompleted?: () => void;
  onSelectReturn: (trip: SelectedTrip) => void;
  /** A destination card's 'Price alert', pressed by a premium user (the card answers visitors and free users). */
  onPriceAlert?: (target: PriceAlertTarget) => void;
  /** The pass year's charges (GET /api/config), named where GoWild is missing; null until loaded. */
  passCharges?: PassCharges | null;
}

/**
 * The search page (docs/product/search.md, decision 126). The URL is the one source of its state: which search, which
 * screen and which departure are read from the query string; the streamed search runs whenever the URL names a search
 * that may run and is not the one on screen, so a link starts exactly one search. Only the form being filled in and the
 * return date picked live in React state, each tied to the URL they were made for.
 */
export function SearchPage(props: SearchPageProps) {
  const { auth } = props;
  const airports = useAirports();
  const blackout = useBlackoutDates();
  const stream = useFlightSearch({ onSuccess: props.onSearchCompleted });
  const { state: search } = stream;
  const url = useSearchUrl();
  const today = localToday();
  const { formState, form, dispatchForm, setDraft } = useFormDraft(url.parsed, auth);
  const { view, current } = useUrlSearch(url.parsed, auth, stream);

  const { airportName, describe, gapFor } = useAirportFacts(airports.data, blackout.data);

  const { go, newSearch, lastDeparture, setLastDeparture, returnPick, setReturnPick } = useSearchNavigation(
    url,
    form,
    setDraft,
    stream.reset,
  );

  const startSearch = (values: SearchFormValues) => {
    const refusal = searchRefusal(values, auth);
    if (refusal) return dispatchForm({ type: 'search-refused', message: refusal });
    go({ ...toRequest(values), screen: 'departure_flights' }, values);
  };

  const requestValues = view.request ?? toRequest(form);
  const searchedKey = requestKey(requestValues);
  // Until the URL's search has started, the screen shows it loading rather than the results of the one before.
  const shownSearch = current
    ? search
    : { ...initialSearchState, status: 'loading' as const, request: view.request, searchId: search.searchId };

  const shared = { isPremium: auth.isPremium, airportName, notice: view.notice, onNewSearch: newSearch };

  if (view.screen === 'departure_flights') {
    const date = requestValues.date || form.date;
    const outbound = requestValues.direction === 'outbound';
    const { onPriceAlert } = props;
    return (
      <ResultsScreen
        {...shared}
        search={shownSearch}
        direction={requestValues.direction}
        originLabel={describe(requestValues.origin)}
        destinationLabel={describe(requestValues.destination)}
        hasDestination={Boolean(requestValues.destination)}
        date={date}
        today={today}
        onDateChange={(next) =>
          startSearch({ ...form, ...requestValues, singleRoute: outbound && Boolean(requestValues.destination), date: next })
        }
        onViewReturn={() => {
          const last = lastDeparture?.key === searchedKey ? lastDeparture : undefined;
          go(screenLink(requestValues, 'return_flights', last?.hash, last?.ref));
        }}
        onRetry={stream.retry}
        retrySearchesLeft={auth.isPremium ? null : (props.searchesRemaining ?? null)}
        onSelectDeparture={(_code, flight) => {
          setLastDeparture({ key: searchedKey, hash: flight.flightHash, ref: refOf(flight) });
          go(screenLink(requestValues, 'return_flights', flight.flightHash, refOf(flight)));
        }}
        passCharges={props.passCharges ?? null}
        goWildGap={(code) =>
          requestValues.direction === 'inbound' ? gapFor(code, requestValues.destination, date) : gapFor(requestValues.origin, code, date)
        }
        demo={props.demoFlights}
        // A cell of the date grid opens that destination on that day: a single-route search, the URL its one state.
        onOpenGridCell={(destination, day) => startSearch({ ...form, ...requestValues, singleRoute: true, destination, date: day })}
        onRecheck={
          outbound && auth.isPremium ? (code) => recheck(stream, { origin: requestValues.origin, destination: code, date }) : undefined
        }
        signedIn={auth.signedIn}
        onPriceAlert={
          onPriceAlert ? (code, flights, kind) => onPriceAlert(cardAlertTarget(requestValues, date, code, flights, kind)) : undefined
        }
      />
    );
  }

  if (view.screen === 'return_flights') {
    const departure: SelectedDeparture | null = view.departure;
    const pickKey = `${searchedKey}|${departure?.flightHash ?? ''}`;
    const returnDate = returnPick?.key === pickKey ? returnPick.date : initialReturnDate(departure, form.tripDays, requestValues.date);
    return (
      <ReturnScreen
        {...shared}
        {...returnDateRange({ departure, returnDate }, requestValues.date, today)}
        departure={departure}
        destinationValue={requestValues.destination}
        originValue={requestValues.origin}
        originLabel={describe(requestValues.origin)}
        onReturnDateChange={(date) => setReturnPick({ key: pickKey, date })}
        onBack={() => go(screenLink(requestValues, 'departure_flights'))}
        onSelectReturn={(returnFlight) => {
          if (!departure) return;
          const { origin, date } = requestValues;
          props.onSelectReturn({ departure, returnFlight, origin, destination: departure.destination, date });
        }}
        passCharges={props.passCharges ?? null}
        goWildGap={gapFor}
        onPriceAlert={props.onPriceAlert}
        waiting={shownSearch.status === 'loading' || view.waitingForDeparture}
      />
    );
  }

  return (
    <SearchFormScreen
      form={form}
      message={formState.message}
      dispatch={dispatchForm}
      onSearch={() => startSearch(form)}
      onShare={() => void share(url.absoluteUrl(toRequest(form)))}
      airports={airports}
      blackoutDates={blackout.data ?? []}
      peakDayChargeFrom={props.passCharges?.peakDayChargeFrom ?? null}
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

/**
 * The form being filled in. The draft belongs to the URL it was made for: a URL the page did not write (a link,
 * back/forward, Home) brings its own form; one the page wrote carries the draft along (see `go`).
 */
function useFormDraft(parsed: ReturnType<typeof useSearchUrl>['parsed'], auth: SearchAuth) {
  const key = linkKey(parsed);
  const [viewMode, setViewMode] = useState<ViewMode>('city');
  const [draft, setDraft] = useState<{ key: string; state: FormState } | null>(null);
  const seeded: FormState = { form: formFromLink(parsed, viewMode), message: linkRefusal(parsed, auth) };
  const formState = draft && draft.key === key ? draft.state : seeded;
  const dispatchForm = (action: SearchFormAction) => {
    if (action.type === 'view-mode-changed') setViewMode(action.viewMode);
    setDraft((prev) => ({ key, state: searchFormReducer(prev && prev.key === key ? prev.state : seeded, action) }));
  };
  return { formState, form: formState.form, dispatchForm, setDraft };
}

/**
 * What the page says of airports: a code's name, a searched value's description, and (docs/product/search.md#why-no-gowild)
 * why a route cannot show GoWild on a date (its first airport of each end decides domestic or international; a
 * city's airports are all in one country).
 */
function useAirportFacts(airports: readonly Airport[] | undefined, blackoutDates: readonly string[] | undefined) {
  const byCode = useMemo(() => new Map((airports ?? []).map((a) => [a.stationCode, a])), [airports]);
  const airportName = useCallback((code: string) => byCode.get(code)?.cityAndCode ?? code, [byCode]);
  const describe = useCallback((value: string) => describeAirportValue(value, byCode), [byCode]);
  const gapFor = useCallback(
    (from: string, to: string, date: string) => {
      const airport = (value: string) => byCode.get(expandAirportInput(value)[0] ?? value);
      return goWildGap({
        now: new Date(),
        date,
        kind: routeKind(airport(from)?.countryCode, airport(to)?.countryCode),
        blackoutDates: blackoutDates ?? [],
        originTimeZone: airport(from)?.timezone,
      });
    },
    [byCode, blackoutDates],
  );
  return { airportName, describe, gapFor };
}

/** Copies the search's link and says so, or shows it to copy by hand. */
async function share(shareUrl: string) {
  if (await copyText(shareUrl)) showToast({ type: 'success', title: PAGE_MESSAGES.shareTitle, message: PAGE_MESSAGES.shareText });
  else showToast({ type: 'error', title: 'Copy failed', message: `Copy this link by hand: ${shareUrl}` });
}

/**
 * A card's price (or window) alert: a card is one airport, the destination of an outbound search, the origin of an
 * inbound one. The other side is what was searched, narrowed to the airports the card's flights use.
 */
function cardAlertTarget(
  searched: FlightSearchRequest,
  date: string,
  code: string,
  flights: readonly Flight[],
  kind: PriceAlertTarget['kind'],
): PriceAlertTarget {
  const served = (pick: (f: Flight) => string) => [...new Set(flights.map(pick))];
  return searched.direction === 'inbound'
    ? { origin: code, destination: searched.destination, date, servedDestinations: served((f) => f.destination), kind }
    : { origin: searched.origin, destination: code, date, servedOrigins: served((f) => f.origin), kind };
}

/**
 * The search the URL names, and whether it is the one on screen. The one place a search starts from the URL: the URL
 * names a search that may run and it is not the one on screen, so a link starts exactly one search.
 */
function useUrlSearch(parsed: ReturnType<typeof useSearchUrl>['parsed'], auth: SearchAuth, stream: ReturnType<typeof useFlightSearch>) {
  const { state: search, search: runStream } = stream;
  const view = deriveSearchView({
    parsed,
    auth,
    search: search.request && parsed.kind === 'link' && requestKey(linkRequest(parsed.link)) === requestKey(search.request) ? search : null,
  });
  const wantedKey = view.request ? requestKey(view.request) : null;
  const runningKey = search.request ? requestKey(search.request) : null;
  const wanted = view.request;
  useEffect(() => {
    if (wanted && wantedKey !== runningKey) runStream(wanted);
    // `wanted` is rebuilt every render; its key says whether it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wantedKey, runningKey, runStream]);
  return { view, current: wantedKey !== null && wantedKey === runningKey };
}

/**
 * Moving between the page's URLs: a new URL carries the form draft along (`go`); New Search (and Home in the top bar,
 * clicked while here: docs/product/README.md#top-bar) starts over. The departure last chosen and the return date
 * picked are kept, each for the search (and departure) it was made for.
 */
function useSearchNavigation(
  url: ReturnType<typeof useSearchUrl>,
  form: SearchFormValues,
  setDraft: ReturnType<typeof useFormDraft>['setDraft'],
  resetStream: () => void,
) {
  const [lastDeparture, setLastDeparture] = useState<{ key: string; hash: string; ref: string } | null>(null);
  const [returnPick, setReturnPick] = useState<{ key: string; date: string } | null>(null);

  /** Writes a new URL, carrying the form draft along to it. */
  const go = (link: Partial<SearchLink> | null, formNow: SearchFormValues = form) => {
    const next = link ? asWritten(link) : { kind: 'none' as const };
    setDraft({ key: linkKey(next), state: { form: formNow, message: null } });
    url.write(link);
  };

  const newSearch = () => {
    resetStream();
    setDraft(null);
    setLastDeparture(null);
    setReturnPick(null);
    url.write(null);
  };
  useRegisterHomeReset(newSearch);
  return { go, newSearch, lastDeparture, setLastDeparture, returnPick, setReturnPick };
}

/** Premium, outbound: asks the airline again for one card's route and puts the answer on the card; resolves to why not. */
async function recheck(stream: ReturnType<typeof useFlightSearch>, route: { origin: string; destination: string; date: string }) {
  const searchId = stream.state.searchId;
  const answer = await recheckDestination(route);
  // The airline failed or the share ran out: the card keeps what it showed.
  if (answer.problem === null) stream.replaceDestination(searchId, route.destination, answer.flights, answer.checkedAt);
  return answer.problem;
}
