import { describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock';
import { createServiceClient } from '../../lib/upstream/service-client';
import type { GeoLookupResult, GeoProvider } from './geo.provider';
import { withGeoPolicies } from './index';

const place: GeoLookupResult = { found: true, location: { lat: 39.7, lng: -104.9, city: 'Denver', country: 'United States' } };

/** The geolocation adapter behind the policies, answering from a script (the last answer repeats). */
function scripted(...answers: GeoLookupResult[]) {
  let calls = 0;
  const inner: GeoProvider = { mode: 'live', lookup: async () => answers[Math.min(calls++, answers.length - 1)]! };
  const sleeps: number[] = [];
  const client = createServiceClient({
    name: 'geo',
    clock: manualClock(new Date('2026-04-01T12:00:00Z')),
    freshMs: 60_000,
    concurrency: 2,
    rps: 1000,
    timeoutMs: 1000,
    retries: 1,
    breakerThreshold: 2,
    breakerCooldownMs: 60_000,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0.5,
  });
  return { geo: withGeoPolicies(inner, client), calls: () => calls, sleeps };
}

describe('geolocation through the outside-service policies', () => {
  it('retries a failed lookup once after a back-off, and keeps the answer', async () => {
    const { geo, calls, sleeps } = scripted({ found: false, reason: 'Lookup failed with HTTP 502' }, place);
    expect(await geo.lookup('203.0.113.9')).toEqual(place);
    expect(sleeps).toEqual([150]);
    expect(await geo.lookup('203.0.113.9')).toEqual(place);
    expect(calls()).toBe(2);
  });

  it('stops asking a service that rate-limits us, answering "not found" at once with the reason', async () => {
    const { geo, calls } = scripted({ found: false, reason: 'RateLimited' });
    expect(await geo.lookup('203.0.113.1')).toEqual({ found: false, reason: 'RateLimited' });
    expect(await geo.lookup('203.0.113.2')).toEqual({ found: false, reason: 'Lookup paused after repeated failures' });
    expect(calls()).toBe(1);
  });

  it('passes a plain "not found" through without retrying', async () => {
    const { geo, calls } = scripted({ found: false, reason: 'Reserved IP Address' });
    expect(await geo.lookup('10.0.0.1')).toEqual({ found: false, reason: 'Reserved IP Address' });
    expect(calls()).toBe(1);
  });
});
