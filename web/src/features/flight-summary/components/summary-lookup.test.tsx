import { configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAirport } from '@/test/build-airport';
import { buildFlight } from '@/test/build-flight';
import { buildUser, mockApi, renderWithProviders, reply, resetTestState, signedInAs } from '@/test/test-utils';
import { tripCalendar } from './calendar-button';
import { FlightSummaryView } from './flight-summary-view';

configure({ asyncUtilTimeout: 5000 });

const airports = [
  buildAirport('DEN', 'Denver', { name: 'Denver International', timezone: 'America/Denver', countryCode: 'US' }),
  buildAirport('MCO', 'Orlando', { name: 'Orlando International', timezone: 'America/New_York', countryCode: 'US' }),
];
const out = buildFlight({
  origin: 'DEN',
  destination: 'MCO',
  departure_time: '2026-04-02T08:00:00',
  arrival_time: '2026-04-02T14:00:00',
  goWild: 29.5,
  flightHash: 'outhash0001',
});
const back = buildFlight({
  origin: 'MCO',
  destination: 'DEN',
  departure_time: '2026-04-05T10:00:00',
  arrival_time: '2026-04-05T12:00:00',
  goWild: 19,
  flightHash: 'backhash001',
});
const link =
  '/flight-summary?departure=outhash0001&return=backhash001&origin=DEN&destination=MCO&date=2026-04-02' +
  '&departure_leg=DEN-MCO-2026-04-02&return_leg=MCO-DEN-2026-04-05';
const renderAt = (route: string) => renderWithProviders(<FlightSummaryView airports={airports} />, { route });

afterEach(() => resetTestState());

describe('a hash-style summary address opened in a browser that does not hold the flights', () => {
  it('asks the server for a signed-in user and shows the trip', async () => {
    const api = mockApi({
      ...signedInAs(buildUser({ is_premium: true })),
      'GET /api/trips/summary': () => ({ departure: out, return: back, origin: 'DEN', destination: 'MCO', date: '2026-04-02' }),
    });
    renderAt(link);
    expect((await screen.findByTestId('total-price')).textContent).toBe('$48.50');
    const url = new URL(api.callsTo('GET /api/trips/summary')[0]!.url, 'http://x');
    expect(url.searchParams.get('departure_leg')).toBe('DEN-MCO-2026-04-02');
    expect(url.searchParams.get('return_leg')).toBe('MCO-DEN-2026-04-05');
  });

  it("keeps the spec's not-found box when the server cannot find them", async () => {
    mockApi({
      ...signedInAs(buildUser({ is_premium: true })),
      'GET /api/trips/summary': () => reply(404, { error: 'gone', code: 'NOT_FOUND' }),
    });
    renderAt(link);
    expect(await screen.findByText('Flight Data Not Found')).toBeTruthy();
    expect(
      screen.getByText('Flight data not found. The flights may have expired or the URL is invalid. Please start a new search.'),
    ).toBeTruthy();
  });

  it('asks a visitor to log in, with sign-in coming back to this link, and never says the flights expired', async () => {
    const api = mockApi();
    renderAt(link);
    expect(await screen.findByRole('heading', { name: 'Log in to see this trip' })).toBeTruthy();
    expect(screen.queryByText(/may have expired/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(`/login?next=${encodeURIComponent(link)}`);
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe(`/register?next=${encodeURIComponent(link)}`);
    expect(api.callsTo('GET /api/trips/summary')).toHaveLength(0);
  });

  it('says the premium text for a free user, and the error box when the airline is away', async () => {
    mockApi({
      ...signedInAs(buildUser({ is_premium: false })),
      'GET /api/trips/summary': () =>
        reply(403, { error: 'Opening a saved trip on another device is a premium feature.', code: 'PREMIUM_REQUIRED' }),
    });
    const a = renderAt(link);
    expect(await screen.findByText('Opening a saved trip on another device is a premium feature.')).toBeTruthy();
    a.unmount();
    resetTestState();
    mockApi({
      ...signedInAs(buildUser({ is_premium: true })),
      'GET /api/trips/summary': () => reply(503, { error: 'The airline is not answering right now.', code: 'UPSTREAM_FAILED' }),
    });
    renderAt(link);
    expect(await screen.findByText('Error Loading Flight Summary')).toBeTruthy();
  });
});

describe('calendar export', () => {
  it('offers both flights at local times and the GoWild-opens reminder for the return', async () => {
    const ics = tripCalendar(
      { departure: out, return: back, origin: 'DEN', destination: 'MCO', date: '2026-04-02' },
      new Map(airports.map((a) => [a.stationCode, a])),
      new Date('2026-03-01T00:00:00Z'),
    );
    expect(ics).toContain('DTSTART;TZID=America/Denver:20260402T080000');
    expect(ics).toContain('DTEND;TZID=America/New_York:20260402T140000');
    expect(ics).toContain('DTSTART;TZID=America/New_York:20260404T000000');
    expect(ics).toContain('BEGIN:VALARM');
  });
});
