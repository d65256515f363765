import { createRequestPacer } from '../../../lib/upstream/request-pacer';
import type { AirlineMetrics } from '../airline.metrics';
import { type Send, isThrottle } from '../gateway-types';

interface PaceOptions {
  rps: number;
  rpsFloor?: number;
  rpsStep?: number;
  metrics: AirlineMetrics;
  monotonic: () => number;
  sleep: (ms: number) => Promise<void>;
}

/**
 * The airline's etiquette (decision 058): an adaptive request rate (a token bucket that halves on back-pressure and
 * recovers per good answer), and a pause for everyone while a 429's Retry-After runs: the airline throttles the
 * client, not a route.
 */
export function createPace(opts: PaceOptions) {
  const { monotonic, sleep, metrics } = opts;
  const pacer = createRequestPacer(opts.rps, monotonic, sleep, {
    floor: opts.rpsFloor,
    step: opts.rpsStep,
    onRate: (r) => metrics.requestRate.set(r),
  });
  metrics.requestRate.set(pacer.rate());
  let pausedUntil = 0;
  return {
    /**
     * Resolves when the next request may start: past any Retry-After pause, with a rate token. A heavy user's
     * request (decision 116) leaves half the bucket to the others, so a newcomer's burst starts at once.
     */
    async start(heavy = false): Promise<void> {
      for (let wait = pausedUntil - monotonic(); wait > 0; wait = pausedUntil - monotonic()) await sleep(wait);
      await pacer.take(heavy ? 0.5 : 0);
    },
    /** Neither slowed down nor paused: the airline is not pushing back. */
    calm: () => !pacer.throttled() && pausedUntil <= monotonic(),
    rate: () => pacer.rate(),
    /** Learns from one answer: a good one speeds back up, back-pressure slows down and pauses for its Retry-After. */
    learn(result: Awaited<ReturnType<Send>>) {
      if (result.kind === 'flights') pacer.speedUp();
      else if (result.kind === 'blocked' && isThrottle(result)) {
        pacer.slowDown();
        pausedUntil = Math.max(pausedUntil, monotonic() + (result.retryAfterMs ?? 1000));
      }
    },
  };
}
export type Pace = ReturnType<typeof createPace>;

/** The pace stage: every answer below it teaches the pace (the start itself is the fair queue's gate). */
export function paceStage(next: Send, pace: Pace, stopping?: AbortSignal): Send {
  return async (req, probe) => {
    const result = await next(req, probe);
    // Aborted for the shutdown: says nothing about the airline.
    if (!stopping?.aborted) pace.learn(result);
    return result;
  };
}
