import { referenceRoutes } from '@gowild/contract/routes/reference';
import { type IpLocationResponse } from '@gowild/contract/location';
import { callApi } from '@/lib/call-api';

/** GET /api/location: the server's IP lookup, the fallback when the browser will not say where it is. */
export async function getIpLocation(signal?: AbortSignal): Promise<IpLocationResponse> {
  return callApi(referenceRoutes.location, { action: 'find your location', signal });
}
