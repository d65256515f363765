/**
 * Counting semaphore: at most `limit` holders at once (the gateway's cap on airline requests in flight, across all
 * searches). A released slot goes straight to the longest waiter, so nobody is starved. Spare-capacity waiters
 * (hedged requests, decision 059) are served only when no ordinary waiter is left, and may give up.
 */
export function createSemaphore(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  const spare: (() => void)[] = [];
  return {
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length + spare.length;
    },
    async acquire(): Promise<void> {
      if (active < limit) {
        active++;
        return;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    /**
     * A slot behind every ordinary waiter. Resolves true with the slot held, or false (nothing held) when `signal`
     * fires first.
     */
    acquireSpare(signal: AbortSignal): Promise<boolean> {
      if (signal.aborted) return Promise.resolve(false);
      if (active < limit && waiting.length === 0) {
        active++;
        return Promise.resolve(true);
      }
      return new Promise<boolean>((resolve) => {
        const grant = () => {
          signal.removeEventListener('abort', giveUp);
          resolve(true);
        };
        const giveUp = () => {
          const i = spare.indexOf(grant);
          if (i >= 0) spare.splice(i, 1);
          resolve(false);
        };
        spare.push(grant);
        signal.addEventListener('abort', giveUp, { once: true });
      });
    },
    release() {
      const next = waiting.shift() ?? spare.shift();
      if (next) next();
      else active--;
    },
  };
}
