import { describe, expect, it } from 'vitest';
import type { GridResponse } from '@gowild/contract/observations';
import { buildFlight } from '@/test/build-flight';
import { GRID_ROWS_SHOWN, gridStart, orderedRows, withSearchAnswers } from './grid-cells';

const row = (destination: string, offered: (boolean | null)[]) => ({
  destination,
  cells: offered.map((o, i) => ({
    date: `2026-12-0${i + 1}`,
    go_wild_offered: o,
    lowest_go_wild: o ? 30 : null,
    lowest_fare: o === null ? null : 80,
    checked_at: o === null ? null : '2026-12-01T10:00:00Z',
  })),
  likelihood: { status: 'not_enough_history' as const, observed_days: 0 },
});

describe('grid rows', () => {
  it('puts the routes with most GoWild days first, then the most checked, then by code', () => {
    const rows = [
      row('SEA', [false, false]),
      row('ATL', [null, null]),
      row('MCO', [true, true]),
      row('LAS', [true, false]),
      row('BOS', [false, false]),
    ];
    expect(orderedRows(rows, false, null).map((r) => r.destination)).toEqual(['MCO', 'LAS', 'BOS', 'SEA', 'ATL']);
  });

  it(`shows ${GRID_ROWS_SHOWN} rows until asked for all, always with the searched destination`, () => {
    const rows = Array.from({ length: 20 }, (_, i) => row(`A${String(i).padStart(2, '0')}`, [i < 10, false]));
    expect(orderedRows(rows, false, null)).toHaveLength(GRID_ROWS_SHOWN);
    expect(orderedRows(rows, true, null)).toHaveLength(20);
    expect(orderedRows(rows, false, 'A19').at(-1)!.destination).toBe('A19');
    expect(orderedRows(rows, false, 'A00')).toHaveLength(GRID_ROWS_SHOWN);
  });
});

describe('grid pages', () => {
  it('starts at today, or at the later 14-day page holding the searched date', () => {
    expect(gridStart('2026-12-01', '2026-12-01')).toBe('2026-12-01');
    expect(gridStart('2026-12-14', '2026-12-01')).toBe('2026-12-01');
    expect(gridStart('2026-12-15', '2026-12-01')).toBe('2026-12-15');
    expect(gridStart('2027-01-20', '2026-12-01')).toBe('2027-01-12');
    expect(gridStart('2026-11-20', '2026-12-01')).toBe('2026-12-01');
  });
});

describe('the grid with the search on screen in it', () => {
  const grid = {
    origin: 'DEN',
    origin_airports: ['DEN'],
    dates: [
      { date: '2026-12-01', blackout: false },
      { date: '2026-12-02', blackout: false },
    ],
    destinations: [row('LAS', [null, null]), row('MCO', [false, false])],
  } as unknown as GridResponse;

  it('puts a newer answer of the searched date into its cell, leaves older ones and other dates as they are', () => {
    const answers = new Map([
      ['LAS', { flights: [buildFlight({ goWild: 19, standard: 99, den: null, seats: 4 })], checkedAt: '2026-12-01T12:00:00Z' }],
      ['MCO', { flights: [buildFlight({ goWild: 19 })], checkedAt: '2026-12-01T09:00:00Z' }],
    ]);
    const out = withSearchAnswers(grid, '2026-12-02', answers);
    expect(out.destinations[0]!.cells[1]).toMatchObject({
      go_wild_offered: true,
      lowest_go_wild: 19,
      lowest_fare: 19,
      lowest_fare_source: 'answer',
      checked_at: '2026-12-01T12:00:00Z',
    });
    expect(out.destinations[0]!.cells[0]).toBe(grid.destinations[0]!.cells[0]);
    // MCO's cell was checked at 10:00, after the answer on screen (09:00): the cell's stands.
    expect(out.destinations[1]).toBe(grid.destinations[1]);
    expect(withSearchAnswers(grid, '2026-12-09', answers)).toBe(grid);
  });
});
