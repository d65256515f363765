import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, resetTestState } from '@/test/test-utils';
import { distanceMiles } from '@gowild/contract/distance';
import { GEOLOCATION_OPTIONS, locateUser } from './use-user-location';

function stubGeolocation(impl: (ok: PositionCallback, fail: PositionErrorCallback, opts?: PositionOptions) => void) {
  const getCurrentPosition = vi.fn(impl);
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
  return getCurrentPosition;
}

afterEach(() => resetTestState());

describe('locateUser', () => {
  it('uses the browser first, with high accuracy, 8 s time-out and a 5 minute cache', async () => {
    const api = mockApi();
    const get = stubGeolocation((ok) => ok({ coords: { latitude: 39.7, longitude: -105 } } as GeolocationPosition));
    expect(await locateUser()).toEqual({ lat: 39.7, lng: -105, method: 'gps' });
    expect(get.mock.calls[0]![2]).toEqual({ enableHighAccuracy: true, timeout: 8000, maximumAge: 300000 });
    expect(GEOLOCATION_OPTIONS.timeout).toBe(8000);
    expect(api.calls).toHaveLength(0);
  });

  it('falls back to the server IP lookup when the browser says no, and to nothing when that is unknown too', async () => {
    stubGeolocation((_ok, fail) => fail({ code: 1, message: 'denied' } as GeolocationPositionError));
    mockApi({
      'GET /api/location': () => ({ known: true, method: 'ip', lat: 40.7, lng: -74, city: 'New York', country: 'United States' }),
    });
    expect(await locateUser()).toEqual({ lat: 40.7, lng: -74, method: 'ip', city: 'New York', country: 'United States' });
    mockApi({ 'GET /api/location': () => ({ known: false, reason: 'IP location is not configured on this server' }) });
    expect(await locateUser()).toBeNull();
  });

  it('skips the browser when IP is forced', async () => {
    const get = stubGeolocation((ok) => ok({ coords: { latitude: 1, longitude: 2 } } as GeolocationPosition));
    mockApi({ 'GET /api/location': () => ({ known: true, method: 'ip', lat: 40.7, lng: -74, city: null, country: null }) });
    expect(await locateUser({ forceIp: true })).toMatchObject({ method: 'ip' });
    expect(get).not.toHaveBeenCalled();
  });
});

describe('distanceMiles', () => {
  it('uses an Earth radius of 3959 miles', () => {
    // One degree of latitude is 3959 · π / 180 ≈ 69.1 miles.
    expect(distanceMiles({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo((3959 * Math.PI) / 180, 6);
    // DEN → JFK is about 1,626 miles.
    expect(Math.round(distanceMiles({ lat: 39.8561, lng: -104.6737 }, { lat: 40.6413, lng: -73.7781 }))).toBeGreaterThan(1600);
  });
});
