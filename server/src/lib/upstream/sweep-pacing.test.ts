import { describe, expect, it } from 'vitest';
import { createRequestPacer } from './request-pacer';
import { createSemaphore } from './semaphore';

/**
 * The sweep's schedule on a hand-moved clock (issue 23: "time within 1.1x of routes ÷ the rate cap"). The pacer and the
 * fair queue are the only things between the sweep and the airline that wait; with an airline that answers at once,
 * the time they make N requests take is the schedule itself, free of any machine's load.
 */
function pacedQueue(rps: number, concurrency: number) {
  let t = 0;
  const pacer = createRequestPacer(
    rps,
    () => t,
    async (ms) => {
      t += ms;
    },
  );
  // As the gateway builds them (upstream-gateway.ts): the pacer is the fair queue's gate, heavy users leave half of it.
  const slots = createSemaphore(concurrency, {
    gate: (heavy) => pacer.take(heavy ? 0.5 : 0),
    sustainedUse: Math.max(rps, concurrency),
    now: () => t,
  });
  return { slots, now: () => t };
}

/** `routes` requests of one owner in the background lane, `workers` at a time, each answered at once. */
async function sweep(routes: number, workers: number, q: ReturnType<typeof pacedQueue>) {
  let next = 0;
  const worker = async () => {
    while (next < routes) {
      next++;
      await q.slots.acquire('sweep', 'background');
      q.slots.release('sweep');
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return q.now();
}

describe('the sweep against the rate cap (fake time)', () => {
  it.each([
    [882, 100, 40, 50],
    [882, 20, 20, 50],
    [5000, 100, 40, 50],
  ])('%i routes at %i requests a second (%i in flight of %i) take at most routes ÷ rate', async (routes, rps, workers, limit) => {
    const ms = await sweep(routes, workers, pacedQueue(rps, limit));
    const floorMs = (routes / rps) * 1000;
    // Never faster than the cap allows after the bucket's first second, never slower than routes ÷ rate.
    expect(ms).toBeGreaterThanOrEqual(((routes - rps) / rps) * 1000 - 1);
    expect(ms).toBeLessThanOrEqual(floorMs);
  });

  it('paces one request every 1/rate seconds once the first second is spent', async () => {
    const q = pacedQueue(100, 50);
    const a = await sweep(300, 40, q);
    const b = await sweep(100, 40, q);
    expect(b - a).toBeCloseTo(1000, 0);
  });
});
