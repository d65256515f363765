import { describe, expect, it } from 'vitest';
import { buildFlight } from '@/test/build-flight';
import { decodeTrip, encodeTrip, isValidTrip } from './share-data';

describe('shareable summary data', () => {
  const trip = {
    departure: buildFlight({ destination: 'SJU' }),
    return: buildFlight({ origin: 'SJU', destination: 'DEN' }),
    origin: 'DEN',
    destination: 'SJU',
    date: '2026-04-02',
  };
  it('round-trips through url-safe base64 with no +, / or =', () => {
    const data = encodeTrip({ ...trip, destination: 'São Paulo ✈' });
    expect(data).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeTrip(data)).toEqual({ ...trip, destination: 'São Paulo ✈' });
  });
  it('rejects corrupted or incomplete data', () => {
    expect(decodeTrip('not base64 at all!')).toBeNull();
    expect(decodeTrip(encodeTrip(trip).slice(0, 40))).toBeNull();
    expect(isValidTrip({ ...trip, origin: '' })).toBe(false);
    expect(isValidTrip({ ...trip, return: { ...trip.return, arrival_time: '' } })).toBe(false);
    expect(isValidTrip(trip)).toBe(true);
  });
});
