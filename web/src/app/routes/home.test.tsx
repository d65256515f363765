import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/components/ui/toast/toast-store';
import { addDays, localToday } from '@gowild/contract/dates';
import { buildAirport } from '@/test/build-airport';
import { buildFlight } from '@/test/build-flight';
import {
  type ApiHandlers,
  type ApiStreamEvent,
  buildConfig,
  buildUser,
  currentLocation,
  mockApi,
  ndjson,
  renderWithProviders,
  reply,
  resetTestState,
  signedInAs,
} from '@/test/test-utils';
import { HomeRoute } from './home';

// A loaded CI machine can take longer than the 1 s default to stream and render.
configure({ asyncUtilTimeout: 5000 });

const tomorrow = addDays(localToday(), 1);
const ap = (stationCode: string, city: string) => buildAirport(stationCode, city, { name: `${city} International`, lat: 39, lng: -104 });
const airports = [ap('DEN', 'Denver'), ap('LAS', 'Las Vegas'), ap('MCO', 'Orlando'), ap('PHX', 'Phoenix')];

const params = { origin: 'DEN', origin_airports: ['DEN'], destination: null, date: tomorrow, max_workers: 50 };
const lasStandard = buildFlight({ destination: 'LAS', goWild: null, standard: 89, flightHash: 'lasflight01' });
const mcoGoWild = buildFlight({
  destination: 'MCO',
  goWild: 39,
  flightHash: 'mcoflight01',
  arrival_time: `${tomorrow}T13:00:00`,
  departure_time: `${tomorrow}T08:00:00`,
});
const streamEvents: ApiStreamEvent[] = [
  { type: 'start', total: 3, codes: ['LAS', 'MCO', 'PHX'], search_parameters: params },
  { type: 'destination', code: 'LAS', flights: [lasStandard], done: 1, total: 3 },
  { type: 'destination', code: 'MCO', flights: [mcoGoWild], done: 2, total: 3 },
  { type: 'destination', code: 'PHX', flights: [], done: 3, total: 3, failed: true },
  {
    type: 'summary',
    summary: { total_destinations: 3, total_flights: 2, search_timestamp: new Date().toISOString() },
    partial: true,
    failed: ['PHX'],
  },
];

const base: ApiHandlers = {
  'GET /api/airports': () => ({ airports }),
  'GET /api/gowild/blackout-dates': () => [],
  'GET /api/location': () => ({ known: false, reason: 'test' }),
};

afterEach(() => resetTestState());

describe('home: links and visitors', () => {
  it('tells a visitor opening a search link to log in, and does not search', async () => {
    const api = mockApi(base);
    renderWithProviders(<HomeRoute />, { route: `/?origin=DEN&date=${tomorrow}` });
    expect(await screen.findByText(/Please log in to search flights\./)).toBeTruthy();
    expect(api.calls.some((c) => c.path.startsWith('/api/flights'))).toBe(false);
  });

  it('says "view return flights" for a return link', async () => {
    mockApi(base);
    renderWithProviders(<HomeRoute />, { route: `/?origin=DEN&date=${tomorrow}&screen=return_flights&flight=abc` });
    expect(await screen.findByText(/Please log in to view return flights\./)).toBeTruthy();
  });

  it('names a broken link', async () => {
    mockApi(base);
    renderWithProviders(<HomeRoute />, { route: '/?origin=DEN' });
    expect(await screen.findByText('Invalid URL: Missing origin or date for outbound search')).toBeTruthy();
  });

  it('shows the free plan banner with the figure from the server config', async () => {
    mockApi({ ...base, 'GET /api/config': () => buildConfig({ freeSearchesPerDay: 5 }) });
    renderWithProviders(<HomeRoute />);
    const banner = await screen.findByTestId('free-plan-banner');
    expect(banner.textContent).toContain('Free Plan Limit: 5 searches per day');
  });
});

describe('home: premium gating', () => {
  it('alerts a free user who asks for single-route search, and keeps inbound disabled with its crown', async () => {
    mockApi({
      ...base,
      ...signedInAs(buildUser()),
      'GET /api/auth/search-usage': () => ({ search_limit: 3, searches_remaining: 3, is_premium: false }),
    });
    renderWithProviders(<HomeRoute />);
    fireEvent.click(await screen.findByRole('switch', { name: /Single Route Search/ }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Single route search is a premium feature. Upgrade your account to search specific destinations.',
    );
    expect((screen.getByRole('switch', { name: /Single Route Search/ }) as HTMLInputElement).checked).toBe(false);
    const inbound = screen.getByRole('button', { name: /Inbound Flights/ }) as HTMLButtonElement;
    expect(inbound.disabled).toBe(true);
    expect(within(inbound).getByRole('img', { name: 'Premium only' })).toBeTruthy();
  });

  it('lets a premium user search inbound: the origin picker goes, the arrival picker and its label come', async () => {
    const api = mockApi({
      ...base,
      ...signedInAs(buildUser({ is_premium: true })),
      'GET /api/auth/search-usage': () => ({ search_limit: null, searches_remaining: null, is_premium: true }),
      'GET /api/flights/inbound/stream': () =>
        ndjson([
          { type: 'start', total: 0, codes: [], search_parameters: { ...params, destination: 'LAS' } },
          { type: 'summary', summary: { total_origins: 0, total_flights: 0, search_timestamp: 'x' } },
        ]),
    });
    renderWithProviders(<HomeRoute />);
    fireEvent.click(await screen.findByRole('button', { name: /Denver/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Inbound Flights' }));
    expect(screen.getByText('Search flights arriving at selected destinations (Premium)')).toBeTruthy();
    expect(screen.queryByRole('searchbox', { name: /Departure Airport/ })).toBeNull();
    expect(screen.getByRole('searchbox', { name: /Arrival Airport/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Las Vegas/ }));
    // By its date, not its label: at a month's end "1, 2026" names several days of the calendar.
    fireEvent.click(document.querySelector<HTMLButtonElement>(`button[data-date="${tomorrow}"]`)!);
    fireEvent.click(screen.getByRole('button', { name: 'Search Inbound Flights to Las Vegas (LAS)' }));
    expect(await screen.findByRole('heading', { name: 'Inbound to Las Vegas (LAS)' })).toBeTruthy();
    const call = api.callsTo('GET /api/flights/inbound/stream')[0]!;
    expect(call.url).toContain('destination=LAS');
    expect(call.url).toContain('max_workers=10');
  });
});

describe('home: sharing', () => {
  it('copies the search URL and says so; falls back to a text copy when the clipboard refuses', async () => {
    mockApi({
      ...base,
      ...signedInAs(buildUser({ is_premium: true })),
      'GET /api/auth/search-usage': () => ({ search_limit: null, searches_remaining: null, is_premium: true }),
    });
    const writeText = vi.fn(async () => {
      throw new Error('denied');
    });
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    renderWithProviders(<HomeRoute />);
    fireEvent.click(await screen.findByRole('button', { name: /Denver/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() =>
      expect(toastStore.getSnapshot().at(-1)).toMatchObject({ title: 'URL Copied', message: 'Search URL copied to clipboard!' }),
    );
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/?origin=DEN`);
    expect(execCommand).toHaveBeenCalledWith('copy');
  });
});

describe('home: price alerts (docs/product/alerts.md#alert-modal)', { timeout: 20_000 }, () => {
  // Built per test: signedInAs stores the token, which each test's clean-up removes.
  const premium = () => ({
    ...base,
    ...signedInAs(buildUser({ is_premium: true })),
    'GET /api/auth/search-usage': () => ({ search_limit: null, searches_remaining: null, is_premium: true }),
    'GET /api/flights/search/stream': () => ndjson(streamEvents),
    'GET /api/flights/inbound/stream': () =>
      ndjson([
        {
          type: 'start',
          total: 1,
          codes: ['MCO'],
          search_parameters: { ...params, origin: 'Inbound to LAS', origin_airports: ['MCO'], destination: 'LAS' },
        },
        { type: 'destination', code: 'MCO', flights: [buildFlight({ origin: 'MCO', destination: 'LAS', goWild: 49 })], done: 1, total: 1 },
        { type: 'summary', summary: { total_origins: 1, total_flights: 1, search_timestamp: 'x' } },
      ]),
  });

  async function openAlert(card: string) {
    // The first card may be drawn on its own before the rest of the answer: wait for this one.
    const item = await waitFor(() => {
      const found = screen.getAllByTestId('destination-card').find((c) => c.dataset.code === card);
      if (!found) throw new Error(`no ${card} card yet`);
      return found;
    });
    fireEvent.click(within(item).getAllByRole('button')[0]!);
    fireEvent.click(await within(item).findByRole('button', { name: 'Price alert' }));
    return screen.findByRole('dialog', { name: 'Create Price Alert' });
  }

  it('opens the modal for a card: the searched origin to the card on outbound, the card to the searched destination on inbound', async () => {
    mockApi(premium());
    const { unmount } = renderWithProviders(<HomeRoute />, { route: `/?origin=DEN&date=${tomorrow}` });
    const outbound = await openAlert('MCO');
    expect(within(outbound).getByTestId('alert-route').textContent).toBe('Denver (DEN) → Orlando (MCO)');
    expect(outbound.querySelector(`button[data-date="${tomorrow}"]`)!.getAttribute('aria-pressed')).toBe('true');
    unmount();

    renderWithProviders(<HomeRoute />, { route: `/?destination=LAS&date=${tomorrow}&direction=inbound` });
    const inbound = await openAlert('MCO');
    expect(within(inbound).getByTestId('alert-route').textContent).toBe('Orlando (MCO) → Las Vegas (LAS)');
  });
});

describe('home: searching', () => {
  it('runs a link search for a premium user: progress, GoWild destinations first, partial notice, URL untouched', async () => {
    const api = mockApi({
      ...base,
      ...signedInAs(buildUser({ is_premium: true })),
      'GET /api/auth/search-usage': () => ({ search_limit: null, searches_remaining: null, is_premium: true }),
      'GET /api/flights/search/stream': () => ndjson(streamEvents),
    });
    const { router } = renderWithProviders(<HomeRoute />, { route: `/?origin=DEN&date=${tomorrow}` });
    const gowild = await screen.findByTestId('group-gowild');
    const standard = screen.getByTestId('group-standard');
    expect(within(gowild).getByText('Orlando (MCO)')).toBeTruthy();
    expect(within(standard).getByText('Las Vegas (LAS)')).toBeTruthy();
    expect(gowild.compareDocumentPosition(standard) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('partial-notice').textContent).toContain('PHX');
    const call = api.callsTo('GET /api/flights/search/stream')[0]!;
    expect(call.url).toContain('origin=DEN');
    expect(call.url).toContain('max_workers=50');
    expect(currentLocation(router)).toBe(`/?origin=DEN&date=${tomorrow}`);
  });

  it('shows the orange daily-limit panel on a 429', async () => {
    const text =
      'Daily search limit reached. Free accounts are limited to 3 searches per day. Check out our plans at /plans for unlimited searches!';
    mockApi({
      ...base,
      ...signedInAs(buildUser()),
      'GET /api/auth/search-usage': () => ({ search_limit: 3, searches_remaining: 1, is_premium: false }),
      'GET /api/flights/search/stream': () => reply(429, { error: text, message: text, code: 'QUOTA_EXCEEDED' }),
    });
    renderWithProviders(<HomeRoute />, { route: `/?origin=DEN&date=${tomorrow}` });
    const panel = await screen.findByTestId('quota-panel');
    expect(within(panel).getByText('Daily Search Limit Reached')).toBeTruthy();
    expect(within(panel).getByText(text)).toBeTruthy();
    expect(within(panel).getByRole('link').getAttribute('href')).toBe('/plans');
  });

  it('restores a return_flights link: departures, the flight by hash, then one single-route search per airport', async () => {
    const ret = buildFlight({
      origin: 'MCO',
      destination: 'DEN',
      departure_time: `${addDays(tomorrow, 2)}T10:00:00`,
      arrival_time: `${addDays(tomorrow, 2)}T12:00:00`,
      flightHash: 'retflight01',
    });
    const api = mockApi({
      ...base,
      ...signedInAs(buildUser({ is_premium: true })),
      'GET /api/auth/search-usage': () => ({ search_limit: null, searches_remaining: null, is_premium: true }),
      'GET /api/flights/search/stream': () => ndjson(streamEvents),
      'GET /api/flights/single': () => ({
        flights: { DEN: [ret] },
        search_parameters: { ...params, origin: 'MCO', destination: 'DEN' },
        summary: { total_flights: 1, search_timestamp: 'x' },
      }),
      'GET /api/weather/MCO': () => ({ weather: { city: 'Orlando', forecasts: [] } }),
    });
    const { router } = renderWithProviders(<HomeRoute />, {
      route: `/?origin=DEN&date=${tomorrow}&screen=return_flights&flight=mcoflight01`,
      routes: [{ path: '/flight-summary', element: <p>summary page</p> }],
    });
    expect(await screen.findByTestId('selected-departure')).toBeTruthy();
    expect(await screen.findByText('2 days at destination')).toBeTruthy();
    const single = api.callsTo('GET /api/flights/single')[0]!;
    expect(single.url).toContain('origin=MCO');
    expect(single.url).toContain('destination=DEN');
    expect(single.url).toContain(`date=${tomorrow}`);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Select Return' }));
    // The summary link names both flights by hash and, so it survives a fare change, by flight (decision 197).
    await waitFor(() => expect(currentLocation(router)).toContain('/flight-summary?'));
    const summary = new URL(currentLocation(router), 'http://app');
    expect(Object.fromEntries(summary.searchParams)).toMatchObject({
      departure: 'mcoflight01',
      return: 'retflight01',
      origin: 'DEN',
      destination: 'MCO',
      date: tomorrow,
      departure_leg: `DEN-MCO-${tomorrow}`,
      return_leg: `MCO-DEN-${addDays(tomorrow, 2)}`,
    });
    expect(summary.searchParams.get('return_ref')).toContain(`${addDays(tomorrow, 2)}T10:00:00`);
    expect(window.localStorage.getItem('flight_summary_retflight01')).toContain('retflight01');
  });

  it('falls back to the departures when the link names a flight that is not there', async () => {
    mockApi({
      ...base,
      ...signedInAs(buildUser({ is_premium: true })),
      'GET /api/auth/search-usage': () => ({ search_limit: null, searches_remaining: null, is_premium: true }),
      'GET /api/flights/search/stream': () => ndjson(streamEvents),
    });
    renderWithProviders(<HomeRoute />, { route: `/?origin=DEN&date=${tomorrow}&screen=return_flights&flight=nosuchflight` });
    expect(await screen.findByText('Could not find the selected departure flight. Please try selecting a different flight.')).toBeTruthy();
    // After 3 s the departures come back (waited for, not timed).
    expect(await screen.findByTestId('results-screen', {}, { timeout: 15_000 })).toBeTruthy();
  }, 20_000);
});

describe('home: partial results, weather dates, form messages', () => {
  it('names a destination whose streamed event fails the contract as a data problem, and reports it (decision 127)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({
      ...base,
      ...signedInAs(buildUser({ is_premium: true })),
      'GET /api/auth/search-usage': () => ({ search_limit: null, searches_remaining: null, is_premium: true }),
      'GET /api/flights/search/stream': () =>
        ndjson([
          streamEvents[0]!,
          streamEvents[1]!,
          // MCO's flights arrive without the fields the contract requires: outside the contract on purpose.
          { type: 'destination', code: 'MCO', flights: [{ flight_number: 'F9 1' }], done: 2, total: 3 } as unknown as ApiStreamEvent,
          { type: 'destination', code: 'PHX', flights: [], done: 3, total: 3 },
          { type: 'summary', summary: { total_destinations: 3, total_flights: 1, search_timestamp: new Date().toISOString() } },
        ]),
    });
    renderWithProviders(<HomeRoute />, { route: `/?origin=DEN&date=${tomorrow}` });
    const notice = await screen.findByTestId('data-problem-notice');
    expect(notice.textContent).toBe(
      'Some destinations could not be read: MCO. Their results arrived in a form this page does not understand; the results below are incomplete.',
    );
    expect(within(screen.getByTestId('group-standard')).getByText('Las Vegas (LAS)')).toBeTruthy();
    expect(screen.queryByTestId('partial-notice')).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^Data problem: destination event from GET \/api\/flights\/search\/stream/));
  });

  it('tells a free user a retry is one more search, and offers none when no search is left', async () => {
    let remaining = 2;
    const api = mockApi({
      ...base,
      ...signedInAs(buildUser()),
      'GET /api/auth/search-usage': () => ({ search_limit: 3, searches_remaining: remaining, is_premium: false }),
      'GET /api/flights/search/stream': () => {
        remaining -= 1;
        return ndjson(streamEvents);
      },
    });
    renderWithProviders(<HomeRoute />, { route: `/?origin=DEN&date=${tomorrow}` });
    const notice = await screen.findByTestId('partial-notice');
    await waitFor(() =>
      expect(within(notice).getByTestId('retry-cost').textContent).toBe(
        'Retrying runs the search again and uses 1 of your 1 search left today.',
      ),
    );
    fireEvent.click(within(notice).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(api.callsTo('GET /api/flights/search/stream')).toHaveLength(2));
    const again = await screen.findByTestId('partial-notice');
    await waitFor(() => expect(within(again).getByTestId('retry-cost').textContent).toBe('No searches left today to retry with.'));
    expect(within(again).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('keeps the results that arrived when the server restarts mid-search, says so, and offers to search again', async () => {
    const restart = 'The server is restarting. Please search again in a moment.';
    let remaining = 2;
    const api = mockApi({
      ...base,
      ...signedInAs(buildUser()),
      'GET /api/auth/search-usage': () => ({ search_limit: 3, searches_remaining: remaining, is_premium: false }),
      'GET /api/flights/search/stream': () => {
        remaining -= 1;
        return ndjson([
          streamEvents[0]!,
          streamEvents[1]!,
          { type: 'error', status: 503, error: restart, message: restart, code: 'SERVER_RESTARTING' },
        ]);
      },
    });
    renderWithProviders(<HomeRoute />, { route: `/?origin=DEN&date=${tomorrow}` });
    const panel = await screen.findByTestId('restart-panel');
    expect(within(panel).getByText('Search interrupted')).toBeTruthy();
    expect(panel.textContent).toContain(`${restart} The results below are incomplete.`);
    expect(screen.queryByTestId('error-panel')).toBeNull();
    expect(within(screen.getByTestId('group-standard')).getByText('Las Vegas (LAS)')).toBeTruthy();
    // The search counted (results had arrived): the usage is asked for again and the cost of searching again shown.
    await waitFor(() =>
      expect(within(panel).getByTestId('retry-cost').textContent).toBe('Searching again uses 1 of your 1 search left today.'),
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Search again' }));
    await waitFor(() => expect(api.callsTo('GET /api/flights/search/stream')).toHaveLength(2));
    const again = await screen.findByTestId('restart-panel');
    await waitFor(() => expect(within(again).getByTestId('retry-cost').textContent).toBe('No searches left today to search again with.'));
    expect(within(again).queryByRole('button', { name: 'Search again' })).toBeNull();
  });

  it('asks for the 7-day forecast from the travel date when a card opens', async () => {
    const api = mockApi({
      ...base,
      ...signedInAs(buildUser({ is_premium: true })),
      'GET /api/auth/search-usage': () => ({ search_limit: null, searches_remaining: null, is_premium: true }),
      'GET /api/flights/search/stream': () => ndjson(streamEvents),
      'GET /api/weather/MCO': () => ({ weather: { city: 'Orlando', forecasts: [] } }),
    });
    renderWithProviders(<HomeRoute />, { route: `/?origin=DEN&date=${tomorrow}` });
    const gowild = await screen.findByTestId('group-gowild');
    fireEvent.click(within(gowild).getByRole('button', { name: /Orlando \(MCO\)/ }));
    expect(await within(gowild).findByText('Weather data unavailable')).toBeTruthy();
    const call = api.callsTo('GET /api/weather/MCO')[0]!;
    expect(call.url).toContain(`start=${tomorrow}`);
    expect(call.url).toContain(`end=${addDays(tomorrow, 6)}`);
  });

  it('says what is missing when Enter is pressed before an origin is chosen', async () => {
    mockApi({
      ...base,
      ...signedInAs(buildUser({ is_premium: true })),
      'GET /api/auth/search-usage': () => ({ search_limit: null, searches_remaining: null, is_premium: true }),
    });
    renderWithProviders(<HomeRoute />);
    await screen.findByRole('button', { name: /Denver/ });
    fireEvent.submit(screen.getByRole('form', { name: 'Flight search' }));
    expect(screen.getByRole('alert').textContent).toBe('Please select an origin airport and date');
  });

  it("says 'Failed to load airports' when the list cannot be loaded", async () => {
    mockApi({
      ...base,
      'GET /api/airports': () => reply(500, { error: 'boom', message: 'boom', code: 'INTERNAL' }),
    });
    renderWithProviders(<HomeRoute />);
    expect((await screen.findAllByText('Failed to load airports')).length).toBeGreaterThan(0);
  });
});
