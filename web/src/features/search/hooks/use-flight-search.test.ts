import { describe, expect, it } from 'vitest';
import { buildFlight } from '@/test/build-flight';
import { type FlightSearchState, initialSearchState, searchReducer } from './use-flight-search';

const request = { direction: 'outbound' as const, origin: 'DEN', destination: '', date: '2026-04-02' };
type Action = Parameters<typeof searchReducer>[1];
const run = (actions: Action[], from: FlightSearchState = initialSearchState) => actions.reduce(searchReducer, from);
const started: Action[] = [
  { type: 'start', request, keep: false },
  { type: 'event-start', total: 3, codes: ['LAS', 'MCO', 'PHX'], originAirports: ['DEN'] },
];

describe('search state: events that fail the contract (decision 127)', () => {
  it('lists a destination whose event could not be read, and counts every unreadable event', () => {
    const s = run([...started, { type: 'unreadable', code: 'MCO' }, { type: 'unreadable', code: null }]);
    expect(s.unreadable).toEqual(['MCO']);
    expect(s.unreadableEvents).toBe(2);
    expect(s.results).toEqual([]);
  });

  it('does not also call an unreadable destination unchecked when the stream ends without its summary', () => {
    const s = run([
      ...started,
      { type: 'destination', code: 'LAS', flights: [buildFlight()], checked: 1, total: 3, failed: false },
      { type: 'unreadable', code: 'MCO' },
      { type: 'ended-early' },
    ]);
    expect(s.unreadable).toEqual(['MCO']);
    expect(s.failed).toEqual(['PHX']);
  });

  it('clears the data problem when a later answer for the place reads, and starts over with a new search', () => {
    const withProblem = run([...started, { type: 'unreadable', code: 'MCO' }]);
    const fixed = run([{ type: 'destination', code: 'MCO', flights: [buildFlight()], checked: 2, total: 3, failed: false }], withProblem);
    expect(fixed.unreadable).toEqual([]);
    expect(run([{ type: 'start', request, keep: true }], withProblem)).toMatchObject({ unreadable: [], unreadableEvents: 0 });
  });

  it('keeps what a retry had shown for a place rather than calling it a data problem', () => {
    const shown = run([...started, { type: 'destination', code: 'MCO', flights: [buildFlight()], checked: 1, total: 3, failed: false }]);
    const retried = run(
      [
        { type: 'start', request, keep: true },
        { type: 'unreadable', code: 'MCO' },
      ],
      shown,
    );
    expect(retried.unreadable).toEqual([]);
    expect(retried.results.map((r) => r.code)).toEqual(['MCO']);
  });
});

describe('search state: a live re-check of one destination', () => {
  const done = run([
    ...started,
    {
      type: 'destination',
      code: 'LAS',
      flights: [buildFlight()],
      checked: 1,
      total: 3,
      failed: false,
      checkedAt: '2026-04-01T10:00:00.000Z',
    },
    { type: 'destination', code: 'MCO', flights: [], checked: 2, total: 3, failed: true },
    { type: 'summary', failed: ['MCO', 'PHX'], overBudgetMessage: null },
  ]);

  it('puts the new answer in place of the card, checked as of the re-check', () => {
    const fresh = [buildFlight({ flightHash: 'fresh' })];
    const s = run([{ type: 'recheck', searchId: done.searchId, code: 'LAS', flights: fresh, checkedAt: '2026-04-01T11:00:00.000Z' }], done);
    expect(s.results.map((r) => r.code)).toEqual(['LAS', 'MCO']);
    expect(s.results[0]).toEqual({ code: 'LAS', flights: fresh, checkedAt: '2026-04-01T11:00:00.000Z' });
  });

  it('takes a destination off the unchecked list once it answers', () => {
    const s = run([{ type: 'recheck', searchId: done.searchId, code: 'MCO', flights: [buildFlight()], checkedAt: null }], done);
    expect(s.failed).toEqual(['PHX']);
    expect(s.results.find((r) => r.code === 'MCO')?.flights).toHaveLength(1);
  });

  it('drops an answer that comes back after another search started', () => {
    const next = run([{ type: 'start', request, keep: false }], done);
    const s = run([{ type: 'recheck', searchId: done.searchId, code: 'LAS', flights: [], checkedAt: null }], next);
    expect(s).toBe(next);
  });
});
