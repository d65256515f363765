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

describe('search state: answer at once, confirm live (docs/product/search.md#answer-at-once)', () => {
  const seenAt = '2026-04-01T10:00:00.000Z';
  const liveAt = '2026-04-01T12:00:00.000Z';
  const dest = (code: string, flights: ReturnType<typeof buildFlight>[], extra: Partial<Extract<Action, { type: 'destination' }>> = {}) =>
    ({ type: 'destination', code, flights, checked: 0, total: 3, failed: false, ...extra }) as Action;
  const atOnce = run([
    ...started,
    dest('LAS', [buildFlight({ goWild: 49, standard: 161, den: null })], { checkedAt: seenAt, confirming: true }),
    dest('MCO', [buildFlight({ goWild: null, standard: 161, den: null })], { checkedAt: seenAt, confirming: true }),
    dest('PHX', [buildFlight({ goWild: null, standard: 120, den: null })], { checkedAt: seenAt, confirming: true }),
  ]);

  it('shows every destination at once as being confirmed, then each in place with what changed', () => {
    expect(atOnce.results.map((r) => [r.code, r.confirming, r.checkedAt])).toEqual([
      ['LAS', true, seenAt],
      ['MCO', true, seenAt],
      ['PHX', true, seenAt],
    ]);
    const s = run(
      [
        dest('MCO', [buildFlight({ goWild: null, standard: 168, den: null })], { checkedAt: liveAt, checked: 1 }),
        dest('LAS', [buildFlight({ goWild: null, standard: 161, den: null })], { checkedAt: liveAt, checked: 2 }),
        dest('PHX', [buildFlight({ goWild: null, standard: 120, den: null })], { checkedAt: liveAt, checked: 3 }),
        { type: 'summary', failed: [], overBudgetMessage: null },
      ],
      atOnce,
    );
    expect(s.results.map((r) => [r.code, r.confirming ?? false, r.checkedAt, r.change ?? null])).toEqual([
      ['LAS', false, liveAt, 'GoWild sold out since we last checked'],
      ['MCO', false, liveAt, 'now $168 (was $161)'],
      ['PHX', false, liveAt, null],
    ]);
    expect(s.checked).toBe(3);
  });

  it('keeps the fares last seen, with their age, when the confirmation fails or is no newer', () => {
    const s = run(
      [
        dest('LAS', [], { failed: true, checked: 1 }),
        dest('MCO', atOnce.results[1]!.flights, { checkedAt: seenAt, checked: 2 }),
        { type: 'summary', failed: ['LAS'], overBudgetMessage: null },
      ],
      atOnce,
    );
    const byCode = Object.fromEntries(s.results.map((r) => [r.code, r]));
    expect(byCode.LAS).toMatchObject({ confirming: false, unconfirmed: true, checkedAt: seenAt });
    expect(byCode.LAS?.flights).toHaveLength(1);
    expect(byCode.MCO).toMatchObject({ unconfirmed: true, checkedAt: seenAt });
    // PHX never heard from again before the summary: not confirmed either.
    expect(byCode.PHX).toMatchObject({ confirming: false, unconfirmed: true });
    // The places with fares last seen are on their cards, not in the could-not-check notice.
    expect(s.failed).toEqual([]);
  });
});
