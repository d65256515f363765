import { NO_FAVOURITES } from '@gowild/contract/favourites';
import type { Flight } from '@gowild/contract/flights';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SearchPanelsProvider } from '@/components/search-panels/search-panels';
import { FavouritesContext, type FavouritesControl } from '@/lib/favourites/favourites-context';
import { buildFlight } from '@/test/build-flight';
import { type FlightSearchState, initialSearchState } from '../hooks/use-flight-search';
import { ResultsScreen, resultsGapLines } from './results-screen';

const nonstop = buildFlight({ destination: 'LAS', stops: 0, departure_time: '2026-04-02T06:00:00', arrival_time: '2026-04-02T07:30:00' });
const oneStop = buildFlight({
  destination: 'LAS',
  stops: 1,
  duration: 300,
  departure_time: '2026-04-02T12:00:00',
  arrival_time: '2026-04-02T17:00:00',
});
const toMco = buildFlight({
  destination: 'MCO',
  stops: 1,
  duration: 320,
  departure_time: '2026-04-02T09:00:00',
  arrival_time: '2026-04-02T15:00:00',
});

const search: FlightSearchState = {
  ...initialSearchState,
  status: 'done',
  request: { direction: 'outbound', origin: 'DEN', destination: '', date: '2026-04-02' },
  codes: ['LAS', 'MCO'],
  total: 2,
  checked: 2,
  results: [
    { code: 'LAS', flights: [nonstop, oneStop] },
    { code: 'MCO', flights: [toMco] },
  ],
  searchId: 1,
};

function show(wrap: (children: ReactNode) => ReactNode = (c) => c) {
  const renderFlightList = vi.fn(({ flights }: { flights: Flight[]; caption: string }) => (
    <p data-testid="flat-list">{flights.map((f) => f.flight_number).join('|')}</p>
  ));
  render(
    wrap(
      <MemoryRouter>
        <SearchPanelsProvider panels={{ flightList: renderFlightList }}>
          <ResultsScreen
            search={search}
            direction="outbound"
            originLabel="Denver"
            destinationLabel=""
            hasDestination={false}
            date="2026-04-02"
            today="2026-04-01"
            onDateChange={() => {}}
            onNewSearch={() => {}}
            onViewReturn={() => {}}
            onRetry={() => {}}
            onSelectDeparture={() => {}}
            isPremium
            airportName={(c) => c}
          />
        </SearchPanelsProvider>
      </MemoryRouter>,
    ),
  );
  return renderFlightList;
}

const card = (code: string) => screen.getAllByTestId('destination-card').find((c) => c.getAttribute('data-code') === code)!;
const openCard = (code: string) => userEvent.click(within(card(code)).getAllByRole('button')[0]!);
const listed = () => screen.getByTestId('flat-list').textContent!.split('|').filter(Boolean);

describe('the flat list honours the filters the cards honour (issue 31)', () => {
  it('lists only the flights each card lets through, and says how many', async () => {
    const renderFlightList = show();
    await openCard('LAS');
    await userEvent.click(within(card('LAS')).getByRole('button', { name: 'Nonstop' }));
    await userEvent.click(screen.getByRole('button', { name: 'List' }));
    // LAS: the nonstop flight alone; MCO's card has no filter set, so its flight stays.
    expect(listed().sort()).toEqual([nonstop.flight_number, toMco.flight_number].sort());
    expect(renderFlightList.mock.lastCall![0].caption).toContain('(2 of 3 flights match your filters)');
  });
});

describe('remembered filters (docs/product/favourites.md)', () => {
  const control = (filters: FavouritesControl['favourites']): FavouritesControl => ({
    favourites: filters,
    status: 'ready',
    toggleFavourite: vi.fn(),
    saveHomeAirports: vi.fn(),
    rememberFilters: vi.fn(),
  });

  it('every card and the list start from the account’s filters; a change is remembered, Reset forgets them', async () => {
    const account = control({ ...NO_FAVOURITES, filters: { stops: 'nonstop' } });
    show((c) => <FavouritesContext.Provider value={account}>{c}</FavouritesContext.Provider>);
    await userEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(listed()).toEqual([nonstop.flight_number]);
    await userEvent.click(screen.getByRole('button', { name: 'Cards' }));

    await openCard('LAS');
    const las = within(card('LAS'));
    expect(las.getByRole('button', { name: 'Nonstop' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(las.getByRole('button', { name: 'GoWild only' }));
    expect(account.rememberFilters).toHaveBeenLastCalledWith(expect.objectContaining({ stops: 'nonstop', fares: 'gowild' }));
    await userEvent.click(las.getByRole('button', { name: /reset/i }));
    expect(account.rememberFilters).toHaveBeenLastCalledWith(null);
  });
});

describe('the results header on a blackout date (docs/product/search.md#why-no-gowild)', () => {
  const blackout = { reason: 'blackout', date: '2026-11-30' } as const;

  it('says only Standard and Discount Den fares are on sale when no destination shown has GoWild', () => {
    expect(resultsGapLines([blackout, blackout, null])).toEqual([
      'GoWild is blacked out on Monday, November 30, 2026: only Standard and Discount Den fares are on sale.',
    ]);
  });

  it('names the Peak Day Charge instead when some destinations shown have a GoWild fare all the same', () => {
    expect(resultsGapLines([blackout, null], true)).toEqual([
      'GoWild is blacked out on Monday, November 30, 2026: the GoWild fares shown include a Peak Day Charge, and the other destinations have only Standard and Discount Den fares.',
    ]);
  });
});
