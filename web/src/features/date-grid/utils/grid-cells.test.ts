import { describe, expect, it } from 'vitest';
import { GRID_ROWS_SHOWN, gridStart, orderedRows } from './grid-cells';

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
