import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildFlight } from '@/test/build-flight';
import { dataProblemCounts } from '@/lib/data-problems';
import { readStreamEvent } from './search-flights-stream';

const SOURCE = 'GET /api/flights/search/stream';

describe('readStreamEvent (decision 127)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('passes an event that matches the contract through, and reports nothing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const event = { type: 'destination', code: 'LAS', flights: [buildFlight({ destination: 'LAS' })], done: 1, total: 2 };
    expect(readStreamEvent(event, SOURCE)).toMatchObject({ type: 'destination', code: 'LAS' });
    expect(warn).not.toHaveBeenCalled();
  });

  it('turns a destination that fails the schema into an unreadable event naming it, counted and reported', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const before = dataProblemCounts().get(SOURCE) ?? 0;
    const bad = { type: 'destination', code: 'MCO', flights: [{ flight_number: 42 }], done: 1, total: 2 };
    expect(readStreamEvent(bad, SOURCE)).toEqual({ type: 'unreadable', code: 'MCO' });
    expect(dataProblemCounts().get(SOURCE)).toBe(before + 1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(
      /^Data problem: destination event from GET \/api\/flights\/search\/stream does not match its schema \(flights\.0\./,
    );
  });

  it('names no place for an event that is not a destination, or is not an object at all', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const before = dataProblemCounts().get(SOURCE) ?? 0;
    expect(readStreamEvent({ type: 'summary', code: 'XXX' }, SOURCE)).toEqual({ type: 'unreadable', code: null });
    expect(readStreamEvent('nonsense', SOURCE)).toEqual({ type: 'unreadable', code: null });
    expect(readStreamEvent({ type: 'mystery' }, SOURCE)).toEqual({ type: 'unreadable', code: null });
    expect(dataProblemCounts().get(SOURCE)).toBe(before + 3);
  });
});
