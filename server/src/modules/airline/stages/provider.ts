import type { FlightProvider, FlightQuery } from '../../../providers/flights/flights.provider';
import type { LatencyTracker } from '../../../lib/upstream/latency-tracker';
import { withTimeout } from '../../../lib/upstream/timeout';
import type { AirlineMetrics } from '../airline.metrics';
import type { AttemptResult } from '../gateway-types';
import type { AttemptWatch } from './observe';

function outcomeLabel(r: AttemptResult): string {
  switch (r.kind) {
    case 'flights':
      return r.flights.length > 0 ? 'ok' : 'no_flights';
    case 'blocked':
      return r.reason === 'throttled' ? 'throttled' : r.reason === 'not-acceptable' ? 'not_acceptable' : 'blocked';
    default:
      return r.kind.replace('-', '_');
  }
}

/** Lets answers already received but not yet read (a busy event loop runs timers first) settle before acting on a delay. */
const afterPendingIo = () => new Promise<undefined>((resolve) => setImmediate(() => resolve(undefined)));

/** Decision 220's settings: see GatewayOptions.earlyCut. */
export interface EarlyCutSettings {
  minSamples: number;
  minDelayMs: number;
  margin: number;
}

interface ProviderStageDeps {
  provider: FlightProvider;
  timeoutMs: number;
  stopping?: AbortSignal;
  /** How long whole answers take (the hedge's p95). */
  latency: LatencyTracker;
  /** How long the site takes to begin answering (its first HTTP answer) in attempts that brought flights. */
  firstAnswers: LatencyTracker;
  metrics: AirlineMetrics;
  monotonic: () => number;
  sleep: (ms: number) => Promise<void>;
  /** The early cut's settings now, or undefined while it is off. */
  earlyCut: () => EarlyCutSettings | undefined;
  /** No back-pressure, no open breaker, no pause, no failures coming together: a cut and its retry would not add to a problem. */
  calm: () => boolean;
  /** Attempts under way whose site has begun answering, kept up to date here (the breaker's failure window reads it). */
  answering: { count: number };
  /** Told of each attempt, its first answer and its end (the observation store's write schedule, decision 330). */
  watch?: () => AttemptWatch;
}

/** What an attempt is allowed: `cut: false` for the breaker's trial and for background work (decision 220). */
interface AttemptOptions {
  cut: boolean;
}

/**
 * How long an attempt may go without the site's first answer before it is cut (decision 220), or undefined for no
 * cut: past the observed p95 of first answers by a margin, never sooner than `minDelayMs`, and only when the first
 * answer normally comes well before the page (at most half the p95 of whole answers). Where the first answer is the
 * page (a scraping service) or is not reported (a browser page), there is nothing to gain over the hedge.
 */
function earlyCutDelay(settings: EarlyCutSettings, firstAnswers: LatencyTracker, latency: LatencyTracker): number | undefined {
  const first = firstAnswers.p95(settings.minSamples);
  const whole = latency.p95(settings.minSamples);
  if (first === undefined || whole === undefined) return undefined;
  const delay = Math.max(settings.minDelayMs, first * settings.margin);
  return delay * 2 <= whole ? delay : undefined;
}

/**
 * The provider stage: one HTTP attempt under the time-out policy, cut by `cancel` (a hedge race decided) or by the
 * shutdown. Counts every answer by outcome and times the real answers for the hedge's p95.
 *
 * The early cut (decision 220): an attempt whose site has not begun answering (no first HTTP answer, the
 * InternalSelect redirect) past the p95 of first answers (at least 150 ms) is cut as a time-out, so the retry stage sends a fresh
 * attempt at once. A 5xx that the site takes its time to send, or a hang, then costs that delay instead of a whole
 * answer's time or the time-out. An attempt cut that would have answered costs one request: by the p95, a few in a
 * hundred of the good ones at most.
 */
export function providerStage(deps: ProviderStageDeps) {
  const { provider, stopping, latency, firstAnswers, metrics, monotonic } = deps;
  return async function send(query: FlightQuery, cancel: AbortSignal, attempt: AttemptOptions = { cut: false }): Promise<AttemptResult> {
    const started = monotonic();
    let firstAnswerMs: number | undefined;
    let done = false;
    const cut = new AbortController();
    const settings = attempt.cut && deps.calm() ? deps.earlyCut() : undefined;
    const delay = settings ? earlyCutDelay(settings, firstAnswers, latency) : undefined;
    if (delay !== undefined) {
      void deps
        .sleep(delay)
        .then(afterPendingIo)
        .then(() => {
          if (!done && firstAnswerMs === undefined && deps.calm()) cut.abort();
        });
    }
    const watched = deps.watch?.();
    const progress = {
      firstAnswer: () => {
        if (done || firstAnswerMs !== undefined) return;
        firstAnswerMs = monotonic() - started;
        deps.answering.count++;
        watched?.answering();
      },
    };
    const timed = await withTimeout((signal) => provider.fetchFlights(query, signal, progress), deps.timeoutMs, [
      cancel,
      stopping,
      cut.signal,
    ]);
    done = true;
    watched?.end();
    if (firstAnswerMs !== undefined) deps.answering.count--;
    const wasCut = cut.signal.aborted && !cancel.aborted && !stopping?.aborted;
    let result: AttemptResult = timed.ok
      ? timed.value
      : wasCut
        ? { kind: 'timeout', early: true }
        : timed.cause === 'timeout'
          ? { kind: 'timeout' }
          : timed.cause === 'aborted'
            ? { kind: 'cancelled' }
            : { kind: 'network-error', detail: (timed.error as Error).message };
    if ((cancel.aborted || stopping?.aborted) && result.kind !== 'flights') result = { kind: 'cancelled' };
    // Aborted for the shutdown: not the airline's doing, so not counted as one of its answers.
    if (stopping?.aborted) return result;
    if (wasCut && result.kind === 'timeout') metrics.earlyCuts.inc();
    // Only answers tell how long the airline takes; time-outs and cancelled halves would skew the p95.
    if (result.kind !== 'timeout' && result.kind !== 'network-error' && result.kind !== 'cancelled') latency.add(monotonic() - started);
    // Normal first answers only: a 5xx that took its time would teach the cut to wait for it.
    if (result.kind === 'flights' && firstAnswerMs !== undefined) firstAnswers.add(firstAnswerMs);
    metrics.upstreamRequests.inc({ outcome: outcomeLabel(result) });
    return result;
  };
}
export type ProviderSend = ReturnType<typeof providerStage>;
