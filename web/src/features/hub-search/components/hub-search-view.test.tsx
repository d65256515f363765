import { airlineShareMessage } from '@gowild/contract/flights';
import { HUB_MESSAGES, type HubSearchResponse } from '@gowild/contract/hub-search';
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAirport } from '@/test/build-airport';
import { buildFlight } from '@/test/build-flight';
import { mockApi, renderWithProviders, reply, resetTestState } from '@/test/test-utils';
import { ConnectionCard, connectionCalendar } from './connection-card';
import { HubSearchView } from './hub-search-view';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => resetTestState());

const airports = [buildAirport('DEN', 'Denver'), buildAirport('LAS', 'Las Vegas'), buildAirport('BOS', 'Boston')];
const first = buildFlight({
  origin: 'DEN',
  destination: 'LAS',
  departure_time: '2026-04-02T06:00:00',
  arrival_time: '2026-04-02T07:30:00',
  goWild: 19,
  flightHash: 'first000001',
});
const second = buildFlight({
  origin: 'LAS',
  destination: 'BOS',
  departure_time: '2026-04-03T08:00:00',
  arrival_time: '2026-04-03T16:30:00',
  goWild: 29,
  flightHash: 'second00001',
});
const answer: HubSearchResponse = {
  connections: [
    { hub: 'LAS', destination: 'BOS', first, second, layover_minutes: 1470, overnight: true, total_go_wild: 48, separate_tickets: true },
  ],
  search_parameters: {
    origin: 'DEN',
    origin_airports: ['DEN'],
    destination: 'BOS',
    date: '2026-04-02',
    min_layover_minutes: 120,
    overnight: true,
  },
  summary: { hubs_checked: 5, hubs_with_go_wild: 2, connections: 1, queries: 9, search_timestamp: '2026-04-01T00:00:00Z' },
  demo: true,
};
const view = (isPremium: boolean) =>
  renderWithProviders(<HubSearchView airports={airports} airportsLoading={false} isPremium={isPremium} today="2026-04-01" />);

describe('HubSearchView', () => {
  it('shows free users what it does and the upgrade, with no form', () => {
    mockApi();
    view(false);
    const teaser = screen.getByTestId('hub-teaser');
    expect(within(teaser).getByText(HUB_MESSAGES.premiumRequired)).toBeTruthy();
    expect(within(teaser).getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe('/plans');
    expect(screen.queryByRole('form', { name: 'Hub search' })).toBeNull();
  });

  it('searches and shows each trip as two tickets with the layover, overnight and the risk stated', async () => {
    const api = mockApi({ 'GET /api/flights/hub': () => answer });
    view(true);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: 'DEN' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: 'BOS' } });
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-04-02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search via a hub' }));
    const card = await screen.findByTestId('hub-connection');
    expect(within(card).getByText(/DEN → /).textContent).toContain('LAS');
    expect(within(card).getAllByTestId('hub-leg')).toHaveLength(2);
    expect(within(card).getByText('Ticket 1')).toBeTruthy();
    expect(within(card).getByTestId('hub-layover').textContent).toContain('24h 30m at LAS');
    expect(within(card).getByText('Overnight')).toBeTruthy();
    expect(within(card).getByTestId('hub-total').textContent).toContain('$48.00');
    expect(screen.getByTestId('hub-risk').textContent).toContain(HUB_MESSAGES.separateTickets);
    expect(screen.getByText('Demo data')).toBeTruthy();
    const url = new URL(api.callsTo('GET /api/flights/hub')[0]!.url, 'http://x');
    expect(within(card).getByRole('button', { name: 'Add to Calendar' })).toBeTruthy();
    const ics = connectionCalendar(answer.connections[0]!, new Map(airports.map((a) => [a.stationCode, a])));
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics.replace(/\r\n /g, '')).toContain('Separate tickets');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      origin: 'DEN',
      destination: 'BOS',
      date: '2026-04-02',
      min_layover: '120',
      overnight: 'true',
    });
  });

  it("says why routes were not checked when the user's airline share ran out midway (decision 117)", async () => {
    const message = airlineShareMessage(40, true);
    mockApi({
      'GET /api/flights/hub': () => ({
        ...answer,
        partial: true,
        failed: ['LAS-BOS-2026-04-02'],
        over_budget: { codes: ['LAS-BOS-2026-04-02'], retry_after_seconds: 40, message },
      }),
    });
    view(true);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: 'DEN' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search via a hub' }));
    expect((await screen.findByText(/Some routes could not be checked/)).textContent).toContain(message);
  });

  it('says so when nothing is found, and shows the server text on an error', async () => {
    mockApi({ 'GET /api/flights/hub': () => ({ ...answer, connections: [], summary: { ...answer.summary, connections: 0 } }) });
    const a = view(true);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: 'DEN' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search via a hub' }));
    expect((await screen.findByTestId('hub-empty')).textContent).toBe(HUB_MESSAGES.noConnections);
    a.unmount();
    resetTestState();
    mockApi({
      'GET /api/flights/hub': () =>
        reply(503, { error: 'The airline is not answering right now.', message: 'The airline is not answering right now.' }),
    });
    view(true);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: 'DEN' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search via a hub' }));
    expect((await screen.findByTestId('hub-error')).textContent).toContain('The airline is not answering right now.');
  });

  it("says when the second ticket's GoWild window opens, in words, only until it has opened", () => {
    const c = { ...answer.connections[0]!, second_opens_at: '2026-11-26T07:00:00.000Z', second_opens_time_zone: 'America/Denver' };
    const byCode = new Map(airports.map((a) => [a.stationCode, a]));
    const card = (now: string) =>
      renderWithProviders(
        <ul>
          <ConnectionCard connection={c} cityOf={(code) => code} airports={byCode} now={new Date(now)} />
        </ul>,
      );
    const before = card('2026-11-25T20:00:00Z');
    const legs = within(screen.getByTestId('hub-connection')).getAllByTestId('hub-leg');
    expect(within(legs[1]!).getByTestId('hub-second-opens').textContent).toBe('Second flight bookable from 12:00 AM MT, Thu Nov 26');
    expect(within(legs[0]!).queryByTestId('hub-second-opens')).toBeNull();
    before.unmount();
    card('2026-11-26T07:00:00Z');
    expect(screen.queryByTestId('hub-second-opens')).toBeNull();
  });
});
