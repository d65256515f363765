import { z } from 'zod';
import type { GeoLookupResult, GeoProvider } from './geo.provider';

/** ipapi.co answers latitude as a string on the free tier; accept both and refuse anything not finite. */
const coordinate = z.union([z.number(), z.string().trim().min(1)]).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isFinite(n)) {
    ctx.addIssue({ code: 'custom', message: 'not a number' });
    return z.NEVER;
  }
  return n;
});

const ipapiSuccessSchema = z.object({
  latitude: coordinate.pipe(z.number().min(-90).max(90)),
  longitude: coordinate.pipe(z.number().min(-180).max(180)),
  city: z.string().nullish(),
  country_name: z.string().nullish(),
});
const ipapiErrorSchema = z.object({ error: z.literal(true), reason: z.string().optional() });

interface IpapiOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** The real adapter: `GET {base}/<ip>/json/` (docs/product/providers.md#ip-geolocation). Failures become "not found" with the reason. */
export function createIpapiGeoProvider(opts: IpapiOptions): GeoProvider {
  const doFetch = opts.fetch ?? fetch;
  const base = opts.baseUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 3000;
  return {
    mode: 'live',
    async lookup(ip: string, signal?: AbortSignal): Promise<GeoLookupResult> {
      let body: unknown;
      try {
        const res = await doFetch(`${base}/${encodeURIComponent(ip)}/json/`, {
          headers: { accept: 'application/json', 'user-agent': 'gowild-finder/1.0' },
          signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
        });
        if (res.status === 429) return { found: false, reason: 'RateLimited' };
        if (!res.ok) return { found: false, reason: `Lookup failed with HTTP ${res.status}` };
        body = await res.json();
      } catch {
        return { found: false, reason: 'Lookup failed' };
      }
      const err = ipapiErrorSchema.safeParse(body);
      if (err.success) return { found: false, reason: err.data.reason ?? 'Lookup failed' };
      const ok = ipapiSuccessSchema.safeParse(body);
      if (!ok.success) return { found: false, reason: 'Lookup answered without coordinates' };
      return {
        found: true,
        location: { lat: ok.data.latitude, lng: ok.data.longitude, city: ok.data.city ?? null, country: ok.data.country_name ?? null },
      };
    },
  };
}
