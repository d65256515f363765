import type { GeoProvider } from './geo.provider';

/**
 * The offline default: it does not know where anyone is, and says so. Inventing a location would sort airport
 * cards by a distance that is not true; the browser's own geolocation still works without it.
 */
export function createDemoGeoProvider(): GeoProvider {
  return {
    mode: 'demo',
    lookup: async () => ({ found: false, reason: 'IP location is not configured on this server' }),
  };
}
