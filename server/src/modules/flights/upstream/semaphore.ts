/**
 * Counting semaphore: at most `limit` holders at once (the gateway's cap on airline requests in flight, across all
 * searches). A released slot goes straight to the longest waiter, so nobody is starved.
 */
export function createSemaphore(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
    async acquire(): Promise<void> {
      if (active < limit) {
        active++;
        return;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    release() {
      const next = waiting.shift();
      if (next) next();
      else active--;
    },
  };
}
