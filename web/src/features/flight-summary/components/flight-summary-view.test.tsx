import { configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/components/ui/toast/toast-store';
import { buildAirport } from '@/test/build-airport';
import { buildFlight } from '@/test/build-flight';
import { buildUser, mockApi, renderWithProviders, reply, resetTestState, signedInAs } from '@/test/test-utils';
import { storeFlight } from '../utils/flight-store';
import { encodeTrip } from '../utils/share-data';
import { FlightSummaryView } from './flight-summary-view';

// A loaded CI machine can take longer than the 1 s default to stream and render.
configure({ asyncUtilTimeout: 5000 });

const ap = (stationCode: string, city: string, timezone: string) => buildAirport(stationCode, city, { name: city, timezone });
const airports = [ap('DEN', 'Denver', 'America/Denver'), ap('MCO', 'Orlando', 'America/New_York')];
// DEN 08:00 (UTC-6) → MCO 14:00 (UTC-4); back MCO 2026-04-05 10:00 → DEN 12:00 (UTC-6) = 3 d 4 h door to door.
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
  goWild: null,
  standard: 118,
  flightHash: 'backhash001',
});

afterEach(() => resetTestState());

function renderAt(route: string) {
  return renderWithProviders(<FlightSummaryView airports={airports} />, { route });
}

describe('FlightSummaryView', () => {
  it('shows the trip from the local store with the summary figures', async () => {
    mockApi();
    storeFlight(out, 'MCO');
    storeFlight(back, 'DEN');
    renderAt('/flight-summary?departure=outhash0001&return=backhash001&origin=DEN&destination=MCO&date=2026-04-02');
    expect((await screen.findByTestId('trip-duration')).textContent).toBe('3d 4h');
    expect(screen.getByTestId('stay-days').textContent).toBe('3d');
    expect(screen.getByTestId('total-price').textContent).toBe('$147.50');
    const breakdown = screen.getByRole('region', { name: 'Price Breakdown' });
    const outboundRow = within(breakdown).getByText('Outbound Flight').closest('div')!;
    expect(within(outboundRow).getByText('$29.50')).toBeTruthy();
    expect(within(outboundRow).getByText('(GoWild)')).toBeTruthy();
    expect(within(breakdown).getByText('$118.00')).toBeTruthy();
    // What the GoWild price is made of, under the breakdown (decision 176).
    expect(within(within(breakdown).getByTestId('gowild-price')).getByText('$29.49')).toBeTruthy();
    expect(screen.getByText('Round trip • Economy • 1 passenger')).toBeTruthy();
    // The link also names the flight itself, so it still finds it after the fare moves (decision 197).
    expect(screen.getByRole('link', { name: 'Back to return flights' }).getAttribute('href')).toBe(
      '/?origin=DEN&date=2026-04-02&screen=return_flights&flight=outhash0001&flight_ref=F9+1001%7E2026-04-02T08%3A00%3A00%7E29.50',
    );
  });

  it("splits a charged GoWild price into the fare, the taxes and fees and the charge, on the route's own kind", async () => {
    mockApi();
    const early = {
      ...out,
      fares: { ...out.fares, go_wild: { total: 74.41, available_seats: null, fare_type: 'early_booking' as const } },
    };
    storeFlight(early, 'MCO');
    storeFlight(back, 'DEN');
    renderAt('/flight-summary?departure=outhash0001&return=backhash001&origin=DEN&destination=MCO&date=2026-04-02');
    const price = await screen.findByTestId('gowild-price');
    // DEN and MCO are both in the US: domestic taxes from the figures, the charge what is left.
    expect([...price.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextSibling?.textContent])).toEqual([
      ['GoWild fare', '$0.01'],
      ['Taxes and fees', '$15.40'],
      ['Early Booking Charge', '$59.00'],
      ['Total', '$74.41'],
    ]);
  });

  it('starts the stay on the day a late flight lands, not on the day its rounded arrival falls', async () => {
    mockApi();
    const late = { ...out, departure_time: '2026-11-26T18:00:00', arrival_time: '2026-11-26T23:45:00', flightHash: 'latehash001' };
    const home = { ...back, departure_time: '2026-11-29T10:00:00', arrival_time: '2026-11-29T12:00:00', flightHash: 'homehash001' };
    storeFlight(late, 'MCO');
    storeFlight(home, 'DEN');
    const panels = vi.fn((_code: string, _stay: { arrival: string; start: string; end: string }) => null);
    renderWithProviders(<FlightSummaryView airports={airports} renderDestinationPanels={panels} />, {
      route: '/flight-summary?departure=latehash001&return=homehash001&origin=DEN&destination=MCO&date=2026-11-26',
    });
    await screen.findByTestId('flight-summary');
    expect(panels).toHaveBeenLastCalledWith('MCO', { arrival: '2026-11-26T23:45:00', start: '2026-11-26', end: '2026-11-29' });
  });

  it('shares a data link that opens the same trip without the store', async () => {
    mockApi();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    storeFlight(out, 'MCO');
    storeFlight(back, 'DEN');
    renderAt('/flight-summary?departure=outhash0001&return=backhash001&origin=DEN&destination=MCO&date=2026-04-02');
    fireEvent.click(await screen.findByRole('button', { name: 'Share Flight Summary' }));
    await vi.waitFor(() => expect(writeText).toHaveBeenCalled());
    await vi.waitFor(() =>
      expect(toastStore.getSnapshot().at(-1)).toMatchObject({
        type: 'success',
        title: 'URL Copied',
        message: 'Shareable flight summary URL copied to clipboard!',
      }),
    );
    const url = new URL(String((writeText.mock.calls[0] as unknown[])[0]));
    expect(url.pathname).toBe('/flight-summary');
    window.localStorage.clear();
    renderAt(`/flight-summary?${url.searchParams.toString()}`);
    expect((await screen.findAllByTestId('total-price')).at(-1)!.textContent).toBe('$147.50');
  });

  it('shows each error state', async () => {
    // Signed in: a visitor is asked to log in instead of the not-found box (summary-lookup.test.tsx).
    mockApi({ ...signedInAs(buildUser({ is_premium: true })), 'GET /api/trips/summary': () => reply(404, { error: 'gone' }) });
    const { unmount } = renderAt('/flight-summary');
    expect(await screen.findByText('Error Loading Flight Summary')).toBeTruthy();
    expect(screen.getByText('Invalid flight summary URL. Missing required parameters.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start New Search' }).getAttribute('href')).toBe('/');
    unmount();
    const b = renderAt('/flight-summary?departure=x&return=y&origin=DEN&destination=MCO&date=2026-04-02');
    expect(await screen.findByText('Flight Data Not Found')).toBeTruthy();
    expect(screen.getByTestId('summary-not-found').className).toContain('yellow');
    b.unmount();
    renderAt(
      `/flight-summary?data=${encodeTrip({ departure: out, return: back, origin: 'DEN', destination: 'MCO', date: '2026-04-02' }).slice(0, 30)}`,
    );
    expect(await screen.findByText('Invalid flight data. The flight information appears to be corrupted.')).toBeTruthy();
  });
});
