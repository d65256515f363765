import { describe, expect, it } from 'vitest';
import { createRequestPacer } from './request-pacer';

/** A pacer on a hand-moved clock whose sleeps advance the clock and are recorded. */
function paced(rps: number, opts: Parameters<typeof createRequestPacer>[3] = {}) {
  let t = 0;
  const sleeps: number[] = [];
  const pacer = createRequestPacer(
    rps,
    () => t,
    async (ms) => {
      sleeps.push(ms);
      t += ms;
    },
    opts,
  );
  return { pacer, sleeps, advance: (ms: number) => (t += ms) };
}

describe('request pacer (token bucket toward the airline)', () => {
  it('lets one second of requests through at once, then one every 1/rps seconds', async () => {
    const { pacer, sleeps } = paced(2);
    for (let i = 0; i < 4; i++) await pacer.take();
    expect(sleeps).toEqual([500, 500]);
  });

  it('refills with time, up to one second of tokens', async () => {
    const { pacer, sleeps, advance } = paced(4);
    for (let i = 0; i < 4; i++) await pacer.take();
    advance(10_000);
    for (let i = 0; i < 4; i++) await pacer.take();
    expect(sleeps).toEqual([]);
    await pacer.take();
    expect(sleeps).toEqual([250]);
  });

  it('holds at least one token below one request a second', async () => {
    const { pacer, sleeps } = paced(0.5);
    await pacer.take();
    await pacer.take();
    expect(sleeps).toEqual([2000]);
  });

  it('serves concurrent takers in the order they asked', async () => {
    const { pacer } = paced(1);
    const order: number[] = [];
    await Promise.all([1, 2, 3].map((n) => pacer.take().then(() => order.push(n))));
    expect(order).toEqual([1, 2, 3]);
  });

  it('halves the rate on back-pressure, once per episode, never below the floor, and recovers additively', () => {
    const rates: number[] = [];
    const { pacer, advance } = paced(40, { floor: 4, step: 2, holdMs: 1000, onRate: (r) => rates.push(r) });
    pacer.slowDown();
    pacer.slowDown(); // the same episode: a burst of 429s answers requests sent at the old rate
    expect(pacer.rate()).toBe(20);
    expect(pacer.throttled()).toBe(true);
    for (let i = 0; i < 4; i++) {
      advance(1000);
      pacer.slowDown();
    }
    expect(pacer.rate()).toBe(4);
    for (let i = 0; i < 10; i++) pacer.speedUp();
    expect(pacer.rate()).toBe(24);
    for (let i = 0; i < 20; i++) pacer.speedUp();
    expect(pacer.rate()).toBe(40);
    expect(pacer.throttled()).toBe(false);
    expect(rates.slice(0, 4)).toEqual([20, 10, 5, 4]);
  });

  it('paces at the lowered rate', async () => {
    const { pacer, sleeps } = paced(4, { floor: 1 });
    for (let i = 0; i < 4; i++) await pacer.take();
    pacer.slowDown();
    await pacer.take();
    await pacer.take();
    expect(sleeps).toEqual([500, 500]);
  });

  it("leaves the reserve of the bucket to others: a heavy user's request waits while it is all that is left", async () => {
    const { pacer, sleeps } = paced(10);
    // Ten tokens; a heavy taker (reserve one half) may take the five above the reserve, then waits for refills.
    for (let i = 0; i < 5; i++) await pacer.take(0.5);
    expect(sleeps).toEqual([]);
    await pacer.take(0.5);
    expect(sleeps).toEqual([100]);
    // Anyone else still finds the reserve there at once.
    for (let i = 0; i < 5; i++) await pacer.take();
    expect(sleeps).toEqual([100]);
  });
});
