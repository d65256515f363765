import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { type SearchPanels, SearchPanelsProvider } from '@/components/search-panels/search-panels';
import { buildFlight } from '@/test/build-flight';
import { DestinationCard } from './destination-card';

const flights = [
  buildFlight({ stops: 0, duration: 120, departure_time: '2026-04-02T06:00:00', goWild: 29, seats: 3 }),
  buildFlight({ stops: 1, duration: 330, departure_time: '2026-04-02T14:30:00', goWild: null, standard: 149, den: null }),
  buildFlight({ stops: 2, duration: 700, departure_time: '2026-04-02T21:00:00', goWild: null, standard: 230, den: null }),
];

const route = { origin: 'DEN', destination: 'LAS', date: '2026-04-02' };

function renderCard(props: Partial<Parameters<typeof DestinationCard>[0]> = {}, panels: SearchPanels = {}) {
  return render(
    <MemoryRouter>
      <SearchPanelsProvider panels={panels}>
        <ul>
          <DestinationCard
            code="LAS"
            name="Las Vegas (LAS)"
            flights={flights}
            expanded
            onToggle={() => {}}
            isPremium
            route={route}
            {...props}
          />
        </ul>
      </SearchPanelsProvider>
    </MemoryRouter>,
  );
}

const rows = () => screen.queryAllByTestId('flight-row');

describe('DestinationCard header', () => {
  it('may cut a long place name short, never the airport code', () => {
    renderCard({ code: 'PVR', name: 'Puerto Vallarta, Mexico (PVR)' });
    const header = screen.getByRole('button', { name: /^Puerto Vallarta, Mexico \(PVR\)/, expanded: true });
    // The code is outside anything that truncates, and does not shrink.
    const code = within(header).getByText('(PVR)');
    expect(code.closest('.truncate')).toBeNull();
    expect(code.className).toContain('shrink-0');
    expect(within(header).getByText('Puerto Vallarta, Mexico').className).toContain('truncate');
  });
});

describe('DestinationCard freshness', () => {
  it('says how long ago the destination was checked, and nothing when the answer does not say', () => {
    const { unmount } = renderCard({ checkedAt: new Date(Date.now() - 12 * 60_000 - 5000).toISOString() });
    expect(screen.getByTestId('checked-ago').textContent).toBe(' · checked 12 min ago');
    unmount();
    renderCard();
    expect(screen.queryByTestId('checked-ago')).toBeNull();
  });

  it('says a destination answered at once is being confirmed, what changed once it is, and never calls unconfirmed fares fresh', () => {
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000 - 5000).toISOString();
    const { unmount, rerender } = renderCard({ checkedAt: twoHoursAgo, confirming: true });
    expect(screen.getByTestId('checked-ago').textContent).toBe(' · checked 2 h ago · confirming…');
    expect(screen.queryByTestId('confirmed-change')).toBeNull();
    const card = (props: Partial<Parameters<typeof DestinationCard>[0]>) => (
      <MemoryRouter>
        <ul>
          <DestinationCard
            code="LAS"
            name="Las Vegas (LAS)"
            flights={flights}
            expanded
            onToggle={() => {}}
            isPremium
            route={route}
            {...props}
          />
        </ul>
      </MemoryRouter>
    );
    rerender(card({ checkedAt: new Date().toISOString(), change: 'now $168 (was $161)' }));
    expect(screen.getByTestId('checked-ago').textContent).toBe(' · checked just now');
    expect(screen.getByTestId('confirmed-change').textContent).toBe('now $168 (was $161)');
    rerender(card({ checkedAt: twoHoursAgo, unconfirmed: true }));
    expect(screen.getByTestId('checked-ago').textContent).toBe(' · checked 2 h ago · could not confirm');
    unmount();
  });
});

describe('DestinationCard filters', () => {
  it('filters to nonstop and to 1 stop max', async () => {
    const user = userEvent.setup();
    renderCard();
    expect(rows()).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Nonstop' }));
    expect(rows().map((r) => r.dataset.stops)).toEqual(['0']);
    await user.click(screen.getByRole('button', { name: '1 stop max' }));
    expect(
      rows()
        .map((r) => r.dataset.stops)
        .sort(),
    ).toEqual(['0', '1']);
    expect(screen.getByText('Showing 2 of 3 flights')).toBeTruthy();
  });

  it('has a price slider up to the highest fare rounded up to 50, in steps of 50', () => {
    renderCard();
    const price = screen.getByLabelText(/Max price/) as HTMLInputElement;
    expect([price.min, price.max, price.step]).toEqual(['0', '250', '50']);
    fireEvent.change(price, { target: { value: '150' } });
    expect(rows()).toHaveLength(2);
    fireEvent.change(price, { target: { value: '0' } });
    expect(screen.getByText('No flights match your filters')).toBeTruthy();
  });

  it('has a duration slider of 1–24 h by 0.5 and a departure window that keeps earliest ≤ latest', () => {
    renderCard();
    const duration = screen.getByLabelText(/Max duration/) as HTMLInputElement;
    expect([duration.min, duration.max, duration.step, duration.value]).toEqual(['1', '24', '0.5', '24']);
    fireEvent.change(duration, { target: { value: '5' } });
    expect(rows()).toHaveLength(1);
    fireEvent.change(duration, { target: { value: '24' } });
    const early = screen.getByLabelText('Earliest departure') as HTMLInputElement;
    const late = screen.getByLabelText('Latest departure') as HTMLInputElement;
    expect([early.min, early.max, early.step]).toEqual(['0', '1440', '30']);
    fireEvent.change(late, { target: { value: '600' } });
    fireEvent.change(early, { target: { value: '900' } });
    expect(early.value).toBe('900');
    expect(late.value).toBe('900');
    expect(screen.getByText('No flights match your filters')).toBeTruthy();
    fireEvent.change(late, { target: { value: '1440' } });
    // 15:00 onwards leaves only the 21:00 departure.
    expect(rows().map((r) => r.dataset.stops)).toEqual(['2']);
  });

  it('shows seat counts to premium users only, and tags Select Departure as Premium for others', () => {
    const onSelect = vi.fn();
    const { unmount } = renderCard({ onSelectDeparture: onSelect });
    expect(screen.getAllByText('3 seats left')).toHaveLength(3);
    fireEvent.click(screen.getAllByRole('button', { name: 'Select Departure' })[0]!);
    expect(onSelect).toHaveBeenCalledTimes(1);
    unmount();
    renderCard({ isPremium: false, onSelectDeparture: onSelect });
    expect(screen.queryByText(/seats left/)).toBeNull();
    const link = screen.getAllByRole('link', { name: /Select Departure/ })[0]!;
    expect(within(link).getByText('Premium')).toBeTruthy();
    expect(link.getAttribute('href')).toBe('/plans');
    expect(screen.getByText(/Interactive flight map/)).toBeTruthy();
  });

  it('scrolls lists of more than 8 flights', () => {
    const many = Array.from({ length: 9 }, () => buildFlight());
    renderCard({ flights: many });
    expect(screen.getByRole('list', { name: 'Flights to LAS' }).className).toContain('overflow-y-auto');
  });

  it('lists an inbound card as flights from its origin', () => {
    renderCard({ inbound: true });
    expect(screen.getByRole('heading', { name: 'Flights from LAS' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Flights from LAS' })).toBeTruthy();
  });

  it(
    'opens the alert for premium users; others get the reason instead of the modal (docs/product/alerts.md#alert-modal)',
    { timeout: 20_000 },
    async () => {
      const user = userEvent.setup();
      const onPriceAlert = vi.fn();
      const { unmount } = renderCard({ onPriceAlert });
      const button = screen.getByRole('button', { name: 'Price alert' });
      expect(button.getAttribute('aria-haspopup')).toBe('dialog');
      await user.click(button);
      expect(onPriceAlert).toHaveBeenCalledTimes(1);
      expect(screen.queryByTestId('price-alert-gate')).toBeNull();
      unmount();

      const free = renderCard({ onPriceAlert, isPremium: false });
      const locked = screen.getByRole('button', { name: /Price alert/ });
      expect(within(locked).getByRole('img', { name: 'Premium' })).toBeTruthy();
      await user.click(locked);
      expect(onPriceAlert).toHaveBeenCalledTimes(1);
      const gate = screen.getByTestId('price-alert-gate');
      expect(gate.textContent).toContain('Flight alerts are a premium feature. Please upgrade your account to access this feature.');
      expect(within(gate).getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/plans');
      free.unmount();

      renderCard({ onPriceAlert, isPremium: false, signedIn: false });
      await user.click(screen.getByRole('button', { name: /Price alert/ }));
      expect(screen.getByTestId('price-alert-gate').textContent).toContain('Please log in to create flight alerts');
      expect(within(screen.getByTestId('price-alert-gate')).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
      expect(onPriceAlert).toHaveBeenCalledTimes(1);
    },
  );
});

describe('DestinationCard flight map panel (docs/product/maps.md#flight-map-on-results)', () => {
  it('shows premium users the map the page provides, and others the teaser instead of it', () => {
    const map = { flightMap: () => <div data-testid="slot-map">map</div> };
    const { unmount } = renderCard({}, map);
    expect(screen.getByTestId('slot-map')).toBeTruthy();
    expect(screen.queryByText(/Interactive flight map/)).toBeNull();
    unmount();
    renderCard({ isPremium: false }, map);
    expect(screen.queryByTestId('slot-map')).toBeNull();
    expect(screen.getByText(/Interactive flight map — a Premium feature/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/plans');
  });
});
