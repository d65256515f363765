import { describe, expect, it } from 'vitest';
import { type SearchDelivery, searchCounts } from './quota';

const d = (end: SearchDelivery['end'], checked: number, failed: number, resultsFound: number): SearchDelivery => ({
  end,
  checked,
  failed,
  resultsFound,
});

describe('when a search counts (decisions 055, 056)', () => {
  it('counts a search that ran to its end, found flights or not', () => {
    expect(searchCounts(d('complete', 70, 0, 41))).toBe(true);
    expect(searchCounts(d('complete', 70, 0, 0))).toBe(true);
    expect(searchCounts(d('complete', 0, 0, 0))).toBe(true);
  });

  it('counts a partial answer unless more than half of its destinations failed', () => {
    expect(searchCounts(d('partial', 7, 1, 6))).toBe(true);
    expect(searchCounts(d('partial', 8, 4, 4))).toBe(true);
    expect(searchCounts(d('partial', 7, 4, 3))).toBe(false);
    expect(searchCounts(d('partial', 7, 6, 1))).toBe(false);
  });

  it('never counts a search whose every airline query failed', () => {
    expect(searchCounts(d('failed', 7, 7, 0))).toBe(false);
  });

  it('counts an abandoned or interrupted search once a destination with flights was sent', () => {
    for (const end of ['abandoned', 'interrupted'] as const) {
      expect(searchCounts(d(end, 0, 0, 0)), end).toBe(false);
      expect(searchCounts(d(end, 5, 0, 0)), end).toBe(false);
      expect(searchCounts(d(end, 5, 0, 1)), end).toBe(true);
      expect(searchCounts(d(end, 69, 0, 41)), end).toBe(true);
      // What was sent was mostly failures.
      expect(searchCounts(d(end, 7, 6, 1)), end).toBe(false);
    }
  });
});
