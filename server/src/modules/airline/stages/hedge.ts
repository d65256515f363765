import type { LatencyTracker } from '../../../lib/upstream/latency-tracker';
import type { Semaphore } from '../../../lib/upstream/semaphore';
import type { AirlineMetrics } from '../airline.metrics';
import type { AttemptResult, Send, UpstreamRequest } from '../gateway-types';
import type { ProviderSend } from './provider';

/** Decision 059's settings: see GatewayOptions.hedge. */
export interface HedgeSettings {
  minSamples: number;
  minDelayMs: number;
  margin: number;
  budget: number;
}

interface HedgeStageDeps {
  latency: LatencyTracker;
  metrics: AirlineMetrics;
  sleep: (ms: number) => Promise<void>;
  /** The settings now, or undefined while hedging is off. */
  settings: () => HedgeSettings | undefined;
  /** Spare capacity (behind every ordinary request) and the pacer's next start, for the hedge itself. */
  slots: Pick<Semaphore, 'acquireSpare' | 'release'>;
  start: () => Promise<void>;
  /** No back-pressure, no open breaker, no pause: a hedge would not add to a problem. */
  calm: () => boolean;
}

/** Worth waiting for the other half of a hedge: the answer may still come from it. */
const isRetryable = (r: AttemptResult) =>
  r.kind === 'server-error' || r.kind === 'timeout' || r.kind === 'network-error' || r.kind === 'cancelled';

/** Lets answers already received but not yet read (a busy event loop runs timers first) settle before hedging. */
const afterPendingIo = () => new Promise<undefined>((resolve) => setImmediate(() => resolve(undefined)));

/**
 * The hedge stage (decision 059): the attempt, plus one hedge when it is still unanswered past the observed p95
 * latency. The hedge waits for a spare slot and a rate token; the first answer wins and the other is cancelled.
 * Hedges spend a budget that grows by `budget` per attempt (up to 10), so they stay near a tenth of the requests.
 */
export function hedgeStage(send: ProviderSend, deps: HedgeStageDeps): Send {
  const { latency, metrics, slots } = deps;
  let tokens = 10;

  /** Races the first attempt against the hedge; a failed hedge ends the wait for a first attempt that is past the p95. */
  async function race(req: UpstreamRequest, primary: Promise<AttemptResult>, primaryCancel: AbortController) {
    // `giveUp` ends the hedge's wait for a slot and a token once the first attempt has come back; `hedgeCancel`
    // cancels a hedge that is out, once the race below is decided.
    const giveUp = new AbortController();
    const hedgeCancel = new AbortController();
    void primary.then(() => giveUp.abort());
    const hedge = (async (): Promise<AttemptResult | undefined> => {
      if (!(await slots.acquireSpare(giveUp.signal))) return undefined;
      try {
        if (giveUp.signal.aborted || !deps.calm()) return undefined;
        await deps.start();
        if (giveUp.signal.aborted) return undefined;
        req.hedges--;
        metrics.hedges.inc({ result: 'sent' });
        return await send(req.query, hedgeCancel.signal);
      } finally {
        slots.release();
      }
    })();
    const result = await new Promise<{ result: AttemptResult; by: 'primary' | 'hedge' }>((resolve) => {
      let left = 2;
      let fallback: { result: AttemptResult; by: 'primary' | 'hedge' } | undefined;
      const settle = (by: 'primary' | 'hedge') => (r: AttemptResult | undefined) => {
        left--;
        if (r && (!isRetryable(r) || (by === 'hedge' && r.kind !== 'cancelled'))) return resolve({ result: r, by });
        if (r && r.kind !== 'cancelled') fallback = { result: r, by };
        if (left === 0) resolve(fallback ?? { result: r ?? { kind: 'cancelled' }, by });
      };
      void primary.then(settle('primary'));
      void hedge.then(settle('hedge'));
    });
    primaryCancel.abort();
    giveUp.abort();
    hedgeCancel.abort();
    if (result.by === 'hedge' && result.result.kind === 'flights') metrics.hedges.inc({ result: 'won' });
    return result.result;
  }

  return async (req, probe) => {
    const primaryCancel = new AbortController();
    // The first attempt may be cut early when the site has not begun answering (decision 220); the hedge is not.
    const primary = send(req.query, primaryCancel.signal, { cut: !probe && req.hedges > 0 });
    const settings = deps.settings();
    if (settings) tokens = Math.min(10, tokens + settings.budget);
    // The breaker's trial goes alone, and an attempt hedges at most once.
    const p95 = settings && !probe && req.hedges > 0 ? latency.p95(settings.minSamples) : undefined;
    if (p95 === undefined || !settings) return primary;
    // Past the p95 by a margin, so that the ordinary tail (5% of answers, by definition) is not asked twice.
    const delay = Math.max(settings.minDelayMs, p95 * settings.margin);
    const first = await Promise.race([primary, deps.sleep(delay).then(afterPendingIo)]);
    if (first !== undefined || tokens < 1 || !deps.calm()) return first ?? (await primary);
    tokens -= 1;
    return race(req, primary, primaryCancel);
  };
}
