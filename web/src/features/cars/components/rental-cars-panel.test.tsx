import { type AvailabilityResponse, CAR_LIMITS, type RentalLocation } from '@gowild/contract/extras';
import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, reply, resetTestState } from '@/test/test-utils';
import { RentalCarsPanel } from './rental-cars-panel';

configure({ asyncUtilTimeout: 5000 });
afterEach(resetTestState);

const LOCATIONS: RentalLocation[] = ['DEN', 'DENC11', 'DENC52', 'DENC77'].map((id, i) => ({
  id,
  name: `Hertz ${id}`,
  street_address: `${i + 1} Main St, Denver`,
  distance_miles: i * 3,
}));

function vehicles(location: string, n: number): AvailabilityResponse {
  return {
    days: 2,
    demo: true,
    supplier: 'Hertz',
    vehicles: Array.from({ length: n }, (_, i) => ({
      model: `${location} car ${i + 1}`,
      class: 'Economy',
      display_price: `$${100 + i}.00`,
      lowest_price: 100 + i,
      currency: 'USD',
      booking_url: `https://www.hertz.com/book?loc=${location}`,
      rate_info: { payment_options: [{ payment_type: 'Pay Now', total_cost: 100 + i }] },
    })),
  };
}

const LOC = 'GET /api/hertz/locations';
const AVAIL = 'GET /api/hertz/availability';
const param = (url: string, name: string) => new URL(url, 'http://x').searchParams.get(name);

describe('RentalCarsPanel', () => {
  it('asks the first 3 locations near the airport with the stay and age 25, and shows up to 8 vehicles each', async () => {
    const api = mockApi({
      [LOC]: () => ({ locations: LOCATIONS, demo: true, supplier: 'Hertz' }),
      [AVAIL]: (call) => vehicles(param(call.url, 'pickup_location')!, 10),
    });
    renderWithProviders(<RentalCarsPanel code="DEN" pickupDate="2026-12-01" pickupTime="15:00" returnDate="2026-12-03" />);
    expect(screen.getByText('Loading rental car options...')).toBeTruthy();
    await screen.findByText('DENC52 car 1');
    expect(param(api.callsTo(LOC)[0]!.url, 'text')).toBe('DEN');
    const asked = api.callsTo(AVAIL).map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));
    expect(asked.map((a) => a.pickup_location)).toEqual(['DEN', 'DENC11', 'DENC52']);
    expect(asked[0]).toEqual({
      pickup_location: 'DEN',
      pickup_date: '2026-12-01',
      pickup_time: '15:00',
      return_date: '2026-12-03',
      return_time: '12:00',
      driver_age: '25',
    });
    expect(screen.getAllByTestId('rental-location')).toHaveLength(3);
    expect(screen.getAllByTestId('vehicle')).toHaveLength(24);
    expect(screen.getAllByRole('link', { name: /^Book/ })[0]!.getAttribute('href')).toBe('https://www.hertz.com/book?loc=DEN');
    expect(screen.getByText('Demo data')).toBeTruthy();
  });

  it('asks again once the age stops changing, and not for an age outside 18–99', async () => {
    const api = mockApi({
      [LOC]: () => ({ locations: LOCATIONS.slice(0, 1), demo: true, supplier: 'Hertz' }),
      [AVAIL]: (call) => vehicles(`age ${param(call.url, 'driver_age')}`, 1),
    });
    const user = userEvent.setup();
    renderWithProviders(<RentalCarsPanel code="DEN" pickupDate="2026-12-01" returnDate="2026-12-03" />);
    await screen.findByText('age 25 car 1');
    const age = screen.getByLabelText('Driver age');
    await user.clear(age);
    await user.type(age, '31');
    await screen.findByText('age 31 car 1');
    expect(api.callsTo(AVAIL).map((c) => param(c.url, 'driver_age'))).toEqual(['25', '31']);
    // On fake timers from here: well past both debounces at once, instead of waiting for them.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.change(age, { target: { value: '17' } });
      expect(screen.getByText('Driver age must be between 18 and 99')).toBeTruthy();
      await act(async () => vi.advanceTimersByTime(CAR_LIMITS.ageDebounceMs + CAR_LIMITS.fieldDebounceMs + 100));
    } finally {
      vi.useRealTimers();
    }
    expect(api.callsTo(AVAIL).map((c) => param(c.url, 'driver_age'))).toEqual(['25', '31']);
    expect(screen.getByText('age 31 car 1')).toBeTruthy();
  });

  it('says when there are no locations, no vehicles, or a failure', async () => {
    mockApi({ [LOC]: () => ({ locations: [], demo: true, supplier: 'Hertz' }) });
    const first = renderWithProviders(<RentalCarsPanel code="DEN" pickupDate="2026-12-01" returnDate="2026-12-03" />);
    await screen.findByText('No rental car locations found near this airport');
    first.unmount();
    mockApi({ [LOC]: () => ({ locations: LOCATIONS.slice(0, 2), demo: true, supplier: 'Hertz' }), [AVAIL]: () => vehicles('x', 0) });
    const second = renderWithProviders(<RentalCarsPanel code="DEN" pickupDate="2026-12-01" returnDate="2026-12-03" />);
    await screen.findByText('No rental cars available for your dates');
    second.unmount();
    mockApi({ [LOC]: () => reply(503, { message: 'Car rental service is currently unavailable' }) });
    renderWithProviders(<RentalCarsPanel code="DEN" pickupDate="2026-12-01" returnDate="2026-12-03" />);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Unable to load rental car options. Please try again later.'),
    );
  });
});
