import type { GridResponse } from '@gowild/contract/observations';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, reply, resetTestState } from '@/test/test-utils';
import { DateGrid } from './date-grid';

const now = new Date('2026-12-01T12:00:00Z');
const twoHoursAgo = '2026-12-01T10:00:00Z';
const dates = ['2026-12-01', '2026-12-02', '2026-12-03'];

const cell = (date: string, over: Partial<GridResponse['destinations'][number]['cells'][number]> = {}) => ({
  date,
  go_wild_offered: true,
  lowest_go_wild: 49,
  lowest_fare: 39,
  seats: 4,
  checked_at: twoHoursAgo,
  ...over,
});

const grid: GridResponse = {
  origin: 'DEN',
  origin_airports: ['DEN'],
  dates: dates.map((date) => ({ date, blackout: date === '2026-12-03' })),
  destinations: [
    {
      destination: 'MCO',
      cells: [
        cell('2026-12-01'),
        cell('2026-12-02', { lowest_go_wild: 99 }),
        cell('2026-12-03', { go_wild_offered: false, lowest_go_wild: null }),
      ],
      likelihood: { status: 'known', offered_days: 8, observed_days: 10 },
    },
    {
      destination: 'LAS',
      cells: [
        cell('2026-12-01', { go_wild_offered: null, lowest_go_wild: null, lowest_fare: null, seats: null, checked_at: null }),
        cell('2026-12-02', { go_wild_offered: false, lowest_go_wild: null, lowest_fare: 129 }),
        cell('2026-12-03', { go_wild_offered: false, lowest_go_wild: null, lowest_fare: 119 }),
      ],
      likelihood: { status: 'not_enough_history', observed_days: 2 },
    },
  ],
  demo: true,
};

const names: Record<string, string> = { MCO: 'Orlando (MCO)', LAS: 'Las Vegas (LAS)', PHX: 'Phoenix (PHX)' };

function renderGrid(onOpen = vi.fn(), answer: () => GridResponse | Response = () => grid) {
  const api = mockApi({ 'GET /api/flights/grid': answer, 'GET /api/airports': () => ({ airports: [] }) });
  renderWithProviders(
    <DateGrid
      origin="DEN"
      today="2026-12-01"
      days={3}
      selected={{ destination: null, date: '2026-12-02' }}
      onOpen={onOpen}
      airportName={(c) => names[c] ?? c}
      now={now}
    />,
  );
  return { api, onOpen };
}

afterEach(() => resetTestState());

describe('DateGrid', () => {
  it('asks the server for the origin and the page of days holding the searched date', async () => {
    const { api } = renderGrid();
    await screen.findByRole('grid');
    const url = new URL(api.callsTo('GET /api/flights/grid')[0]!.url, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ origin: 'DEN', from: '2026-12-01', days: '3' });
  });

  it('is busy while it loads (its height changes once the grid is in)', async () => {
    renderGrid();
    const section = screen.getByTestId('date-grid');
    expect(section.getAttribute('aria-busy')).toBe('true');
    await screen.findByRole('grid');
    expect(section.getAttribute('aria-busy')).toBe('false');
  });

  it('says per cell what was found and how fresh it is; marks blackout days; shows each route’s likelihood', async () => {
    renderGrid();
    const first = await screen.findByRole('gridcell', { name: /Orlando \(MCO\), Tue, Dec 1/ });
    expect(first.getAttribute('aria-label')).toBe(
      'Orlando (MCO), Tue, Dec 1: GoWild $49, lowest fare $39, 4 GoWild seats left, checked 2 h ago',
    );
    expect(first.title).toBe(first.getAttribute('aria-label'));
    expect(first.textContent).toBe('$49');
    expect(screen.getByRole('gridcell', { name: /Las Vegas \(LAS\), Tue, Dec 1: not checked yet/ }).textContent).toBe('?');
    expect(screen.getByRole('gridcell', { name: /Las Vegas \(LAS\), Wed, Dec 2: no GoWild, lowest fare \$129/ }).textContent).toBe('$129');
    expect(screen.getByRole('gridcell', { name: /Orlando \(MCO\), Thu, Dec 3, GoWild blackout date: lowest fare \$39/ })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Thu, Dec 3, GoWild blackout date' }).textContent).toContain('Blackout');
    const likelihoods = screen.getAllByTestId('grid-likelihood').map((e) => e.textContent);
    expect(likelihoods).toEqual(['GoWild on 8 of the last 10 days', 'Not enough history yet']);
    expect(screen.getByText('Demo data')).toBeTruthy();
  });

  it('shades GoWild cells by price, cheapest darkest', async () => {
    renderGrid();
    await screen.findByRole('grid');
    const kind = (name: RegExp) => screen.getByRole('gridcell', { name }).dataset.kind;
    expect(kind(/MCO\), Tue, Dec 1/)).toBe('gowild-1');
    expect(kind(/MCO\), Wed, Dec 2/)).toBe('gowild-3');
    expect(kind(/LAS\), Wed, Dec 2/)).toBe('fare');
    expect(kind(/LAS\), Tue, Dec 1/)).toBe('unknown');
  });

  it('moves between cells with the arrow keys, Home and End, with one cell in the tab order, and opens with Enter', async () => {
    const user = userEvent.setup();
    const { onOpen } = renderGrid();
    await screen.findByRole('grid');
    // The searched date's column holds the cell in the tab order.
    expect(screen.getAllByRole('gridcell').filter((c) => c.tabIndex === 0)).toHaveLength(1);
    await user.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Orlando \(MCO\), Wed, Dec 2/);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Orlando \(MCO\), Thu, Dec 3/);
    await user.keyboard('{ArrowRight}{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Las Vegas \(LAS\), Thu, Dec 3/);
    await user.keyboard('{Home}');
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Las Vegas \(LAS\), Tue, Dec 1/);
    expect(screen.getAllByRole('gridcell').filter((c) => c.tabIndex === 0)).toEqual([document.activeElement]);
    await user.keyboard('{ArrowUp}{End}{Enter}');
    expect(onOpen).toHaveBeenCalledWith('MCO', '2026-12-03');
    await user.keyboard('{ArrowLeft} ');
    expect(onOpen).toHaveBeenLastCalledWith('MCO', '2026-12-02');
  });

  it('opens a cell on click', async () => {
    const user = userEvent.setup();
    const { onOpen } = renderGrid();
    await user.click(await screen.findByRole('gridcell', { name: /Las Vegas \(LAS\), Wed, Dec 2/ }));
    expect(onOpen).toHaveBeenCalledWith('LAS', '2026-12-02');
  });

  it('keeps the destination column in place while the days scroll sideways inside the grid', async () => {
    renderGrid();
    const table = await screen.findByRole('grid');
    expect(screen.getByTestId('date-grid-scroll').className).toContain('overflow-x-auto');
    for (const header of within(table).getAllByRole('rowheader')) expect(header.className).toContain('sticky');
  });

  it("shows a fare only the airline's week view gave, and says so: where it comes from, when it was seen, GoWild unknown", async () => {
    const tenMinutesAgo = '2026-12-01T11:50:00Z';
    const withRibbon: GridResponse = {
      ...grid,
      destinations: [
        {
          destination: 'PHX',
          cells: [
            cell('2026-12-01', {
              go_wild_offered: null,
              lowest_go_wild: null,
              lowest_fare: 89,
              lowest_fare_source: 'ribbon',
              lowest_fare_seen_at: twoHoursAgo,
              seats: null,
              checked_at: null,
            }),
            // Checked 2 h ago; the week view showed a lower fare since: its figure, labelled, GoWild as checked.
            cell('2026-12-02', { lowest_fare: 59, lowest_fare_source: 'ribbon', lowest_fare_seen_at: tenMinutesAgo }),
            cell('2026-12-03', {
              go_wild_offered: null,
              lowest_go_wild: null,
              lowest_fare: 99,
              lowest_fare_source: 'ribbon',
              lowest_fare_seen_at: twoHoursAgo,
              seats: null,
              checked_at: null,
            }),
          ],
          likelihood: { status: 'not_enough_history', observed_days: 0 },
        },
      ],
    };
    renderGrid(vi.fn(), () => withRibbon);
    const only = await screen.findByRole('gridcell', { name: /Phoenix \(PHX\), Tue, Dec 1/ });
    expect(only.getAttribute('aria-label')).toBe(
      "Phoenix (PHX), Tue, Dec 1: GoWild not checked, lowest fare $89 from the airline's week view, seen 2 h ago",
    );
    expect(only.title).toBe(only.getAttribute('aria-label'));
    expect(only.textContent).toBe('$89');
    expect(only.dataset.kind).toBe('ribbon');
    expect(screen.getByRole('gridcell', { name: /Phoenix \(PHX\), Wed, Dec 2/ }).getAttribute('aria-label')).toBe(
      "Phoenix (PHX), Wed, Dec 2: GoWild $49, lowest fare $59 from the airline's week view, seen 10 min ago, 4 GoWild seats left, checked 2 h ago",
    );
    // A blackout day has no GoWild to check: the label says only the fare and where it comes from.
    expect(screen.getByRole('gridcell', { name: /Phoenix \(PHX\), Thu, Dec 3/ }).getAttribute('aria-label')).toBe(
      "Phoenix (PHX), Thu, Dec 3, GoWild blackout date: lowest fare $99 from the airline's week view, seen 2 h ago",
    );
    expect(screen.getByTestId('grid-ribbon-note').textContent).toContain("the airline's week view");
  });

  it('adds no week-view note to a grid without such figures', async () => {
    renderGrid();
    await screen.findByRole('grid');
    expect(screen.queryByTestId('grid-ribbon-note')).toBeNull();
  });

  it('says so when the grid cannot be had', async () => {
    renderGrid(vi.fn(), () => reply(403, { error: 'Forbidden', message: 'The date grid is a premium feature.', code: 'PREMIUM_REQUIRED' }));
    expect(await screen.findByText('The date grid is a premium feature.')).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
  });
});
