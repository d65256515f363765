import type { Config } from '../../config';
import { createDemoGeoProvider } from './demo';
import type { GeoProvider } from './geo.provider';
import { createIpapiGeoProvider } from './ipapi';

/** Picks the IP geolocation provider from configuration; the offline default answers "unknown". */
export function createGeoProvider(config: Pick<Config, 'GEO_PROVIDER' | 'IPAPI_BASE_URL'>, fetchImpl?: typeof fetch): GeoProvider {
  if (config.GEO_PROVIDER === 'ipapi') return createIpapiGeoProvider({ baseUrl: config.IPAPI_BASE_URL, fetch: fetchImpl });
  return createDemoGeoProvider();
}
