import { SEARCH_MESSAGES } from '@gowild/contract/flights';
import { describe, expect, it } from 'vitest';
import { buildFlight } from '@/test/build-flight';
import type { SearchLink } from './search-link';
import {
  EMPTY_FORM,
  PAGE_MESSAGES,
  type SearchPageAction,
  type SearchPageState,
  initialSearchPageState,
  loginPrompt,
  returnDateRange,
  searchPageReducer,
  searchRefusal,
  toRequest,
  unknownCityRefusal,
} from './search-page-state';

const run = (actions: SearchPageAction[], from: SearchPageState = initialSearchPageState) => actions.reduce(searchPageReducer, from);
const link = (patch: Partial<SearchLink> = {}): SearchLink => ({
  origin: 'DEN',
  destination: '',
  date: '2026-04-02',
  direction: 'outbound',
  screen: 'departure_flights',
  flight: '',
  ...patch,
});
const arriving = (arrival_time: string, flightHash = 'dep1') => buildFlight({ arrival_time, flightHash });

describe('search page state: links', () => {
  it('fills the form from a link and waits to run it, keeping only the airport grouping', () => {
    const before = run([
      { type: 'view-mode-changed', viewMode: 'airport' },
      { type: 'form-changed', patch: { tripDays: 4 } },
    ]);
    const s = run([{ type: 'link-opened', parsed: { kind: 'link', link: link({ destination: 'LAS' }) } }], before);
    expect(s.form).toEqual({
      ...EMPTY_FORM,
      viewMode: 'airport',
      origin: 'DEN',
      destination: 'LAS',
      singleRoute: true,
      date: '2026-04-02',
    });
    expect(s.pendingLink).toEqual(link({ destination: 'LAS' }));
    expect(s.screen).toBe('search');
  });
  it('says what is wrong with a broken link, and starts over for a page without one', () => {
    const broken = run([{ type: 'link-opened', parsed: { kind: 'invalid', message: 'Invalid URL parameters for search.' } }]);
    expect(broken.message).toEqual({ text: 'Invalid URL parameters for search.', tone: 'error' });
    expect(broken.pendingLink).toBeNull();
    const none = run([{ type: 'search-started' }, { type: 'link-opened', parsed: { kind: 'none' } }]);
    expect(none).toEqual(initialSearchPageState);
  });
  it('opens the screen a link names; a return link waits for its departure by hash', () => {
    expect(run([{ type: 'link-started', link: link() }]).screen).toBe('departure_flights');
    const ret = run([{ type: 'link-started', link: link({ screen: 'return_flights', flight: 'dep1', date: '2026-04-03' }) }]);
    expect(ret).toMatchObject({ screen: 'return_flights', returnDate: '2026-04-03', pendingHash: 'dep1', pendingLink: null });
    expect(run([{ type: 'link-started', link: link({ screen: 'return_flights' }) }]).pendingHash).toBeNull();
  });
  it('finds the departure of a return link and defaults the return date from its arrival and the trip duration', () => {
    const flight = arriving('2026-04-02T23:30:00');
    const s = run([
      { type: 'form-changed', patch: { tripDays: 3 } },
      { type: 'link-started', link: link({ screen: 'return_flights', flight: 'dep1' }) },
      { type: 'link-departures-loaded', results: [{ code: 'LAS', flights: [buildFlight(), flight] }] },
    ]);
    expect(s.departure).toEqual({ destination: 'LAS', flight, flightHash: 'dep1' });
    expect(s).toMatchObject({ returnDate: '2026-04-05', pendingHash: null, notice: null, fallbackPending: false });
  });
  it('says so when the departure is not among the results, then falls back to the departures', () => {
    const s = run([
      { type: 'link-started', link: link({ screen: 'return_flights', flight: 'gone' }) },
      { type: 'link-departures-loaded', results: [{ code: 'LAS', flights: [buildFlight()] }] },
    ]);
    expect(s).toMatchObject({ notice: PAGE_MESSAGES.departureNotFound, fallbackPending: true, pendingHash: null, departure: null });
    const after = run([{ type: 'fallback-to-departures' }], s);
    expect(after).toMatchObject({ screen: 'departure_flights', fallbackPending: false, notice: PAGE_MESSAGES.departureNotFound });
  });
  it('leaves the state alone when a departures link has no hash to look for', () => {
    const s = run([{ type: 'link-started', link: link() }]);
    expect(searchPageReducer(s, { type: 'link-departures-loaded', results: [] })).toBe(s);
  });
  it('drops a refused link with its message', () => {
    const s = run([
      { type: 'link-opened', parsed: { kind: 'link', link: link() } },
      { type: 'link-refused', message: loginPrompt('return_flights') },
    ]);
    expect(s.pendingLink).toBeNull();
    expect(s.message).toEqual({ text: PAGE_MESSAGES.loginToViewReturns, tone: 'info', loginLink: true });
    expect(loginPrompt('departure_flights').text).toBe(PAGE_MESSAGES.loginToSearch);
  });
});

describe('search page state: the form', () => {
  it('clears the other side and the message when the direction changes, and ignores the same direction', () => {
    const filled = run([
      { type: 'form-changed', patch: { origin: 'DEN', destination: 'LAS' } },
      { type: 'single-route-changed', on: true, isPremium: true },
      { type: 'search-refused', message: { text: 'x', tone: 'error' } },
    ]);
    expect(searchPageReducer(filled, { type: 'direction-changed', direction: 'outbound' })).toBe(filled);
    const inbound = searchPageReducer(filled, { type: 'direction-changed', direction: 'inbound' });
    expect(inbound.form).toMatchObject({ direction: 'inbound', origin: '', destination: 'LAS', singleRoute: false });
    expect(inbound.message).toBeNull();
    const back = searchPageReducer(inbound, { type: 'direction-changed', direction: 'outbound' });
    expect(back.form).toMatchObject({ origin: '', destination: '' });
  });
  it('keeps the choice meaningful across city and airport views', () => {
    const s = run([
      { type: 'form-changed', patch: { origin: 'CITY:NYC', destination: 'LGA' } },
      { type: 'view-mode-changed', viewMode: 'airport' },
    ]);
    expect(s.form).toMatchObject({ viewMode: 'airport', origin: 'JFK', destination: 'LGA' });
    expect(searchPageReducer(s, { type: 'view-mode-changed', viewMode: 'city' }).form).toMatchObject({
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
  it('a started search clears messages, the departure and a pending fallback, and shows the departures', () => {
    const s = run([
      { type: 'link-started', link: link({ screen: 'return_flights', flight: 'gone' }) },
      { type: 'link-departures-loaded', results: [] },
      { type: 'search-started' },
    ]);
    expect(s).toMatchObject({ screen: 'departure_flights', notice: null, message: null, departure: null, fallbackPending: false });
  });
});

describe('search page state: departures and returns', () => {
  it('selecting a departure opens the returns from its arrival date', () => {
    const flight = arriving('2026-04-02T23:30:00');
    const s = run([{ type: 'departure-selected', departure: { destination: 'LAS', flight, flightHash: 'dep1' } }]);
    expect(s).toMatchObject({ screen: 'return_flights', returnDate: '2026-04-02', notice: null });
  });
  it('View Return Flights without a departure starts at the searched date plus the trip duration', () => {
    expect(run([{ type: 'returns-viewed', searchedDate: '2026-04-02' }]).returnDate).toBe('2026-04-02');
    const s = run([
      { type: 'form-changed', patch: { tripDays: 5 } },
      { type: 'returns-viewed', searchedDate: '2026-04-02' },
    ]);
    expect(s).toMatchObject({ screen: 'return_flights', returnDate: '2026-04-07' });
  });
  it('View Return Flights with a departure keeps a later return date already chosen', () => {
    const flight = arriving('2026-04-02T10:00:00');
    const s = run([
      { type: 'departure-selected', departure: { destination: 'LAS', flight, flightHash: 'dep1' } },
      { type: 'return-date-changed', date: '2026-04-06' },
      { type: 'back-to-departures' },
      { type: 'returns-viewed', searchedDate: '2026-04-02' },
    ]);
    expect(s.returnDate).toBe('2026-04-06');
  });
  it('going back to the departures clears the notice and the fallback', () => {
    const s = run([
      { type: 'link-started', link: link({ screen: 'return_flights', flight: 'gone' }) },
      { type: 'link-departures-loaded', results: [] },
      { type: 'back-to-departures' },
    ]);
    expect(s).toMatchObject({ screen: 'departure_flights', notice: null, fallbackPending: false });
  });
  it('New Search starts over but keeps the airport grouping', () => {
    const s = run([
      { type: 'view-mode-changed', viewMode: 'airport' },
      { type: 'form-changed', patch: { origin: 'DEN', date: '2026-04-02' } },
      { type: 'search-started' },
      { type: 'reset' },
    ]);
    expect(s).toEqual({ ...initialSearchPageState, form: { ...EMPTY_FORM, viewMode: 'airport' } });
  });
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
