import type { Registry } from 'prom-client';
import type { Config } from '../../../config';
import type { FrontierTransport } from './transport';
import { createDirectTransport } from './direct';
import { createProxyTransport } from './proxy';
import { createScraperApiTransport } from './scraper-api';
import { createBrowserTransport } from './browser';
import { instrumented, transportMetrics } from './transport-metrics';

type TransportConfig = Pick<
  Config,
  | 'FRONTIER_TRANSPORT'
  | 'FRONTIER_BLOCK_BACKOFF_MS'
  | 'FRONTIER_SESSION_LIFETIME_MS'
  | 'FRONTIER_PROXY_URLS'
  | 'FRONTIER_PROXY_COOLDOWN_MS'
  | 'FRONTIER_SCRAPER_URL'
  | 'FRONTIER_SCRAPER_KEY'
  | 'FRONTIER_SCRAPER_CREDITS_PER_REQUEST'
  | 'CHROMIUM_PATH'
  | 'FRONTIER_BROWSER_PAGES'
>;

/** The transport FRONTIER_TRANSPORT names, counted in `registry` (docs/product/providers.md#transports). */
export function createTransport(
  config: TransportConfig,
  ctx: { baseUrl: string; registry: Registry; maxRedirects?: number; log?: (message: string) => void },
): FrontierTransport {
  const metrics = transportMetrics(ctx.registry);
  const maxRedirects = ctx.maxRedirects ?? 5;
  const backoffMs = config.FRONTIER_BLOCK_BACKOFF_MS;
  const sessionLifetimeMs = config.FRONTIER_SESSION_LIFETIME_MS;
  switch (config.FRONTIER_TRANSPORT) {
    case 'direct':
      return instrumented(createDirectTransport({ backoffMs, maxRedirects, metrics, sessionLifetimeMs }), metrics);
    case 'proxy':
      return instrumented(
        createProxyTransport({
          proxyUrls: config.FRONTIER_PROXY_URLS,
          cooldownMs: config.FRONTIER_PROXY_COOLDOWN_MS,
          maxRedirects,
          sessionLifetimeMs,
          metrics,
          log: ctx.log,
        }),
        metrics,
      );
    case 'scraper-api':
      if (!config.FRONTIER_SCRAPER_URL || !config.FRONTIER_SCRAPER_KEY)
        throw new Error('FRONTIER_TRANSPORT=scraper-api needs FRONTIER_SCRAPER_URL and FRONTIER_SCRAPER_KEY');
      return instrumented(
        createScraperApiTransport({
          template: config.FRONTIER_SCRAPER_URL,
          key: config.FRONTIER_SCRAPER_KEY,
          creditsPerRequest: config.FRONTIER_SCRAPER_CREDITS_PER_REQUEST,
          backoffMs,
          metrics,
        }),
        metrics,
      );
    case 'browser':
      return instrumented(
        createBrowserTransport({
          baseUrl: ctx.baseUrl,
          executablePath: config.CHROMIUM_PATH,
          pages: config.FRONTIER_BROWSER_PAGES,
          backoffMs,
          metrics,
          log: ctx.log,
        }),
        metrics,
      );
  }
}
