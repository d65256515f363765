import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Exponential back-off, the one retry delay of every outside call: `baseMs` doubled per retry up to `maxMs`, with
 * "equal jitter" (a random point in the upper half of that ceiling, so callers that failed together do not all
 * come back together) or none (the e-mail outbox, whose retries are hours apart and stored in the database).
 */
export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  jitter?: 'equal' | 'none';
  /** Injected for tests. */
  random?: () => number;
}

/** The wait before retry number `retry` (0 for the first retry). */
export function exponentialBackoff(opts: BackoffOptions): (retry: number) => number {
  const random = opts.random ?? Math.random;
  return (retry) => {
    const ceiling = Math.min(opts.maxMs, opts.baseMs * 2 ** Math.max(0, retry));
    return opts.jitter === 'none' ? ceiling : Math.round(ceiling / 2 + random() * (ceiling / 2));
  };
}

/**
 * A hold after failures in a row, for a caller that must not send at all for a while (a transport's exit after the
 * airline blocked it) rather than retry one call: each failure in a row sets a pause of `exponentialBackoff` without
 * jitter (from `baseMs`, doubling, up to `maxMs`), counted from that failure; `ok()` ends the run (the pause under way
 * still runs out). `now` is monotonic milliseconds, injected for tests.
 */
export function createBackoffHold(baseMs: number, maxMs: number, now: () => number = () => performance.now()) {
  const pause = exponentialBackoff({ baseMs, maxMs, jitter: 'none' });
  let streak = 0;
  let until = 0;
  return {
    failed() {
      streak++;
      // The exponent stays bounded: baseMs may be 0, and 0 × 2^1024 is NaN.
      until = now() + pause(Math.min(30, streak - 1));
    },
    ok() {
      streak = 0;
    },
    /** Milliseconds until the hold is over. */
    remaining: () => Math.max(0, until - now()),
    /** Resolves when the hold is over (at once when there is none) with how long it waited; rejects when `signal` aborts first. */
    async ready(signal: AbortSignal): Promise<number> {
      const ms = Math.max(0, until - now());
      if (ms > 0) await sleep(ms, undefined, { signal });
      return ms;
    },
  };
}
