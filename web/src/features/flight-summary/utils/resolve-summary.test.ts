import { LIMITS } from '@gowild/contract/limits';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildFlight } from '@/test/build-flight';
import { readStoredFlight, storeFlight } from './flight-store';
import { resolveSummary } from './resolve-summary';
import { SUMMARY_MESSAGES, encodeTrip } from './share-data';

const p = (qs: string) => new URLSearchParams(qs);

describe('resolveSummary', () => {
  beforeEach(() => window.localStorage.clear());
  const out = buildFlight({ destination: 'LAS' });
  const back = buildFlight({
    origin: 'LAS',
    destination: 'DEN',
    departure_time: '2026-04-05T10:00:00',
    arrival_time: '2026-04-05T13:00:00',
  });

  it('loads the hash form from the local store, for 24 hours', () => {
    const now = 1_000_000;
    storeFlight(out, 'LAS', now);
    storeFlight(back, 'DEN', now);
    const qs = `departure=${out.flightHash}&return=${back.flightHash}&origin=DEN&destination=LAS&date=2026-04-02`;
    expect(resolveSummary(p(qs), now + LIMITS.storedFlightTtlMs)).toMatchObject({
      state: 'loaded',
      source: 'store',
      trip: { origin: 'DEN', destination: 'LAS' },
    });
    expect(resolveSummary(p(qs), now + LIMITS.storedFlightTtlMs + 1)).toEqual({ state: 'not_found', message: SUMMARY_MESSAGES.notFound });
    // Expired entries are removed.
    expect(readStoredFlight(out.flightHash, now)).toBeNull();
  });
  it('says which box to show for each problem', () => {
    expect(resolveSummary(p(''))).toEqual({ state: 'error', message: SUMMARY_MESSAGES.missingParams });
    expect(resolveSummary(p('departure=a&return=b&origin=DEN'))).toEqual({ state: 'error', message: SUMMARY_MESSAGES.missingParams });
    expect(resolveSummary(p('departure=a&return=b&origin=DEN&date=2026-04-02'))).toEqual({
      state: 'not_found',
      message: SUMMARY_MESSAGES.notFound,
    });
    expect(resolveSummary(p('data=zzzz'))).toEqual({ state: 'error', message: SUMMARY_MESSAGES.corrupted });
    expect(resolveSummary(p('data='))).toEqual({ state: 'error', message: SUMMARY_MESSAGES.corrupted });
  });
  it('loads the shared data form without the store', () => {
    const data = encodeTrip({ departure: out, return: back, origin: 'DEN', destination: 'LAS', date: '2026-04-02' });
    expect(resolveSummary(p(`data=${data}`))).toMatchObject({ state: 'loaded', source: 'data' });
  });
});
