import { createHttpClient } from '../http-client';
import { DATA_ACCEPT, DOCUMENT_ACCEPT } from './browser-identity';
import { type FrontierTransport, createBlockBackoff, pageKind } from './transport';
import { type TransportMetrics, setExits } from './transport-metrics';

interface ScraperApiOptions {
  /** FRONTIER_SCRAPER_URL: the service's address with `{url}` (the target, URL-encoded) and `{key}`. */
  template: string;
  /** FRONTIER_SCRAPER_KEY: never logged, never in an error or a metric. */
  key: string;
  /** Credits one charged request costs (FRONTIER_SCRAPER_CREDITS_PER_REQUEST). */
  creditsPerRequest: number;
  backoffMs: number;
  metrics: TransportMetrics;
}

/** The service's address for one target page. */
export function scraperRequestUrl(template: string, key: string, target: URL): URL {
  return new URL(template.replaceAll('{url}', encodeURIComponent(target.href)).replaceAll('{key}', encodeURIComponent(key)));
}

/** Every form the key can take in a message (as is, URL-encoded, form-encoded) replaced with a mark. */
function withoutKey(text: string, key: string): string {
  let out = text;
  for (const form of new Set([key, encodeURIComponent(key), new URLSearchParams({ k: key }).toString().slice(2)]))
    if (form) out = out.replaceAll(form, '[key]');
  return out;
}

/**
 * `scraper-api`: a paid scraping service fetches the page for us from its own exits (ScraperAPI, scrape.do,
 * Crawlbase, Scrapfly: `GET <service>?<key-param>=<key>&url=<target>`) and answers with the target's status and
 * body, having followed its redirects. Charged requests (an answer from the target, 2xx or 404, as these services
 * bill) count their credits. The key stays out of every error this transport raises. No warm-up here: each service
 * keeps its own sessions on its own exits (decision 239).
 */
export function createScraperApiTransport(opts: ScraperApiOptions): FrontierTransport {
  const client = createHttpClient({ maxSockets: 64 });
  const backoff = createBlockBackoff(opts.backoffMs);
  const transport = { transport: 'scraper-api' } as const;
  const showExit = () => setExits(opts.metrics, 'scraper-api', backoff.remaining() > 0 ? 0 : 1, backoff.remaining() > 0 ? 1 : 0);
  showExit();
  return {
    name: 'scraper-api',
    async fetchPage(req) {
      const { url, accept, signal } = req;
      const held = await backoff.ready(signal);
      if (held > 0) opts.metrics.held.inc(transport, held / 1000);
      const started = performance.now();
      // Only what the page is: the service keeps its own sessions, cookies and browser headers (decision 239).
      const headers: Record<string, string> = {
        accept: accept ?? (pageKind(req) === 'data' ? DATA_ACCEPT : DOCUMENT_ACCEPT),
        'accept-encoding': 'gzip, deflate, br',
      };
      let res;
      try {
        res = await client.get(scraperRequestUrl(opts.template, opts.key, url), headers, signal);
      } catch (e) {
        const error = e as Error;
        throw new Error(`scraping service unreachable: ${withoutKey(error.message, opts.key)}`, { cause: error.name });
      }
      if ((res.status >= 200 && res.status < 300) || res.status === 404) opts.metrics.credits.inc(transport, opts.creditsPerRequest);
      const retryAfter = res.headers['retry-after'];
      return {
        kind: 'answer',
        answer: {
          status: res.status,
          retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
          contentType: typeof res.headers['content-type'] === 'string' ? res.headers['content-type'] : null,
          body: res.body,
          url,
          redirected: false,
          ms: performance.now() - started,
          exit: 0,
        },
      };
    },
    report(_answer, block) {
      if (block) backoff.blocked();
      else backoff.ok();
      showExit();
    },
    close: async () => client.close(),
  };
}
