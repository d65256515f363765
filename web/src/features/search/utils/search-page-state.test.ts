import { SEARCH_MESSAGES } from '@gowild/contract/flights';
import { refOf } from '@gowild/contract/trips';
import { describe, expect, it } from 'vitest';
import { buildFlight } from '@/test/build-flight';
import type { ParsedLink, SearchLink } from './search-link';
import {
  EMPTY_FORM,
  type FormState,
  PAGE_MESSAGES,
  type SearchFormAction,
  deriveSearchView,
  formFromLink,
  initialReturnDate,
  linkKey,
  linkRefusal,
  loginPrompt,
  returnDateRange,
  searchFormReducer,
  searchRefusal,
  toRequest,
  unknownCityRefusal,
} from './search-page-state';

const empty: FormState = { form: EMPTY_FORM, message: null };
const run = (actions: SearchFormAction[], from: FormState = empty) => actions.reduce(searchFormReducer, from);
const link = (patch: Partial<SearchLink> = {}): SearchLink => ({
  origin: 'DEN',
  destination: '',
  date: '2026-04-02',
  direction: 'outbound',
  screen: 'departure_flights',
  flight: '',
  ...patch,
});
const asLink = (patch: Partial<SearchLink> = {}): ParsedLink => ({ kind: 'link', link: link(patch) });
const arriving = (arrival_time: string, flightHash = 'dep1') => buildFlight({ arrival_time, flightHash });
const member = { initialized: true, signedIn: true };
const view = (parsed: ParsedLink, search: Parameters<typeof deriveSearchView>[0]['search'] = null, more = {}) =>
  deriveSearchView({ parsed, auth: member, search, ...more });

describe('search page state: the URL', () => {
  it('fills the form from a link, keeping the airport grouping the traveller chose', () => {
    expect(formFromLink(asLink({ destination: 'LAS' }), 'airport')).toEqual({
      ...EMPTY_FORM,
      viewMode: 'airport',
      origin: 'DEN',
      destination: 'LAS',
      singleRoute: true,
      date: '2026-04-02',
    });
    expect(formFromLink({ kind: 'none' }, 'city')).toEqual(EMPTY_FORM);
  });

  it('keys a URL by its search: the screen and the departure are not a new search', () => {
    expect(linkKey(asLink())).toBe(linkKey(asLink({ screen: 'return_flights', flight: 'dep1' })));
    expect(linkKey(asLink())).not.toBe(linkKey(asLink({ date: '2026-04-03' })));
    expect(linkKey({ kind: 'none' })).toBe('');
  });

  it('says what is wrong with a link: broken, a visitor, an unknown city; nothing while the sign-in check runs', () => {
    expect(linkRefusal({ kind: 'invalid', message: 'Invalid URL parameters for search.' }, member)).toEqual({
      text: 'Invalid URL parameters for search.',
      tone: 'error',
    });
    expect(linkRefusal(asLink(), { initialized: false, signedIn: false })).toBeNull();
    expect(linkRefusal(asLink({ screen: 'return_flights' }), { initialized: true, signedIn: false })).toEqual(
      loginPrompt('return_flights'),
    );
    expect(loginPrompt('return_flights')).toEqual({ text: PAGE_MESSAGES.loginToViewReturns, tone: 'info', loginLink: true });
    expect(loginPrompt('departure_flights').text).toBe(PAGE_MESSAGES.loginToSearch);
    expect(linkRefusal(asLink({ origin: 'CITY:XYZ' }), member)?.text).toBe(PAGE_MESSAGES.cityWithoutAirports);
    expect(linkRefusal(asLink(), member)).toBeNull();
  });

  it('runs a link once the sign-in check has settled, without waiting for the airports list, and never a refused one', () => {
    const request = { direction: 'outbound', origin: 'DEN', destination: '', date: '2026-04-02' };
    expect(view(asLink(), null, { auth: { initialized: false, signedIn: false } })).toMatchObject({ screen: 'search', request: null });
    expect(view(asLink(), null, { auth: { initialized: true, signedIn: false } })).toMatchObject({ screen: 'search', request: null });
    expect(view({ kind: 'none' })).toMatchObject({ screen: 'search', request: null });
    expect(view(asLink())).toMatchObject({ screen: 'departure_flights', request, notice: null });
  });

  it('finds the departure of a return link by hash once its departures are in', () => {
    const flight = arriving('2026-04-02T23:30:00');
    const ret = asLink({ screen: 'return_flights', flight: 'dep1' });
    expect(view(ret)).toMatchObject({ screen: 'return_flights', departure: null, waitingForDeparture: true });
    expect(view(ret, { status: 'loading', results: [] })).toMatchObject({ screen: 'return_flights', waitingForDeparture: true });
    const found = view(ret, { status: 'done', results: [{ code: 'LAS', flights: [buildFlight(), flight] }] });
    expect(found).toMatchObject({ screen: 'return_flights', waitingForDeparture: false, notice: null });
    expect(found.departure).toEqual({ destination: 'LAS', flight, flightHash: 'dep1' });
    // Found while the stream still runs: no need to wait for the rest.
    expect(view(ret, { status: 'loading', results: [{ code: 'LAS', flights: [flight] }] }).departure?.flightHash).toBe('dep1');
    expect(view(asLink({ screen: 'return_flights' }))).toMatchObject({
      screen: 'return_flights',
      departure: null,
      waitingForDeparture: false,
    });
  });

  it('shows the departures with the not-found message when the departure is gone (or the search failed)', () => {
    const ret = asLink({ screen: 'return_flights', flight: 'gone' });
    const expected = { screen: 'departure_flights', notice: PAGE_MESSAGES.departureNotFound, departure: null, waitingForDeparture: false };
    expect(view(ret, { status: 'done', results: [{ code: 'LAS', flights: [buildFlight()] }] })).toMatchObject(expected);
    expect(view(ret, { status: 'error', results: [] })).toMatchObject(expected);
  });

  it('finds a departure whose fare moved by its reference, and says the price change once (decision 197)', () => {
    const now = buildFlight({ flight_number: 'F9 1234', departure_time: '2026-04-02T06:15:00', goWild: 45, flightHash: 'new1' });
    const then = buildFlight({ flight_number: 'F9 1234', departure_time: '2026-04-02T06:15:00', goWild: 31, flightHash: 'old1' });
    const ret = asLink({ screen: 'return_flights', flight: 'old1', flightRef: refOf(then) });
    const found = view(ret, { status: 'done', results: [{ code: 'LAS', flights: [buildFlight(), now] }] });
    expect(found).toMatchObject({ screen: 'return_flights', notice: 'The price changed from $31.00 to $45.00' });
    expect(found.departure).toEqual({ destination: 'LAS', flight: now, flightHash: 'new1' });
    // The same reference to a flight no longer flown that day: the spec's one message.
    const gone = view(ret, { status: 'done', results: [{ code: 'LAS', flights: [buildFlight()] }] });
    expect(gone).toMatchObject({ screen: 'departure_flights', notice: PAGE_MESSAGES.departureNotFound });
  });

  it('starts the return date at the arrival (plus the trip duration), else at the searched date (plus it)', () => {
    const departure = { destination: 'LAS', flight: arriving('2026-04-02T23:30:00'), flightHash: 'dep1' };
    expect(initialReturnDate(departure, null, '2026-04-01')).toBe('2026-04-02');
    expect(initialReturnDate(departure, 3, '2026-04-01')).toBe('2026-04-05');
    expect(initialReturnDate(null, null, '2026-04-02')).toBe('2026-04-02');
    expect(initialReturnDate(null, 5, '2026-04-02')).toBe('2026-04-07');
  });
});

describe('search page state: the form', () => {
  it('clears the other side and the message when the direction changes, and ignores the same direction', () => {
    const filled = run([
      { type: 'form-changed', patch: { origin: 'DEN', destination: 'LAS' } },
      { type: 'single-route-changed', on: true, isPremium: true },
      { type: 'search-refused', message: { text: 'x', tone: 'error' } },
    ]);
    expect(searchFormReducer(filled, { type: 'direction-changed', direction: 'outbound' })).toBe(filled);
    const inbound = searchFormReducer(filled, { type: 'direction-changed', direction: 'inbound' });
    expect(inbound.form).toMatchObject({ direction: 'inbound', origin: '', destination: 'LAS', singleRoute: false });
    expect(inbound.message).toBeNull();
    const back = searchFormReducer(inbound, { type: 'direction-changed', direction: 'outbound' });
    expect(back.form).toMatchObject({ origin: '', destination: '' });
  });
  it('keeps the choice meaningful across city and airport views', () => {
    const s = run([
      { type: 'form-changed', patch: { origin: 'CITY:NYC', destination: 'LGA' } },
      { type: 'view-mode-changed', viewMode: 'airport' },
    ]);
    expect(s.form).toMatchObject({ viewMode: 'airport', origin: 'JFK', destination: 'LGA' });
    expect(searchFormReducer(s, { type: 'view-mode-changed', viewMode: 'city' }).form).toMatchObject({
      origin: 'CITY:NYC',
      destination: 'CITY:NYC',
    });
  });
  it('alerts a free user asking for single route, and clears the destination when it is turned off', () => {
    const free = run([{ type: 'single-route-changed', on: true, isPremium: false }]);
    expect(free.form.singleRoute).toBe(false);
    expect(free.message).toEqual({ text: SEARCH_MESSAGES.singlePremium, tone: 'info' });
    const s = run([
      { type: 'single-route-changed', on: true, isPremium: true },
      { type: 'form-changed', patch: { destination: 'LAS' } },
      { type: 'single-route-changed', on: false, isPremium: true },
    ]);
    expect(s.form).toMatchObject({ singleRoute: false, destination: '' });
  });
  it('refuses searches with the reason, in the order the page checks them', () => {
    const values = { ...EMPTY_FORM, origin: 'DEN', date: '2026-04-02' };
    const member = { signedIn: true, isPremium: false };
    expect(searchRefusal(values, { signedIn: false, isPremium: false })).toEqual(loginPrompt('departure_flights'));
    expect(searchRefusal({ ...values, date: '' }, member)?.text).toBe(PAGE_MESSAGES.outboundRequired);
    expect(searchRefusal({ ...values, direction: 'inbound' }, member)?.text).toBe(PAGE_MESSAGES.inboundRequired);
    expect(searchRefusal({ ...values, direction: 'inbound', destination: 'LAS' }, member)?.text).toBe(SEARCH_MESSAGES.inboundPremium);
    expect(searchRefusal({ ...values, origin: 'CITY:XYZ' }, member)?.text).toBe(PAGE_MESSAGES.cityWithoutAirports);
    expect(searchRefusal(values, member)).toBeNull();
    expect(unknownCityRefusal({ origin: 'DEN', destination: 'CITY:NYC' })).toBeNull();
  });
  it('asks the server for what the form shows: no origin inbound, a destination only on single route', () => {
    const values = { ...EMPTY_FORM, origin: 'DEN', destination: 'LAS', date: '2026-04-02' };
    expect(toRequest(values)).toEqual({ direction: 'outbound', origin: 'DEN', destination: '', date: '2026-04-02' });
    expect(toRequest({ ...values, singleRoute: true }).destination).toBe('LAS');
    expect(toRequest({ ...values, direction: 'inbound' })).toEqual({
      direction: 'inbound',
      origin: '',
      destination: 'LAS',
      date: '2026-04-02',
    });
  });
});

describe('search page state: returns', () => {
  it('never lets the return date fall before the arrival (or the searched date, or today)', () => {
    const flight = arriving('2026-04-03T01:00:00');
    const departure = { destination: 'LAS', flight, flightHash: 'dep1' };
    expect(returnDateRange({ departure, returnDate: '2026-04-02' }, '2026-04-02', '2026-04-01')).toEqual({
      minDate: '2026-04-03',
      returnDate: '2026-04-03',
    });
    expect(returnDateRange({ departure, returnDate: '2026-04-05' }, '2026-04-02', '2026-04-01').returnDate).toBe('2026-04-05');
    expect(returnDateRange({ departure: null, returnDate: '' }, '2026-04-02', '2026-04-01')).toEqual({
      minDate: '2026-04-02',
      returnDate: '2026-04-02',
    });
    expect(returnDateRange({ departure: null, returnDate: '' }, '', '2026-04-01').minDate).toBe('2026-04-01');
  });
});
