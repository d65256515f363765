import { createHttpClient, getAsBrowser } from '../http-client';
import { type FrontierTransport, createBlockBackoff, pageKind } from './transport';
import { type TransportMetrics, setExits } from './transport-metrics';
import { createSiteSession } from './site-session';

interface DirectOptions {
  /** First pause after a block, doubled per block in a row (FRONTIER_BLOCK_BACKOFF_MS). */
  backoffMs: number;
  maxRedirects: number;
  metrics: TransportMetrics;
  /**
   * FRONTIER_SESSION_LIFETIME_MS: pages are asked in a session begun on the site's home page (decision 239), visited
   * again past this age and after a block. Without it every page is asked on its own, with no session: the plain
   * client the adapter falls back to in its own tests.
   */
  sessionLifetimeMs?: number;
}

/**
 * `direct`: HTTP from this machine's own address (the keep-alive client of decision 010), arriving as a browser
 * does: the home page first, then each page with that visit's cookies. The site's bot wall still blocks it after a
 * handful of requests; after a block it holds every request for the back-off and starts a new session.
 */
export function createDirectTransport(opts: DirectOptions): FrontierTransport {
  const client = createHttpClient();
  const backoff = createBlockBackoff(opts.backoffMs);
  const session =
    opts.sessionLifetimeMs === undefined
      ? undefined
      : createSiteSession({
          transport: 'direct',
          get: client.get,
          maxRedirects: opts.maxRedirects,
          lifetimeMs: opts.sessionLifetimeMs,
          metrics: opts.metrics,
        });
  const showExit = () => setExits(opts.metrics, 'direct', backoff.remaining() > 0 ? 0 : 1, backoff.remaining() > 0 ? 1 : 0);
  showExit();
  return {
    name: 'direct',
    async fetchPage(req) {
      const held = await backoff.ready(req.signal);
      if (held > 0) opts.metrics.held.inc({ transport: 'direct' }, held / 1000);
      if (session) return session.fetchPage(req, 0);
      const { url, accept, signal, onFirstAnswer } = req;
      return getAsBrowser(client.get, url, {
        kind: pageKind(req),
        accept,
        signal,
        onFirstAnswer,
        maxRedirects: opts.maxRedirects,
        exit: 0,
      });
    },
    report(_answer, block) {
      if (block) {
        backoff.blocked();
        session?.drop();
      } else backoff.ok();
      showExit();
    },
    close: async () => client.close(),
  };
}
