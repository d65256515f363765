/**
 * Paces the requests we send the airline: a token bucket of `rps` tokens a second, holding at most one second's
 * worth, whose takers are served in order. Not to be confused with lib/rate-limit.ts, which limits what clients
 * may ask of us; this limits what we ask of the airline.
 */
export function createRequestPacer(rps: number, now: () => number, sleep: (ms: number) => Promise<void>) {
  const capacity = Math.max(1, rps);
  let tokens = capacity;
  let last = now();
  let queue: Promise<void> = Promise.resolve();
  const refill = () => {
    const t = now();
    tokens = Math.min(capacity, tokens + ((t - last) / 1000) * rps);
    last = t;
  };
  return {
    /** Resolves when this request may start. */
    take(): Promise<void> {
      const turn = queue.then(async () => {
        refill();
        while (tokens < 1) {
          await sleep(Math.max(1, Math.ceil(((1 - tokens) / rps) * 1000)));
          refill();
        }
        tokens -= 1;
      });
      queue = turn;
      return turn;
    },
  };
}
