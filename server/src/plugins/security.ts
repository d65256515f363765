import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';
import type { RateLimitStore } from '../lib/rate-limit';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store face over our counters, so the request limit shares the account limits' store: Redis
 * when configured, this process's memory while Redis is unreachable (decision 050). The plugin's own Redis store
 * answers 500 to every request while Redis is away.
 */
function pluginStore(counters: RateLimitStore, prefix = ''): FastifyRateLimitStoreCtor {
  return class implements FastifyRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow?: number) {
      counters.hit(prefix + key, timeWindow ?? 60_000).then(
        (w) => callback(null, { current: w.count, ttl: w.resetMs }),
        (err: Error) => callback(err),
      );
    }
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      // The plugin passes the route it is for as `routeInfo` (not in its types).
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo ?? {};
      const Store = pluginStore(counters, `${prefix}${route.method ?? ''}${route.url ?? ''}-`);
      return new Store({});
    }
  };
}

/** HSTS as helmet would send it: a year, subdomains included. */
const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Security headers with a strict CSP the built SPA works under (no inline script but the page's own boot script, by
 * its hash; styles from our own files),
 * and a default per-IP rate limit counted in `counters` (shared through Redis when the app is scaled out).
 * HSTS only on HTTPS (the socket's, or a trusted proxy's `x-forwarded-proto`), and X-Frame-Options saying what
 * `frame-ancestors` says, for browsers without CSP 2 (docs/decisions/054-security-headers-and-metrics-access.md).
 */
/**
 * The CSP source of a tile template: its scheme and host, with a `{s}` subdomain placeholder as a wildcard
 * (`https://{s}.tile.example.org/{z}/{x}/{y}.png` → `https://*.tile.example.org`).
 */
/** Where Booking.com serves the hotel photos its API links to. */
export const HOTEL_PHOTO_HOST = 'https://cf.bstatic.com';

export function tileSources(tileUrl: string | undefined): string[] {
  if (!tileUrl) return [];
  const match = /^(https?:\/\/)([^/]+)/.exec(tileUrl);
  if (!match) return [];
  const host = match[2]!.replace(/\{s\}/g, '*');
  return [`${match[1]}${host}`];
}

export async function registerSecurity(
  app: FastifyInstance,
  config: Config,
  counters: RateLimitStore,
  /** The built page's own inline scripts by hash (plugins/spa.ts `inlineScriptSources`); no other inline script runs. */
  inlineScripts: readonly string[] = [],
) {
  // The helmet middleware, built once: @fastify/helmet builds it again from its options on every request (parsing
  // the CSP each time), for headers that never change (decision 065).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScripts, 'https://accounts.google.com/gsi/client'],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
        // Map tiles come from TILE_URL's host alone; without it the maps fetch no image from anywhere (decision 086).
        // With the real hotel search, its photos come from Booking.com's image host (decision 081); demo hotels
        // draw theirs as data: URLs.
        imgSrc: ["'self'", 'data:', 'blob:', ...tileSources(config.TILE_URL), ...(config.RAPIDAPI_KEY ? [HOTEL_PHOTO_HOST] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://accounts.google.com/gsi/'],
        frameSrc: ['https://accounts.google.com/gsi/', 'https://checkout.stripe.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // frame-ancestors 'none' above; the legacy header must not allow more.
    frameguard: { action: 'deny' },
    // Sent below, and only where it means something.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));
  // `request.protocol` reads `x-forwarded-proto` only from a trusted proxy (TRUST_PROXY); otherwise the socket's.
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
  });
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    store: pluginStore(counters),
    // Static files and probes are not what the limit protects.
    allowList: (request) => !request.url.startsWith('/api') || request.url === '/api/health' || request.url === '/api/ready',
  });
}
