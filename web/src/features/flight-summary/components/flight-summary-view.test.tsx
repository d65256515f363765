import { configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/components/ui/toast/toast-store';
import { buildAirport } from '@/test/build-airport';
import { buildFlight } from '@/test/build-flight';
import { mockApi, renderWithProviders, resetTestState } from '@/test/test-utils';
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
    expect(within(breakdown).getByText('$29.50')).toBeTruthy();
    expect(within(breakdown).getByText('$118.00')).toBeTruthy();
    expect(screen.getByText('Round trip • Economy • 1 passenger')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to return flights' }).getAttribute('href')).toBe(
      '/?origin=DEN&date=2026-04-02&screen=return_flights&flight=outhash0001',
    );
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
    mockApi();
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
