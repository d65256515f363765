import { CITY_GROUPS, cityValue, findCityGroup } from '@gowild/contract/city-groups';
import { addDays } from '@gowild/contract/dates';
import { SEARCH_MESSAGES } from '@gowild/contract/flights';
import type { Flight } from '@gowild/contract/flights';
import type { ViewMode } from '@/components/airport-picker/airport-options';
import type { FlightSearchRequest } from '../api/search-flights-stream';
import type { DestinationResult } from './group-results';
import { defaultReturnDate } from './return-flights';
import type { Direction } from './search-button';
import type { ParsedLink, Screen, SearchLink } from './search-link';

/**
 * The search page's own state (docs/product/search.md) as a pure reducer: the form, which of the three screens shows, the
 * chosen departure and return date, messages, and a link waiting to run. The streamed search, the URL and the
 * timers stay outside; this only decides what the page looks like after each event.
 */

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

export interface SearchFormValues {
  direction: Direction;
  viewMode: ViewMode;
  origin: string;
  destination: string;
  singleRoute: boolean;
  date: string;
  tripDays: number | null;
}

/** A form-level message: validation, log-in prompts, link problems, the single-route premium alert. */
export interface FormMessage {
  text: string;
  tone: 'error' | 'info';
  loginLink?: boolean;
}

export interface SelectedDeparture {
  destination: string;
  flight: Flight;
  flightHash: string;
}

export interface SearchAuth {
  initialized: boolean;
  signedIn: boolean;
  isPremium: boolean;
}

export interface SearchPageState {
  form: SearchFormValues;
  screen: Screen;
  message: FormMessage | null;
  departure: SelectedDeparture | null;
  returnDate: string;
  /** A message above the results: the departure flight of a link was not found. */
  notice: string | null;
  /** A link read from the URL, waiting for the auth check and the airports list. */
  pendingLink: SearchLink | null;
  /** The departure hash of a return-flights link, until its departures are in. */
  pendingHash: string | null;
  /**
   * The link's departure was not found: the page goes back to the departures shortly
   * (docs/product/search.md#links-and-the-query-string).
   */
  fallbackPending: boolean;
}

export const EMPTY_FORM: SearchFormValues = {
  direction: 'outbound',
  viewMode: 'city',
  origin: '',
  destination: '',
  singleRoute: false,
  date: '',
  tripDays: null,
};

export const initialSearchPageState: SearchPageState = {
  form: EMPTY_FORM,
  screen: 'search',
  message: null,
  departure: null,
  returnDate: '',
  notice: null,
  pendingLink: null,
  pendingHash: null,
  fallbackPending: false,
};

export type SearchPageAction =
  /** New Search, Home, or the start of a new link: everything but the airport grouping starts over. */
  | { type: 'reset' }
  | { type: 'link-opened'; parsed: ParsedLink }
  /** The pending link cannot run: a visitor, or a city this app does not know. */
  | { type: 'link-refused'; message: FormMessage }
  | { type: 'link-started'; link: SearchLink }
  /** The link's departures are in (or failed): find its flight by hash. */
  | { type: 'link-departures-loaded'; results: readonly DestinationResult[] }
  | { type: 'fallback-to-departures' }
  | { type: 'search-refused'; message: FormMessage }
  | { type: 'search-started' }
  | { type: 'form-changed'; patch: Partial<Omit<SearchFormValues, 'direction' | 'viewMode' | 'singleRoute'>> }
  | { type: 'direction-changed'; direction: Direction }
  | { type: 'view-mode-changed'; viewMode: ViewMode }
  | { type: 'single-route-changed'; on: boolean; isPremium: boolean }
  | { type: 'departure-selected'; departure: SelectedDeparture }
  /** View Return Flights from the departures; `searchedDate` is the departure date searched. */
  | { type: 'returns-viewed'; searchedDate: string }
  | { type: 'back-to-departures' }
  | { type: 'return-date-changed'; date: string };

function findByHash(results: readonly DestinationResult[], hash: string): SelectedDeparture | null {
  for (const r of results) {
    const flight = r.flights.find((f) => f.flightHash === hash);
    if (flight) return { destination: r.code, flight, flightHash: hash };
  }
  return null;
}

/** Keeps the choice meaningful across views: a city becomes its main airport, a grouped airport its city. */
function convertForView(value: string, mode: ViewMode): string {
  if (!value) return value;
  if (mode === 'airport') return findCityGroup(value)?.primaryAirport ?? value;
  // Several airports (Airport View picks up to the server's limit) become the first one's card in City View.
  if (value.includes(',')) return convertForView(value.split(',')[0]!, mode);
  const group = CITY_GROUPS.find((g) => g.airports.includes(value));
  return group ? cityValue(group) : value;
}

export function searchPageReducer(state: SearchPageState, action: SearchPageAction): SearchPageState {
  switch (action.type) {
    case 'reset':
      // The return date is recomputed whenever the return screen opens, so it is left as it was.
      return { ...initialSearchPageState, form: { ...EMPTY_FORM, viewMode: state.form.viewMode }, returnDate: state.returnDate };
    case 'link-opened': {
      const reset = searchPageReducer(state, { type: 'reset' });
      const { parsed } = action;
      if (parsed.kind === 'invalid') return { ...reset, message: { text: parsed.message, tone: 'error' } };
      if (parsed.kind !== 'link') return reset;
      const l = parsed.link;
      return {
        ...reset,
        form: {
          ...reset.form,
          direction: l.direction,
          origin: l.origin,
          destination: l.destination,
          singleRoute: l.direction === 'outbound' && !!l.destination,
          date: l.date,
        },
        pendingLink: l,
      };
    }
    case 'link-refused':
      return { ...state, message: action.message, pendingLink: null };
    case 'link-started': {
      const l = action.link;
      if (l.screen === 'return_flights')
        return { ...state, pendingLink: null, screen: 'return_flights', returnDate: l.date, pendingHash: l.flight || null };
      return { ...state, pendingLink: null, screen: 'departure_flights' };
    }
    case 'link-departures-loaded': {
      if (state.pendingHash === null) return state;
      const found = findByHash(action.results, state.pendingHash);
      if (found)
        return {
          ...state,
          pendingHash: null,
          departure: found,
          returnDate: defaultReturnDate(found.flight.arrival_time, state.form.tripDays),
        };
      return { ...state, pendingHash: null, notice: PAGE_MESSAGES.departureNotFound, fallbackPending: true };
    }
    case 'fallback-to-departures':
      return { ...state, screen: 'departure_flights', fallbackPending: false };
    case 'search-refused':
      return { ...state, message: action.message, notice: null, fallbackPending: false };
    case 'search-started':
      return { ...state, message: null, notice: null, fallbackPending: false, departure: null, screen: 'departure_flights' };
    case 'form-changed':
      return { ...state, form: { ...state.form, ...action.patch } };
    case 'direction-changed': {
      const d = action.direction;
      if (d === state.form.direction) return state;
      const form = {
        ...state.form,
        direction: d,
        origin: d === 'inbound' ? '' : state.form.origin,
        destination: d === 'outbound' ? '' : state.form.destination,
        singleRoute: false,
      };
      return { ...state, form, message: null, screen: 'search' };
    }
    case 'view-mode-changed': {
      const m = action.viewMode;
      const form = {
        ...state.form,
        viewMode: m,
        origin: convertForView(state.form.origin, m),
        destination: convertForView(state.form.destination, m),
      };
      return { ...state, form };
    }
    case 'single-route-changed':
      if (action.on && !action.isPremium) return { ...state, message: { text: SEARCH_MESSAGES.singlePremium, tone: 'info' } };
      return {
        ...state,
        message: null,
        form: { ...state.form, singleRoute: action.on, destination: action.on ? state.form.destination : '' },
      };
    case 'departure-selected':
      return {
        ...state,
        departure: action.departure,
        notice: null,
        returnDate: defaultReturnDate(action.departure.flight.arrival_time, state.form.tripDays),
        screen: 'return_flights',
      };
    case 'returns-viewed': {
      const { departure, form } = state;
      const base = action.searchedDate;
      const returnDate = departure
        ? defaultReturnDate(departure.flight.arrival_time, form.tripDays, state.returnDate)
        : form.tripDays
          ? addDays(base, form.tripDays)
          : base;
      return { ...state, returnDate, screen: 'return_flights' };
    }
    case 'back-to-departures':
      return { ...state, notice: null, fallbackPending: false, screen: 'departure_flights' };
    case 'return-date-changed':
      return { ...state, returnDate: action.date };
  }
}

/** What a form asks the server for: inbound searches send no origin, outbound a destination only on single route. */
export function toRequest(v: SearchFormValues): FlightSearchRequest {
  const inbound = v.direction === 'inbound';
  return {
    direction: v.direction,
    origin: inbound ? '' : v.origin,
    destination: inbound || v.singleRoute ? v.destination : '',
    date: v.date,
  };
}

/** A city value this app does not know expands to no airports: the search cannot run. */
function hasUnknownCity(value: string): boolean {
  return value.split(',').some((p) => p.trim().toUpperCase().startsWith('CITY:') && !findCityGroup(p.trim()));
}

/** The refusal for a search naming a city this app does not know, or null. */
export function unknownCityRefusal(req: Pick<FlightSearchRequest, 'origin' | 'destination'>): FormMessage | null {
  return hasUnknownCity(req.origin) || hasUnknownCity(req.destination) ? { text: PAGE_MESSAGES.cityWithoutAirports, tone: 'error' } : null;
}

/** What a visitor is told instead of a search (docs/product/search.md#who-may-search): a request would 401 and hide the message. */
export function loginPrompt(screen: Screen): FormMessage {
  return {
    text: screen === 'return_flights' ? PAGE_MESSAGES.loginToViewReturns : PAGE_MESSAGES.loginToSearch,
    tone: 'info',
    loginLink: true,
  };
}

/** Why a search from the form cannot run (log in, a missing field, premium, an unknown city), or null when it can. */
export function searchRefusal(values: SearchFormValues, auth: Pick<SearchAuth, 'signedIn' | 'isPremium'>): FormMessage | null {
  if (!auth.signedIn) return loginPrompt('departure_flights');
  const inbound = values.direction === 'inbound';
  if (!inbound && (!values.origin || !values.date)) return { text: PAGE_MESSAGES.outboundRequired, tone: 'error' };
  if (inbound && (!values.destination || !values.date)) return { text: PAGE_MESSAGES.inboundRequired, tone: 'error' };
  if (inbound && !auth.isPremium) return { text: SEARCH_MESSAGES.inboundPremium, tone: 'info' };
  return unknownCityRefusal(toRequest(values));
}

/**
 * The return screen's date range: never before the chosen departure's arrival date (or, without one, the searched
 * date or today), and the return date clamped into it.
 */
export function returnDateRange(
  state: Pick<SearchPageState, 'departure' | 'returnDate'>,
  searchedDate: string,
  today: string,
): { minDate: string; returnDate: string } {
  const minDate = state.departure ? state.departure.flight.arrival_time.slice(0, 10) : searchedDate || today;
  return { minDate, returnDate: state.returnDate && state.returnDate >= minDate ? state.returnDate : minDate };
}
