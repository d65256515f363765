import { createHttpClient, getAsBrowser } from '../http-client';
import { type FrontierTransport, createBlockBackoff } from './transport';
import { type TransportMetrics, setExits } from './transport-metrics';

interface DirectOptions {
  /** First pause after a block, doubled per block in a row (FRONTIER_BLOCK_BACKOFF_MS). */
  backoffMs: number;
  maxRedirects: number;
  metrics: TransportMetrics;
}

/**
 * `direct`: plain HTTP from this machine's own address (the keep-alive client of decision 010). The site's bot
 * wall blocks it after a handful of requests; after a block it holds every request for the back-off.
 */
export function createDirectTransport(opts: DirectOptions): FrontierTransport {
  const client = createHttpClient();
  const backoff = createBlockBackoff(opts.backoffMs);
  const showExit = () => setExits(opts.metrics, 'direct', backoff.remaining() > 0 ? 0 : 1, backoff.remaining() > 0 ? 1 : 0);
  showExit();
  return {
    name: 'direct',
    async fetchPage({ url, accept, signal, onFirstAnswer }) {
      const held = await backoff.ready(signal);
      if (held > 0) opts.metrics.held.inc({ transport: 'direct' }, held / 1000);
      return getAsBrowser(client.get, url, { accept, signal, onFirstAnswer, maxRedirects: opts.maxRedirects, exit: 0 });
    },
    report(_answer, block) {
      if (block) backoff.blocked();
      else backoff.ok();
      showExit();
    },
    close: async () => client.close(),
  };
}
