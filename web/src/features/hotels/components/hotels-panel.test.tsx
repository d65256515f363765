import type { Hotel, HotelSearchResponse } from '@gowild/contract/extras';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders, reply, resetTestState } from '@/test/test-utils';
import { HotelsPanel } from './hotels-panel';

configure({ asyncUtilTimeout: 5000 });
afterEach(resetTestState);

function hotel(id: string, overrides: Partial<Hotel> = {}): Hotel {
  return {
    id,
    name: `Hotel ${id}`,
    url: `https://www.booking.com/hotel/${id}`,
    pictures: [],
    star_rating: 3,
    distance_from_center: 2.5,
    bed_count: 1,
    price: { final_price: 120, original_price: null, currency: 'USD' },
    score: 8.2,
    score_word: 'Very good',
    review_count: 100,
    amenities: ['Free WiFi'],
    ...overrides,
  };
}

function answer(properties: Hotel[], total = properties.length): HotelSearchResponse {
  return {
    success: true,
    properties,
    message: '',
    pagination: { page: 1, per_page: 12, total_properties: total, total_pages: Math.max(1, Math.ceil(total / 12)) },
    search: {
      airport_code: 'DEN',
      checkin_date: '2026-12-01',
      checkout_date: '2026-12-03',
      nights: 2,
      adults: 2,
      rooms: 1,
      sort_by: 'auto',
    },
    demo: true,
    provider: 'Booking.com',
  };
}

const ROUTE = 'GET /api/hotels/search/airport/DEN';

describe('HotelsPanel', () => {
  it('asks for the stay, 2 adults, 1 room, 12 a page sorted auto; shows the cards, the score colours, prices and the footer', async () => {
    const api = mockApi({
      [ROUTE]: () =>
        answer(
          [
            hotel('a', { score: 9.1, star_rating: 7, price: { final_price: 99.6, original_price: 130, currency: 'USD' } }),
            hotel('b', { score: 8.0, price: { final_price: 0, original_price: null, currency: 'USD' } }),
            hotel('c', { score: 7.4, price: { final_price: null, original_price: null, currency: 'USD' } }),
            hotel('d', { score: 6.2, star_rating: null }),
          ],
          87,
        ),
    });
    renderWithProviders(<HotelsPanel code="DEN" checkin="2026-12-01" checkout="2026-12-03" variant="summary" />);
    expect(screen.getByText('Loading hotel options...')).toBeTruthy();
    await screen.findByText('Hotel a');
    const url = new URL(api.callsTo(ROUTE)[0]!.url, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      checkin_date: '2026-12-01',
      checkout_date: '2026-12-03',
      adults: '2',
      rooms: '1',
      sort_by: 'auto',
      page: '1',
      per_page: '12',
    });
    expect(screen.getByRole('heading', { name: 'Hotels at Destination' })).toBeTruthy();
    expect(screen.getAllByTestId('hotel-score').map((s) => s.dataset.colour)).toEqual(['green', 'blue', 'yellow', 'orange']);
    expect(screen.getAllByTestId('hotel-price').map((p) => p.textContent)).toEqual([
      '$100',
      'Price unavailable',
      'Price unavailable',
      '$120',
    ]);
    // Stars capped at 5; none for the unrated.
    expect(screen.getByText('5-star hotel')).toBeTruthy();
    expect(screen.getAllByText(/-star hotel$/)).toHaveLength(3);
    expect(screen.getByText('$130')).toBeTruthy();
    expect(screen.getByTestId('hotels-footer').textContent).toBe('Showing 4 of 87 hotels • Prices per night, may exclude taxes');
    expect(screen.getByText('Demo data')).toBeTruthy();
  });

  it('a sort button asks again with its sort, showing Updating... over the list it had', async () => {
    let release: () => void = () => {};
    const api = mockApi({
      [ROUTE]: async (call) => {
        if (call.url.includes('sort_by=price')) await new Promise<void>((r) => (release = r));
        return answer([hotel(call.url.includes('sort_by=price') ? 'cheap' : 'first')]);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<HotelsPanel code="DEN" checkin="2026-12-01" checkout="2026-12-03" variant="search" />);
    await screen.findByText('Hotel first');
    await user.click(screen.getByRole('button', { name: 'Lowest Price' }));
    expect(await screen.findByText('Updating...')).toBeTruthy();
    expect(screen.getByText('Hotel first')).toBeTruthy();
    release();
    await screen.findByText('Hotel cheap');
    expect(screen.getByRole('button', { name: 'Lowest Price' }).getAttribute('aria-pressed')).toBe('true');
    expect(api.callsTo(ROUTE).map((c) => new URL(c.url, 'http://x').searchParams.get('sort_by'))).toEqual(['auto', 'price']);
  });

  it('adults and rooms go from 1 to 8', async () => {
    mockApi({ [ROUTE]: () => answer([hotel('a')]) });
    renderWithProviders(<HotelsPanel code="DEN" checkin="2026-12-01" checkout="2026-12-03" variant="summary" />);
    await screen.findByText('Hotel a');
    for (const name of ['Adults', 'Rooms']) {
      const options = within(screen.getByLabelText(name))
        .getAllByRole('option')
        .map((o) => o.textContent);
      expect(options).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    }
  });

  it('shows the empty texts of each place', async () => {
    mockApi({ [ROUTE]: () => answer([]) });
    const { unmount } = renderWithProviders(<HotelsPanel code="DEN" checkin="2026-12-01" checkout="2026-12-03" variant="summary" />);
    await screen.findByText('No hotels available for your travel dates');
    unmount();
    mockApi({ [ROUTE]: () => reply(404, { message: 'No hotels found near airport DEN', error: 'No hotels found near airport DEN' }) });
    renderWithProviders(<HotelsPanel code="DEN" checkin="2026-12-01" checkout="2026-12-03" variant="search" />);
    await screen.findByText('No hotels found for your travel dates');
  });

  it('shows a failure with Try again, which asks again', async () => {
    let fail = true;
    const api = mockApi({
      [ROUTE]: () => (fail ? reply(503, { message: 'Hotel search service is currently unavailable' }) : answer([hotel('back')])),
    });
    const user = userEvent.setup();
    renderWithProviders(<HotelsPanel code="DEN" checkin="2026-12-01" checkout="2026-12-03" variant="summary" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Hotel search service is currently unavailable');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('Hotel back');
    await waitFor(() => expect(api.callsTo(ROUTE)).toHaveLength(2));
  });
});
