import { setTimeout as sleep } from 'node:timers/promises';
import { createProxyClient } from '../http-client';
import { type BlockBackoff, type FrontierTransport, createBlockBackoff } from './transport';
import { type TransportMetrics, setExits } from './transport-metrics';
import { type SiteSession, createSiteSession } from './site-session';

interface ProxyOptions {
  /** FRONTIER_PROXY_URLS: http:// or https:// forward proxies, credentials in the URL if they need them. */
  proxyUrls: string[];
  /** How long a proxy rests after a block, doubled per block in a row on it (FRONTIER_PROXY_COOLDOWN_MS). */
  cooldownMs: number;
  maxRedirects: number;
  metrics: TransportMetrics;
  /** FRONTIER_SESSION_LIFETIME_MS: each proxy's session, begun on the home page, is renewed past this age. */
  sessionLifetimeMs: number;
  log?: (message: string) => void;
}

/** A proxy as it may be named in a log line: scheme, host and port, never the credentials in its URL. */
export function proxyLabel(proxyUrl: string): string {
  const u = new URL(proxyUrl);
  return `${u.protocol}//${u.host}`;
}

/** Longest rest of a proxy after blocks in a row. */
const MAX_COOLDOWN_MS = 6 * 3_600_000;

interface Exit {
  label: string;
  client: ReturnType<typeof createProxyClient>;
  cooldown: BlockBackoff;
  /** The proxy's own visit to the site: its cookies belong to its address and are never sent through another. */
  session: SiteSession;
}

/**
 * `proxy`: every page through one of several forward proxies, taken in turn (a query's redirect hops stay on one
 * proxy, as the site ties its session to an address). Each proxy keeps a session of its own, begun on the home page
 * (decision 239), and starts a new one after a block. A proxy that gets a block (bot page, 429, 406) rests for the
 * cool-down; while every proxy rests, requests wait for the first to come back.
 */
export function createProxyTransport(opts: ProxyOptions): FrontierTransport {
  if (opts.proxyUrls.length === 0) throw new Error('FRONTIER_TRANSPORT=proxy needs FRONTIER_PROXY_URLS');
  const exits: Exit[] = opts.proxyUrls.map((u) => {
    const client = createProxyClient(u);
    return {
      label: proxyLabel(u),
      client,
      cooldown: createBlockBackoff(opts.cooldownMs, Math.max(opts.cooldownMs, MAX_COOLDOWN_MS)),
      session: createSiteSession({
        transport: 'proxy',
        get: client.get,
        maxRedirects: opts.maxRedirects,
        lifetimeMs: opts.sessionLifetimeMs,
        metrics: opts.metrics,
      }),
    };
  });
  let next = 0;
  const showExits = () => {
    const cooling = exits.filter((e) => e.cooldown.remaining() > 0).length;
    setExits(opts.metrics, 'proxy', exits.length - cooling, cooling);
  };
  showExits();

  /** The next proxy in turn that is not resting; when all are, waits for the one back first. */
  async function pick(signal: AbortSignal): Promise<number> {
    for (;;) {
      for (let i = 0; i < exits.length; i++) {
        const at = (next + i) % exits.length;
        if ((exits[at] as Exit).cooldown.remaining() === 0) {
          next = (at + 1) % exits.length;
          return at;
        }
      }
      const wait = Math.min(...exits.map((e) => e.cooldown.remaining()));
      showExits();
      const started = performance.now();
      try {
        await sleep(Math.max(1, wait), undefined, { signal });
      } finally {
        opts.metrics.held.inc({ transport: 'proxy' }, (performance.now() - started) / 1000);
      }
    }
  }

  return {
    name: 'proxy',
    async fetchPage(req) {
      const at = await pick(req.signal);
      return (exits[at] as Exit).session.fetchPage(req, at);
    },
    report(answer, block) {
      const exit = exits[answer.exit];
      if (!exit) return;
      if (block) {
        exit.cooldown.blocked();
        exit.session.drop();
        opts.log?.(`proxy ${exit.label} got a block (${block}); resting it for ${Math.round(exit.cooldown.remaining() / 1000)} s`);
      } else exit.cooldown.ok();
      showExits();
    },
    close: async () => {
      await Promise.all(exits.map((e) => e.client.close()));
    },
  };
}
