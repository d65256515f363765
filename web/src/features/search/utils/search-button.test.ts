import { describe, expect, it } from 'vitest';
import { type SearchButtonInput, isSearchDisabled, searchButtonLabel } from './search-button';

const base: SearchButtonInput = {
  loading: false,
  direction: 'outbound',
  origin: 'DEN',
  destination: '',
  date: '2026-04-02',
  signedIn: true,
  searchesRemaining: 2,
  originLabel: 'Denver (DEN)',
  destinationLabel: '',
};

describe('search button', () => {
  it('labels each case of docs/product/search.md#search-button in order of precedence', () => {
    expect(searchButtonLabel(base)).toBe('Search from Denver (DEN)');
    expect(searchButtonLabel({ ...base, destination: 'LAS', destinationLabel: 'Las Vegas (LAS)' })).toBe(
      'Search Denver (DEN) → Las Vegas (LAS)',
    );
    expect(searchButtonLabel({ ...base, direction: 'inbound', origin: '', destination: 'LAS', destinationLabel: 'Las Vegas (LAS)' })).toBe(
      'Search Inbound Flights to Las Vegas (LAS)',
    );
    expect(searchButtonLabel({ ...base, searchesRemaining: 0 })).toBe('No Searches Remaining');
    expect(searchButtonLabel({ ...base, disabled: true })).toBe('Search Disabled');
    expect(searchButtonLabel({ ...base, disabled: true, disabledMessage: 'Maintenance' })).toBe('Maintenance');
    expect(searchButtonLabel({ ...base, loading: true, searchesRemaining: 0 })).toBe('Searching...');
  });

  it('is disabled by each rule of docs/product/search.md#search-button and enabled otherwise', () => {
    expect(isSearchDisabled(base)).toBe(false);
    expect(isSearchDisabled({ ...base, loading: true })).toBe(true);
    expect(isSearchDisabled({ ...base, disabled: true })).toBe(true);
    expect(isSearchDisabled({ ...base, origin: '' })).toBe(true);
    expect(isSearchDisabled({ ...base, origin: '', originHidden: true })).toBe(false);
    expect(isSearchDisabled({ ...base, date: '' })).toBe(true);
    expect(isSearchDisabled({ ...base, direction: 'inbound', destination: '' })).toBe(true);
    expect(isSearchDisabled({ ...base, searchesRemaining: 0 })).toBe(true);
    // Visitors are not disabled: pressing Search tells them to log in.
    expect(isSearchDisabled({ ...base, signedIn: false, searchesRemaining: 0 })).toBe(false);
    // Premium users have no count.
    expect(isSearchDisabled({ ...base, searchesRemaining: null })).toBe(false);
  });
});
