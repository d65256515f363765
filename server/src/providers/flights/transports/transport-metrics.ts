import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { BlockReason } from '../flights.provider';
import type { FrontierTransport, PageAnswer, PageRequest, PageResult, TransportName } from './transport';

function once<T>(registry: Registry, name: string, make: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? make();
}

/**
 * The transports' metrics (`flight_transport_*`), registered once per registry. Labels are the transport's name and
 * fixed words only: never a proxy address, a key or a URL.
 */
export function transportMetrics(registry: Registry) {
  const registers = [registry];
  return {
    requests: once(
      registry,
      'flight_transport_requests_total',
      () =>
        new Counter({
          name: 'flight_transport_requests_total',
          help: 'Pages fetched by the airline transport, by transport and result (answered, failed: no answer came)',
          labelNames: ['transport', 'result'] as const,
          registers,
        }),
    ),
    blocks: once(
      registry,
      'flight_transport_blocks_total',
      () =>
        new Counter({
          name: 'flight_transport_blocks_total',
          help: 'Answers read as a block (perimeterx, captcha, forbidden, throttled, not-acceptable), by transport and reason',
          labelNames: ['transport', 'reason'] as const,
          registers,
        }),
    ),
    latency: once(
      registry,
      'flight_transport_latency_seconds',
      () =>
        new Histogram({
          name: 'flight_transport_latency_seconds',
          help: 'Time to fetch one airline page through the transport, redirects included, by transport',
          labelNames: ['transport'] as const,
          buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30],
          registers,
        }),
    ),
    warmups: once(
      registry,
      'flight_transport_warmups_total',
      () =>
        new Counter({
          name: 'flight_transport_warmups_total',
          help: "Visits to the site's home page that start an exit's session (first use, after a block, past the session lifetime), by transport and result (answered: 2xx; refused: any other status; failed: no answer). Not part of any search's requests",
          labelNames: ['transport', 'result'] as const,
          registers,
        }),
    ),
    held: once(
      registry,
      'flight_transport_backoff_seconds_total',
      () =>
        new Counter({
          name: 'flight_transport_backoff_seconds_total',
          help: 'Time requests were held back by the transport after blocks (its back-off, or every proxy cooling down), by transport',
          labelNames: ['transport'] as const,
          registers,
        }),
    ),
    credits: once(
      registry,
      'flight_transport_credits_total',
      () =>
        new Counter({
          name: 'flight_transport_credits_total',
          help: 'Credits spent at a paid scraping service, by transport',
          labelNames: ['transport'] as const,
          registers,
        }),
    ),
    exits: once(
      registry,
      'flight_transport_exits',
      () =>
        new Gauge({
          name: 'flight_transport_exits',
          help: 'Exits of the transport (proxies, warm browser pages) by state: ready, or cooling after a block',
          labelNames: ['transport', 'state'] as const,
          registers,
        }),
    ),
    browserRestarts: once(
      registry,
      'flight_transport_browser_pages_replaced_total',
      () =>
        new Counter({
          name: 'flight_transport_browser_pages_replaced_total',
          help: 'Warm browser pages closed and opened anew, by why (blocked, worn: served its share of requests, failed)',
          labelNames: ['why'] as const,
          registers,
        }),
    ),
  };
}
export type TransportMetrics = ReturnType<typeof transportMetrics>;

/** Counts every page (answered or failed), its time, and every block the adapter reports, around any transport. */
export function instrumented(transport: FrontierTransport, metrics: TransportMetrics): FrontierTransport {
  const transportLabel = { transport: transport.name };
  return {
    name: transport.name,
    async fetchPage(req: PageRequest): Promise<PageResult> {
      const started = performance.now();
      try {
        const result = await transport.fetchPage(req);
        metrics.requests.inc({ ...transportLabel, result: 'answered' });
        metrics.latency.observe(transportLabel, (result.kind === 'answer' ? result.answer.ms : performance.now() - started) / 1000);
        return result;
      } catch (e) {
        metrics.requests.inc({ ...transportLabel, result: 'failed' });
        throw e;
      }
    },
    report(answer: PageAnswer, block: BlockReason | null) {
      if (block) metrics.blocks.inc({ ...transportLabel, reason: block });
      transport.report(answer, block);
    },
    close: () => transport.close(),
  };
}

/** Records the exits' states: how many can send now and how many are cooling down after a block. */
export function setExits(metrics: TransportMetrics, transport: TransportName, ready: number, cooling: number) {
  metrics.exits.set({ transport, state: 'ready' }, ready);
  metrics.exits.set({ transport, state: 'cooling' }, cooling);
}
