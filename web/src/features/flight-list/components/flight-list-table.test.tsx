import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildFlight } from '@/test/build-flight';
import { FlightListTable } from './flight-list-table';

const flights = [
  buildFlight({ destination: 'MCO', departure_time: '2026-04-03T07:00:00', arrival_time: '2026-04-03T12:40:00', goWild: 19, seats: 3 }),
  buildFlight({
    destination: 'LAS',
    departure_time: '2026-04-02T18:00:00',
    arrival_time: '2026-04-02T19:05:00',
    goWild: null,
    standard: 129,
    den: null,
  }),
  buildFlight({ destination: 'ATL', departure_time: '2026-04-02T09:15:00', arrival_time: '2026-04-02T14:30:00', goWild: 54, seats: 9 }),
];

const destinations = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('rowheader')[0]!.textContent!.slice(0, 3));

describe('the flat list of every flight (docs/product/anywhere.md#the-flat-list)', () => {
  it('is a table with a caption, one row per flight in timetable order, seats for premium only', () => {
    const { rerender } = render(<FlightListTable flights={flights} isPremium caption="Every flight from Denver" />);
    const table = screen.getByRole('table', { name: /Every flight from Denver/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual(['Destination', 'Date', 'Departs', 'Arrives', 'Stops', 'Duration', 'Fare type', 'Price', 'Seats']);
    expect(destinations()).toEqual(['ATL', 'LAS', 'MCO']);
    const mco = within(table).getAllByRole('row')[3]!;
    // Whole dollars on the results, never below what the fare costs.
    expect(within(mco).getByText('GoWild')).toBeTruthy();
    expect(mco.querySelector('[data-column="price"]')!.textContent).toBe('$19');
    expect(mco.querySelector('[data-column="seats"]')!.textContent).toBe('3');
    expect(mco.querySelector('[data-column="date"]')!.textContent).toBe('Fri, Apr 3');
    rerender(<FlightListTable flights={flights} isPremium={false} caption="Every flight from Denver" />);
    expect(screen.queryByRole('columnheader', { name: /Seats/ })).toBeNull();
  }, 20_000);

  it('sorts by any column from its header button, the other way on a second press, and says so', async () => {
    render(<FlightListTable flights={flights} isPremium caption="Every flight" />);
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });
    expect(header('Departs').getAttribute('aria-sort')).toBe('ascending');
    await userEvent.click(within(header('Price')).getByRole('button'));
    expect(destinations()).toEqual(['MCO', 'ATL', 'LAS']);
    expect(header('Price').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Departs').getAttribute('aria-sort')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Sorted by Price, ascending');
    await userEvent.click(within(header('Price')).getByRole('button'));
    expect(destinations()).toEqual(['LAS', 'ATL', 'MCO']);
    expect(header('Price').getAttribute('aria-sort')).toBe('descending');
    // The keyboard: Tab reaches the header buttons, Enter sorts.
    within(header('Destination')).getByRole('button').focus();
    await userEvent.keyboard('{Enter}');
    expect(destinations()).toEqual(['ATL', 'LAS', 'MCO']);
    // Seats: most first; a flight whose seats the airline did not give goes last.
    await userEvent.click(within(header('Seats')).getByRole('button'));
    expect(destinations()).toEqual(['ATL', 'MCO', 'LAS']);
    // Fare type: GoWild before Standard.
    await userEvent.click(within(header('Fare type')).getByRole('button'));
    expect(destinations().at(-1)).toBe('LAS');
    // Several clicks and renders of a table: a loaded machine may take more than the default 5 s.
  }, 20_000);
});
