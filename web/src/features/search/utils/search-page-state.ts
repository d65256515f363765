import { CITY_GROUPS, cityValue, findCityGroup } from '@gowild/contract/city-groups';
import { addDays } from '@gowild/contract/dates';
import { SEARCH_MESSAGES } from '@gowild/contract/flights';
import type { Flight } from '@gowild/contract/flights';
import { matchFlight, parseRef, priceChangedMessage } from '@gowild/contract/trips';
import type { ViewMode } from '@/components/airport-picker/airport-options';
import type { FlightSearchRequest } from '../api/search-flights-stream';
import type { DestinationResult } from './group-results';
import { defaultReturnDate } from './return-flights';
import type { Direction } from './search-button';
import type { ParsedLink, Screen, SearchLink } from './search-link';

/**
 * The search page's state (docs/product/search.md, decision 126) is the URL plus what the server sent: which search,
 * which screen and which departure are read from the query string on every render, and the departure of a return link
 * is looked up in the search's results. What is not in the URL is the form being filled in (a draft that belongs to
 * the URL it was made for) and the return date a traveller picks. These pure functions derive the rest.
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

/** The form as it is being filled in, and the message above it. */
export interface FormState {
  form: SearchFormValues;
  message: FormMessage | null;
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

export type SearchFormAction =
  | { type: 'form-changed'; patch: Partial<Omit<SearchFormValues, 'direction' | 'viewMode' | 'singleRoute'>> }
  | { type: 'direction-changed'; direction: Direction }
  | { type: 'view-mode-changed'; viewMode: ViewMode }
  | { type: 'single-route-changed'; on: boolean; isPremium: boolean }
  /** A search from the form that cannot run, with the reason. */
  | { type: 'search-refused'; message: FormMessage };

/** Keeps the choice meaningful across views: a city becomes its main airport, a grouped airport its city. */
function convertForView(value: string, mode: ViewMode): string {
  if (!value) return value;
  if (mode === 'airport') return findCityGroup(value)?.primaryAirport ?? value;
  // Several airports (Airport View picks up to the server's limit) become the first one's card in City View.
  if (value.includes(',')) return convertForView(value.split(',')[0]!, mode);
  const group = CITY_GROUPS.find((g) => g.airports.includes(value));
  return group ? cityValue(group) : value;
}

export function searchFormReducer(state: FormState, action: SearchFormAction): FormState {
  switch (action.type) {
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
      return { form, message: null };
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
      return { message: null, form: { ...state.form, singleRoute: action.on, destination: action.on ? state.form.destination : '' } };
    case 'search-refused':
      return { ...state, message: action.message };
  }
}

/** What identifies a search in the URL: a new key is a new search; a screen or departure change is not. */
export function linkKey(parsed: ParsedLink): string {
  if (parsed.kind === 'none') return '';
  if (parsed.kind === 'invalid') return `invalid:${parsed.message}`;
  const l = parsed.link;
  return [l.direction, l.origin, l.destination, l.date].join('|');
}

/** The request a link asks the server for. */
export function linkRequest(link: SearchLink): FlightSearchRequest {
  return { direction: link.direction, origin: link.origin, destination: link.destination, date: link.date };
}

export const requestKey = (r: FlightSearchRequest): string => [r.direction, r.origin, r.destination, r.date].join('|');

/** The form a URL opens with: the link's search (the airport grouping is the traveller's own), or an empty form. */
export function formFromLink(parsed: ParsedLink, viewMode: ViewMode): SearchFormValues {
  if (parsed.kind !== 'link') return { ...EMPTY_FORM, viewMode };
  const l = parsed.link;
  return {
    ...EMPTY_FORM,
    viewMode,
    direction: l.direction,
    origin: l.origin,
    destination: l.destination,
    singleRoute: l.direction === 'outbound' && !!l.destination,
    date: l.date,
  };
}

/**
 * Why the URL's link cannot run, or null: a broken link, a visitor (docs/product/search.md#links-and-the-query-string:
 * a request would 401 and hide the message), a city this app does not know. Null too while the sign-in check runs.
 */
export function linkRefusal(parsed: ParsedLink, auth: Pick<SearchAuth, 'initialized' | 'signedIn'>): FormMessage | null {
  if (parsed.kind === 'invalid') return { text: parsed.message, tone: 'error' };
  if (parsed.kind !== 'link' || !auth.initialized) return null;
  if (!auth.signedIn) return loginPrompt(parsed.link.screen);
  return unknownCityRefusal(parsed.link);
}

/**
 * The link's departure among the results: by its hash, else by its reference (decision 197: the same flight numbers
 * and time, whose fare moved since the link was made; `notice` says the price it had and has).
 */
function findDeparture(
  results: readonly DestinationResult[],
  hash: string,
  ref: string | undefined,
): { departure: SelectedDeparture; notice: string | null } | null {
  const parsedRef = parseRef(ref);
  const all = results.flatMap((r) => r.flights.map((flight) => ({ ...flight, code: r.code })));
  const exact = matchFlight(all, hash, parsedRef);
  if (!exact) return null;
  const { code, ...flight } = exact.flight;
  const notice = exact.priceChange ? priceChangedMessage(exact.priceChange) : null;
  return { departure: { destination: code, flight, flightHash: flight.flightHash }, notice };
}

/** What the page shows, from the URL, who is asking, whether the airports list has settled, and the search's state. */
interface SearchView {
  screen: Screen;
  /** The search the URL asks for, once it may run; null while it waits (sign-in check, airports list) or cannot run. */
  request: FlightSearchRequest | null;
  /** The departure of a return_flights link, found by its hash among the results. */
  departure: SelectedDeparture | null;
  /** The link's departure is not among the results (docs/product/search.md#links-and-the-query-string). */
  notice: string | null;
  /** A return_flights link whose departures are still loading. */
  waitingForDeparture: boolean;
}

export function deriveSearchView(input: {
  parsed: ParsedLink;
  auth: Pick<SearchAuth, 'initialized' | 'signedIn'>;
  /** The search's state, when it is the search the URL asks for (else null: it has not started yet). */
  search: { status: 'idle' | 'loading' | 'done' | 'error'; results: readonly DestinationResult[] } | null;
}): SearchView {
  const { parsed, auth, search } = input;
  const idle: SearchView = { screen: 'search', request: null, departure: null, notice: null, waitingForDeparture: false };
  // The airports list only names places (a card shows its code until it has loaded): a link's search does not wait
  // for it, nor for the blackout dates or the config, so it starts as soon as the sign-in check has settled (issue 30).
  if (parsed.kind !== 'link' || !auth.initialized || linkRefusal(parsed, auth)) return idle;
  const link = parsed.link;
  const request = linkRequest(link);
  if (link.screen !== 'return_flights' || !link.flight) return { ...idle, screen: link.screen, request };
  const found = search ? findDeparture(search.results, link.flight, link.flightRef) : null;
  if (found) return { ...idle, screen: 'return_flights', request, departure: found.departure, notice: found.notice };
  const settled = search !== null && (search.status === 'done' || search.status === 'error');
  // Not found: the departures show, with the message above them; the URL still names the link that was opened.
  if (settled) return { ...idle, screen: 'departure_flights', request, notice: PAGE_MESSAGES.departureNotFound };
  return { ...idle, screen: 'return_flights', request, waitingForDeparture: true };
}

/**
 * The return date before the traveller picks one: the departure's arrival date (plus the trip duration asked for),
 * or without a departure the searched date (plus the trip duration).
 */
export function initialReturnDate(departure: SelectedDeparture | null, tripDays: number | null, searchedDate: string): string {
  if (departure) return defaultReturnDate(departure.flight.arrival_time, tripDays);
  return tripDays ? addDays(searchedDate, tripDays) : searchedDate;
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
  state: { departure: SelectedDeparture | null; returnDate: string },
  searchedDate: string,
  today: string,
): { minDate: string; returnDate: string } {
  const minDate = state.departure ? state.departure.flight.arrival_time.slice(0, 10) : searchedDate || today;
  return { minDate, returnDate: state.returnDate && state.returnDate >= minDate ? state.returnDate : minDate };
}
