import type { Config } from '../../config';
import { systemClock } from '../../lib/clock';
import { POLICY_SETTINGS } from '../../lib/upstream/policy-settings';
import { OutsideServiceError, ServiceUnavailableError, createServiceClient } from '../../lib/upstream/service-client';
import { createDemoGeoProvider } from './demo';
import type { GeoProvider } from './geo.provider';
import { createIpapiGeoProvider } from './ipapi';

/**
 * A geolocation provider through the outside-service policies (lib/upstream/service-client.ts). A lookup still
 * never throws: a service that keeps failing (or rate-limits us: that opens the breaker at once) answers "not found"
 * with the reason, at once while the breaker is open.
 */
export function withGeoPolicies(
  inner: GeoProvider,
  client = createServiceClient({ name: 'geo', clock: systemClock, ...POLICY_SETTINGS.geo }),
): GeoProvider {
  return {
    ...inner,
    breakerState: () => client.breakerState(),
    async lookup(ip) {
      try {
        return await client.call(ip, async (signal) => {
          const r = await inner.lookup(ip, signal);
          if (r.found) return r;
          if (r.reason === 'RateLimited') throw new OutsideServiceError(r.reason, 'refused');
          if (r.reason === 'Lookup failed' || /HTTP 5\d\d/.test(r.reason)) throw new OutsideServiceError(r.reason, 'retryable');
          return r;
        });
      } catch (err) {
        if (!(err instanceof ServiceUnavailableError)) throw err;
        return {
          found: false,
          reason: err.reason === 'breaker-open' ? 'Lookup paused after repeated failures' : err.message.replace(/^geo: /, ''),
        };
      }
    },
  };
}

/**
 * Picks the IP geolocation provider from configuration; the offline default answers "unknown". `observe` wraps the
 * live adapter inside the policies, so it sees each lookup that reaches the service (the data-health page).
 */
export function createGeoProvider(
  config: Pick<Config, 'GEO_PROVIDER' | 'IPAPI_BASE_URL'>,
  fetchImpl?: typeof fetch,
  observe: (adapter: GeoProvider) => GeoProvider = (a) => a,
): GeoProvider {
  if (config.GEO_PROVIDER === 'ipapi')
    return withGeoPolicies(observe(createIpapiGeoProvider({ baseUrl: config.IPAPI_BASE_URL, fetch: fetchImpl })));
  return createDemoGeoProvider();
}
