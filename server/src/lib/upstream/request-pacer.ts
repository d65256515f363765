interface PacerOptions {
  /** The lowest rate back-pressure may bring it to (requests a second). Default: the ceiling (no adaptation). */
  floor?: number;
  /** Requests a second added back per good answer after a slow-down. */
  step?: number;
  /** Throttling answers within this long of the last slow-down are the same episode and halve the rate only once. */
  holdMs?: number;
  onRate?: (rps: number) => void;
}

/**
 * Paces the requests we send the airline: a token bucket of `rate` tokens a second, holding at most one second's
 * worth, whose takers are served in order. Not to be confused with lib/rate-limit.ts, which limits what clients
 * may ask of us; this limits what we ask of the airline.
 *
 * The rate adapts to back-pressure (decision 058), additive increase and multiplicative decrease: `slowDown()` (a
 * 429 or 406) halves it, down to `floor`, at most once per `holdMs`; `speedUp()` (a good answer) adds `step`, up to
 * the configured ceiling `rps`.
 */
export function createRequestPacer(rps: number, now: () => number, sleep: (ms: number) => Promise<void>, opts: PacerOptions = {}) {
  const ceiling = rps;
  const floor = Math.min(ceiling, opts.floor ?? ceiling);
  const step = opts.step ?? 1;
  const holdMs = opts.holdMs ?? 1000;
  let rate = ceiling;
  let tokens = Math.max(1, rate);
  let last = now();
  let lastSlowDown = -Infinity;
  let queue: Promise<void> = Promise.resolve();
  const capacity = () => Math.max(1, rate);
  const refill = () => {
    const t = now();
    tokens = Math.min(capacity(), tokens + ((t - last) / 1000) * rate);
    last = t;
  };
  const setRate = (r: number) => {
    if (r === rate) return;
    refill();
    rate = r;
    tokens = Math.min(tokens, capacity());
    opts.onRate?.(rate);
  };
  return {
    /**
     * Resolves when this request may start. `reserve`: leave that share of the bucket (0 to 1) for others: a heavy
     * user's request waits until the bucket holds more than it (decision 116).
     */
    take(reserve = 0): Promise<void> {
      const turn = queue.then(async () => {
        refill();
        const need = () => 1 + Math.floor(capacity() * reserve);
        while (tokens < need()) {
          await sleep(Math.max(1, Math.ceil(((need() - tokens) / rate) * 1000)));
          refill();
        }
        tokens -= 1;
      });
      queue = turn;
      return turn;
    },
    /** The current rate, requests a second. */
    rate: () => rate,
    /** Below the configured ceiling: the airline pushed back recently. */
    throttled: () => rate < ceiling,
    slowDown() {
      const t = now();
      if (t - lastSlowDown < holdMs) return;
      lastSlowDown = t;
      setRate(Math.max(floor, rate / 2));
    },
    speedUp() {
      if (rate < ceiling) setRate(Math.min(ceiling, rate + step));
    },
  };
}
