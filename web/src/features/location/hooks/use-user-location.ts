import { useQuery } from '@tanstack/react-query';
import { getIpLocation } from '../api/get-ip-location';

/** docs/product/search.md#location-and-distances: lat, lng, method; the IP lookup also gives city and country. */
export interface UserLocation {
  lat: number;
  lng: number;
  method: 'gps' | 'ip';
  city?: string | null;
  country?: string | null;
}

/** docs/product/search.md#location-and-distances: 8 s time-out, positions up to 5 minutes old are fine. */
export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 8000, maximumAge: 300_000 };

function browserPosition(): Promise<UserLocation | null> {
  return new Promise((resolve) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      resolve(null);
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude, method: 'gps' }),
      () => resolve(null),
      GEOLOCATION_OPTIONS,
    );
  });
}

/**
 * docs/product/search.md#location-and-distances: the browser's geolocation first (unless IP is forced), else the server's IP lookup.
 * Resolves null when neither knows; never rejects (distances are a nicety, not a requirement).
 */
export async function locateUser(opts: { forceIp?: boolean } = {}): Promise<UserLocation | null> {
  if (!opts.forceIp) {
    const gps = await browserPosition();
    if (gps) return gps;
  }
  try {
    const ip = await getIpLocation();
    return ip.known ? { lat: ip.lat, lng: ip.lng, method: 'ip', city: ip.city, country: ip.country } : null;
  } catch {
    return null;
  }
}

export function useUserLocation(opts: { enabled?: boolean; forceIp?: boolean } = {}) {
  return useQuery({
    queryKey: ['user-location', opts.forceIp === true],
    queryFn: () => locateUser({ forceIp: opts.forceIp }),
    enabled: opts.enabled ?? true,
    staleTime: GEOLOCATION_OPTIONS.maximumAge,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
