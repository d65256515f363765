import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, localToday } from '@gowild/contract/dates';
import type { GridResponse } from '@gowild/contract/observations';
import { buildAirport } from '@/test/build-airport';
import { buildFlight } from '@/test/build-flight';
import {
  type ApiHandlers,
  type ApiStreamEvent,
  buildUser,
  currentLocation,
  mockApi,
  ndjson,
  renderWithProviders,
  resetTestState,
  signedInAs,
} from '@/test/test-utils';
import { HomeRoute } from './home';

configure({ asyncUtilTimeout: 5000 });

const today = localToday();
const tomorrow = addDays(today, 1);
const dayAfter = addDays(today, 2);
const airports = [buildAirport('DEN', 'Denver'), buildAirport('MCO', 'Orlando')];
const params = { origin: 'DEN', origin_airports: ['DEN'], destination: null, date: tomorrow, max_workers: 50 };
const events = (date: string): ApiStreamEvent[] => [
  { type: 'start', total: 1, codes: ['MCO'], search_parameters: { ...params, date } },
  { type: 'destination', code: 'MCO', flights: [buildFlight({ destination: 'MCO', goWild: 39, flightHash: 'mco1' })], done: 1, total: 1 },
  { type: 'summary', summary: { total_destinations: 1, total_flights: 1, search_timestamp: new Date().toISOString() } },
];
const grid: GridResponse = {
  origin: 'DEN',
  origin_airports: ['DEN'],
  dates: [today, tomorrow, dayAfter].map((date) => ({ date, blackout: false })),
  destinations: [
    {
      destination: 'MCO',
      cells: [today, tomorrow, dayAfter].map((date) => ({
        date,
        go_wild_offered: true,
        lowest_go_wild: 39,
        lowest_fare: 39,
        checked_at: new Date().toISOString(),
      })),
      likelihood: { status: 'known', offered_days: 8, observed_days: 10 },
    },
  ],
  demo: false,
};

const base = (premium: boolean): ApiHandlers => ({
  'GET /api/airports': () => ({ airports }),
  'GET /api/gowild/blackout-dates': () => [],
  'GET /api/location': () => ({ known: false, reason: 'test' }),
  ...signedInAs(buildUser({ is_premium: premium })),
  'GET /api/auth/search-usage': () => ({ search_limit: premium ? null : 3, searches_remaining: premium ? null : 2, is_premium: premium }),
  'GET /api/flights/search/stream': (call) => ndjson(events(new URL(call.url, 'http://x').searchParams.get('date')!)),
  'GET /api/flights/grid': () => grid,
  'GET /api/flights/route-insights': () => ({
    origin: 'DEN',
    date: tomorrow,
    routes: { MCO: { likelihood: { status: 'known', offered_days: 8, observed_days: 10 }, good_price: null } },
    demo: false,
  }),
});

afterEach(() => resetTestState());

describe('home: the date grid (docs/product/date-grid-and-history.md#date-grid)', { timeout: 20_000 }, () => {
  it('shows a free user what the grid does and how to get premium, and never asks for it', async () => {
    const api = mockApi(base(false));
    renderWithProviders(<HomeRoute />, { route: `/?origin=DEN&date=${tomorrow}` });
    const teaser = await screen.findByRole('region', { name: 'Date grid (Premium feature)' });
    expect(teaser.textContent).toContain('across the next two weeks');
    expect(within(teaser).getByRole('link', { name: 'Upgrade to Premium - $5/month' }).getAttribute('href')).toBe('/plans');
    expect(screen.queryByRole('grid')).toBeNull();
    expect(api.callsTo('GET /api/flights/grid')).toHaveLength(0);
    // The card's route line is for everyone.
    expect(await screen.findByText('GoWild on 8 of the last 10 days', { selector: '[data-testid="route-insight"] span' })).toBeTruthy();
  });

  it('lets a premium user open a cell: that destination on that day becomes the search (the URL)', async () => {
    const user = userEvent.setup();
    const api = mockApi(base(true));
    const { router } = renderWithProviders(<HomeRoute />, { route: `/?origin=DEN&date=${tomorrow}` });
    const grid = await screen.findByRole('grid');
    expect(screen.queryByTestId('premium-teaser')).toBeNull();
    await user.click(within(grid).getAllByRole('gridcell')[2]!);
    await waitFor(() => expect(currentLocation(router)).toBe(`/?origin=DEN&destination=MCO&date=${dayAfter}&screen=departure_flights`));
    await waitFor(() => expect(api.calls.some((c) => c.url.includes(`date=${dayAfter}`) && c.path.includes('/stream'))).toBe(true));
  });
});
