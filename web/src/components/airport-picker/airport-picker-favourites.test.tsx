import { FAVOURITES_MESSAGES, NO_FAVOURITES } from '@gowild/contract/favourites';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FavouritesContext, type FavouritesControl } from '@/lib/favourites/favourites-context';
import { buildAirport } from '@/test/build-airport';
import { buildAirportOptions, leadWithFavourites } from './airport-options';
import { AirportPicker } from './airport-picker';

const airports = [
  buildAirport('ATL', 'Atlanta'),
  buildAirport('DEN', 'Denver'),
  buildAirport('JFK', 'New York'),
  buildAirport('LGA', 'New York'),
  buildAirport('LAS', 'Las Vegas'),
  buildAirport('MCO', 'Orlando'),
  buildAirport('PHX', 'Phoenix'),
];

describe('leadWithFavourites (docs/product/favourites.md)', () => {
  it('home airports first as saved, then favourites as starred, then the rest in their order', () => {
    const city = buildAirportOptions(airports, 'city');
    const kept = { home_airports: ['PHX', 'LGA'], favourite_airports: ['MCO', 'DEN'] };
    // LGA is in New York City: the city card leads as a home.
    expect(leadWithFavourites(city, kept).map((o) => o.value)).toEqual(['PHX', 'CITY:NYC', 'MCO', 'DEN', 'ATL', 'LAS']);
    const byAirport = buildAirportOptions(airports, 'airport');
    expect(leadWithFavourites(byAirport, kept).map((o) => o.value)).toEqual(['PHX', 'LGA', 'MCO', 'DEN', 'ATL', 'JFK', 'LAS']);
    expect(leadWithFavourites(byAirport, NO_FAVOURITES).map((o) => o.value)).toEqual(byAirport.map((o) => o.value));
  });
});

describe('an origin picker with favourites', () => {
  const control = (home: string[], starred: string[]): FavouritesControl => ({
    favourites: { ...NO_FAVOURITES, home_airports: home, favourite_airports: starred },
    status: 'ready',
    toggleFavourite: vi.fn(),
    saveHomeAirports: vi.fn(),
    rememberFilters: vi.fn(),
  });
  const show = (value: FavouritesControl | null, favourites = true) =>
    render(
      <FavouritesContext.Provider value={value}>
        <AirportPicker
          label="Departure Airport"
          options={buildAirportOptions(airports, 'airport')}
          value=""
          onChange={() => {}}
          columns={3}
          favourites={favourites}
        />
      </FavouritesContext.Provider>,
    );
  const cards = () => within(screen.getByRole('list', { name: 'Departure Airport choices' })).getAllByRole('listitem');

  it('starts the collapsed row with the home airport and the favourites, and stars or unstars a card', async () => {
    const account = control(['PHX'], ['MCO']);
    show(account);
    expect(cards().map((li) => li.querySelector('[data-value]')!.getAttribute('data-value'))).toEqual(['PHX', 'MCO', 'ATL']);
    expect(within(cards()[0]!).getByText(FAVOURITES_MESSAGES.homeBadge)).toBeTruthy();
    const unstar = screen.getByRole('button', { name: FAVOURITES_MESSAGES.unstar('MCO') });
    expect(unstar.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(unstar);
    expect(account.toggleFavourite).toHaveBeenLastCalledWith('MCO');
    await userEvent.click(screen.getByRole('button', { name: FAVOURITES_MESSAGES.star('ATL') }));
    expect(account.toggleFavourite).toHaveBeenLastCalledWith('ATL');
  });

  it('is today’s picker for a visitor and for a picker that is no origin', () => {
    const { unmount } = show(null);
    expect(cards().map((li) => li.querySelector('[data-value]')!.getAttribute('data-value'))).toEqual(['ATL', 'DEN', 'JFK']);
    expect(screen.queryByRole('button', { name: /favourites/ })).toBeNull();
    unmount();
    show(control(['PHX'], []), false);
    expect(cards()[0]!.querySelector('[data-value]')!.getAttribute('data-value')).toBe('ATL');
    expect(screen.queryByRole('button', { name: /favourites/ })).toBeNull();
  });
});
