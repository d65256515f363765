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
