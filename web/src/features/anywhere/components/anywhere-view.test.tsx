import type { AnywhereStreamEvent } from '@gowild/contract/anywhere';
import type { Flight } from '@gowild/contract/flights';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildAirport } from '@/test/build-airport';
import { buildFlight } from '@/test/build-flight';
import { buildUser, currentLocation, mockAnyApi, renderWithProviders, resetTestState, signedInAs } from '@/test/test-utils';
import { AnywhereView } from './anywhere-view';

configure({ asyncUtilTimeout: 5000 });

const D1 = '2026-12-01';
const D2 = '2026-12-02';
const at = (date: string, code: string, goWild: number | null, standard = 99) =>
  buildFlight({ destination: code, departure_time: `${date}T08:00:00`, arrival_time: `${date}T10:00:00`, goWild, standard, den: null });

const events: AnywhereStreamEvent[] = [
  {
    type: 'start',
    total: 3,
    codes: ['LAS', 'MCO', 'ATL'],
    search_parameters: { origin: 'DEN', origin_airports: ['DEN'], from: D1, to: D2, dates: [D1, D2], max_workers: 20 },
  },
  // Las Vegas first from what was last seen, then again confirmed with another fare.
  {
    type: 'destination',
    code: 'LAS',
    flights: [at(D1, 'LAS', 49)],
    done: 0,
    total: 3,
    checked_at: '2026-11-30T10:00:00Z',
    confirming: true,
  },
  { type: 'destination', code: 'MCO', flights: [], done: 1, total: 3 },
  { type: 'destination', code: 'ATL', flights: [at(D1, 'ATL', null, 120), at(D2, 'ATL', null, 110)], done: 2, total: 3 },
  { type: 'destination', code: 'LAS', flights: [at(D1, 'LAS', 19), at(D2, 'LAS', null, 89)], done: 3, total: 3 },
  { type: 'summary', summary: { total_destinations: 2, total_flights: 4, search_timestamp: '2026-11-30T12:00:00Z' }, demo: true },
];

function show(route = '/anywhere') {
  const api = mockAnyApi({
    ...signedInAs(buildUser({ is_premium: true })),
    'GET /api/flights/anywhere': () =>
      new Response(events.map((e) => JSON.stringify(e)).join('\n') + '\n', { headers: { 'content-type': 'application/x-ndjson' } }),
  });
  const renderFlightList = vi.fn(({ caption }: { caption: string; flights: Flight[] }) => <p>{caption}</p>);
  const { router } = renderWithProviders(
    <AnywhereView
      airports={[buildAirport('DEN', 'Denver'), buildAirport('LAS', 'Las Vegas'), buildAirport('ATL', 'Atlanta')]}
      airportsLoading={false}
      airportsError={null}
      today="2026-11-30"
      renderFlightList={renderFlightList}
      renderExport={(request) => <span data-testid="export">{`${request.from} ${request.to}`}</span>}
    />,
    { route },
  );
  return { api, renderFlightList, router };
}

describe('anywhere over a range of days (docs/product/anywhere.md#the-answer)', () => {
  afterEach(resetTestState);

  it('asks for the range, shows each destination once with its confirmed fares by day, then every flight in the list', async () => {
    const { api, renderFlightList, router } = show();
    await userEvent.click(screen.getByRole('radio', { name: /Airport View/ }));
    await userEvent.click(document.querySelector<HTMLElement>('button[data-value="DEN"]')!);
    await userEvent.clear(screen.getByLabelText('First departure date'));
    await userEvent.type(screen.getByLabelText('First departure date'), D1);
    await userEvent.selectOptions(screen.getByLabelText('Days'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Search anywhere' }));

    await waitFor(() => expect(screen.getByTestId('export').textContent).toBe(`${D1} ${D2}`));
    const url = new URL(api.callsTo('GET /api/flights/anywhere')[0]!.url, 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ origin: 'DEN', from: D1, to: D2 });
    // The search is in the address: a reload or a shared link shows it again.
    expect(currentLocation(router)).toBe(`/anywhere?origin=DEN&from=${D1}&to=${D2}`);
    expect(api.callsTo('GET /api/flights/anywhere')).toHaveLength(1);
    // GoWild destinations first; a destination with no flight is not listed; Las Vegas once, as confirmed.
    const rows = screen.getAllByTestId('anywhere-destination');
    expect(rows.map((r) => r.getAttribute('data-code'))).toEqual(['LAS', 'ATL']);
    expect(rows[0]!.textContent).toContain('GoWild from $19 on 1 of 2 days');
    expect(rows[0]!.textContent).not.toContain('confirming');
    expect(
      within(rows[0]!)
        .getAllByRole('listitem')
        .map((d) => d.getAttribute('aria-label')),
    ).toEqual(['Tue, Dec 1: GoWild $19', 'Wed, Dec 2: $89']);
    expect(rows[1]!.textContent).toContain('No GoWild fare on these days');
    expect(screen.getByText('Demo data')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'All flights' }));
    expect(screen.getByText('Every flight from Denver (DEN), Tue, Dec 1 – Wed, Dec 2')).toBeTruthy();
    const { flights } = renderFlightList.mock.lastCall![0];
    expect(flights.map((f) => f.destination).sort()).toEqual(['ATL', 'ATL', 'LAS', 'LAS']);
    // Typing and picking take a few seconds of a loaded machine's time: more than the default 5 s is allowed.
  }, 20_000);

  it('runs the search a link names at once, with the form filled in from it', async () => {
    const { api } = show(`/anywhere?origin=DEN&from=${D1}&to=${D2}`);
    await waitFor(() => expect(screen.getAllByTestId('anywhere-destination')).toHaveLength(2));
    expect(api.callsTo('GET /api/flights/anywhere')).toHaveLength(1);
    expect((screen.getByLabelText('First departure date') as HTMLInputElement).value).toBe(D1);
    expect((screen.getByLabelText('Days') as HTMLSelectElement).value).toBe('2');
    expect(document.querySelector('button[data-value="DEN"]')!.getAttribute('aria-pressed')).toBe('true');
  }, 20_000);
});
