import type { IpLocationResponse } from '@gowild/contract/location';
import { isIP } from 'node:net';
import { LRUCache } from 'lru-cache';
import type { GeoProvider } from '../../providers/geo/geo.provider';

/** An IPv4-mapped IPv6 address (::ffff:1.2.3.4) is the IPv4 address it carries. */
function unmap(ip: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return m?.[1] ?? ip;
}

/**
 * True for addresses no public lookup can place: private, loopback, link-local, carrier-grade NAT, unspecified,
 * documentation and multicast ranges (IPv4 and IPv6). Anything that is not an IP address at all counts too.
 */
export function isNonPublicIp(raw: string): boolean {
  const ip = unmap(raw.trim());
  const v = isIP(ip);
  if (v === 4) {
    const [a = 0, b = 0, c = 0] = ip.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0 && (c === 0 || c === 2)) ||
      (a === 198 && (b === 18 || b === 19)) ||
      (a === 198 && b === 51 && c === 100) ||
      (a === 203 && b === 0 && c === 113) ||
      a >= 224
    );
  }
  if (v === 6) {
    const lower = ip.toLowerCase();
    if (lower === '::' || lower === '::1') return true;
    const first = parseInt(lower.split(':')[0] || '0', 16);
    return (
      (first & 0xfe00) === 0xfc00 || // unique local fc00::/7
      (first & 0xffc0) === 0xfe80 || // link-local fe80::/10
      (first & 0xff00) === 0xff00 || // multicast
      lower.startsWith('2001:db8:') // documentation
    );
  }
  return true;
}

export interface LocationService {
  locate(ip: string): Promise<IpLocationResponse>;
}

/** Looks an address up once an hour at most: ipapi.co's free tier is rate-limited and addresses move rarely. */
export function createLocationService(provider: GeoProvider, opts: { cacheSize?: number; ttlMs?: number } = {}): LocationService {
  const cache = new LRUCache<string, IpLocationResponse>({ max: opts.cacheSize ?? 10_000, ttl: opts.ttlMs ?? 60 * 60 * 1000 });
  return {
    async locate(rawIp) {
      const ip = unmap(rawIp.trim());
      if (isNonPublicIp(ip)) return { known: false, reason: 'Private or local network address' };
      const hit = cache.get(ip);
      if (hit) return hit;
      const result = await provider.lookup(ip);
      const answer: IpLocationResponse = result.found
        ? {
            known: true,
            method: 'ip',
            lat: result.location.lat,
            lng: result.location.lng,
            city: result.location.city,
            country: result.location.country,
          }
        : { known: false, reason: result.reason };
      // A rate-limit or network failure is not cached, so the next visit may succeed.
      if (result.found || provider.mode === 'demo') cache.set(ip, answer);
      return answer;
    },
  };
}
