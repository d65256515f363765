import { NO_FAVOURITES } from '@gowild/contract/favourites';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FavouritesContext, type FavouritesControl } from '@/lib/favourites/favourites-context';
import { buildAirport } from '@/test/build-airport';
import { AirportSelect } from './form-fields';

const airports = [
  buildAirport('ATL', 'Atlanta'),
  buildAirport('DEN', 'Denver'),
  buildAirport('MCO', 'Orlando'),
  buildAirport('PHX', 'Phoenix'),
];
const account: FavouritesControl = {
  // A city among the favourites has no place in a one-airport select.
  favourites: { ...NO_FAVOURITES, home_airports: ['PHX'], favourite_airports: ['CITY:NYC', 'MCO'] },
  status: 'ready',
  toggleFavourite: vi.fn(),
  saveHomeAirports: vi.fn(),
  rememberFilters: vi.fn(),
};
const show = (value: FavouritesControl | null, favourites = true) =>
  render(
    <FavouritesContext.Provider value={value}>
      <AirportSelect label="From" value="" onChange={() => {}} airports={airports} loading={false} favourites={favourites} />
    </FavouritesContext.Provider>,
  );
const codes = (el: HTMLElement) =>
  within(el)
    .getAllByRole('option')
    .map((o) => (o as HTMLOptionElement).value);

/** docs/product/favourites.md: the route builder's and the hub search's From starts with the traveller's airports. */
describe('the connection searches’ airport select', () => {
  it('leads with the home airport and the favourite airports, then every airport', () => {
    show(account);
    expect(codes(screen.getByRole('group', { name: 'Your airports' }))).toEqual(['PHX', 'MCO']);
    expect(codes(screen.getByRole('group', { name: 'All airports' }))).toEqual(['ATL', 'DEN', 'MCO', 'PHX']);
  });

  it('is the plain list for a visitor, or where favourites are not asked for', () => {
    show(null);
    expect(screen.queryByRole('group')).toBeNull();
    expect(codes(screen.getByLabelText('From'))).toEqual(['', 'ATL', 'DEN', 'MCO', 'PHX']);
  });

  it('is the plain list on a To select even for a traveller with favourites', () => {
    show(account, false);
    expect(screen.queryByRole('group')).toBeNull();
  });
});
