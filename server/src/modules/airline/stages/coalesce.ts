import type { AirlineMetrics } from '../airline.metrics';
import type { FailureReason, Lookup, UpstreamOutcome } from '../gateway-types';
import type { SharedUpstream } from '../shared-upstream';
import type { AnswerStore } from './cache';

interface CoalesceOptions {
  store: AnswerStore;
  metrics: AirlineMetrics;
  monotonic: () => number;
  sleep: (ms: number) => Promise<void>;
  /** The other API processes (decision 060); without it, coalescing is per process. */
  shared?: SharedUpstream;
  pollMs: number;
  /** The longest one query can keep the airline busy: the most another process waits for it. */
  claimMs: number;
}

/**
 * The coalesce stage: one airline request per (route, date) in flight, in this process and, with a shared store,
 * across processes; the others wait for its answer. The answer is cached before the claim ends.
 */
export function coalesceStage(next: Lookup, opts: CoalesceOptions) {
  const { store, metrics, shared, pollMs } = opts;
  const inflight = new Map<string, Promise<UpstreamOutcome>>();

  /**
   * Another process is asking the airline for this query: wait for its answer to land in the cache, or for its
   * failure. Undefined (ask the airline ourselves) when it ends with neither, the store cannot be read, or it takes
   * longer than any request can.
   */
  async function waitForPeer(key: string): Promise<UpstreamOutcome | undefined> {
    for (const deadline = opts.monotonic() + opts.claimMs + pollMs; opts.monotonic() < deadline;) {
      await opts.sleep(pollMs);
      const seen = await shared?.peek(key);
      if (!seen) {
        metrics.sharedUnavailable.inc();
        return undefined;
      }
      if (seen.failure) return { ok: false, reason: seen.failure.reason as FailureReason, detail: seen.failure.detail };
      if (!seen.held) {
        const entry = await store.get(key);
        return entry && store.isFresh(entry) ? { ok: true, flights: entry.flights, dropped: entry.dropped ?? 0 } : undefined;
      }
    }
    return undefined;
  }

  const lookup: Lookup = (req) => {
    const pending = inflight.get(req.key);
    if (pending) {
      metrics.coalesced.inc();
      return pending;
    }
    const started = (async (): Promise<UpstreamOutcome> => {
      const claim = shared ? await shared.claim(req.key) : 'unavailable';
      if (shared && claim === 'unavailable') metrics.sharedUnavailable.inc();
      if (claim === 'taken') {
        const peer = await waitForPeer(req.key);
        if (peer) {
          metrics.coalesced.inc();
          return peer;
        }
      }
      let r: UpstreamOutcome | undefined;
      try {
        r = await next(req);
        if (r.ok) await store.remember(req.key, r.flights, r.dropped);
        return r;
      } finally {
        if (claim === 'mine') await shared?.finish(req.key, r && !r.ok ? { reason: r.reason, detail: r.detail } : undefined);
      }
    })().finally(() => inflight.delete(req.key));
    inflight.set(req.key, started);
    return started;
  };
  return { lookup, inFlight: (key: string) => inflight.has(key), size: () => inflight.size };
}
