import { type IpLocationResponse, ipLocationResponseSchema } from '@gowild/contract/location';
import { apiRequest } from '@/lib/api-client';

/** GET /api/location: the server's IP lookup, the fallback when the browser will not say where it is. */
export async function getIpLocation(signal?: AbortSignal): Promise<IpLocationResponse> {
  const body = await apiRequest<unknown>('/location', { action: 'find your location', signal });
  return ipLocationResponseSchema.parse(body);
}
