import { describe, expect, it } from 'vitest';
import { createBackoffHold, exponentialBackoff } from './backoff';

describe('exponential back-off', () => {
  it('doubles from the base up to the cap, with equal jitter in the upper half', () => {
    const low = exponentialBackoff({ baseMs: 250, maxMs: 2000, random: () => 0 });
    const high = exponentialBackoff({ baseMs: 250, maxMs: 2000, random: () => 0.999999 });
    expect([0, 1, 2, 3, 4].map(low)).toEqual([125, 250, 500, 1000, 1000]);
    expect([0, 1, 2, 3, 4].map(high)).toEqual([250, 500, 1000, 2000, 2000]);
  });

  it('without jitter is the ceiling itself (the e-mail outbox)', () => {
    const backoff = exponentialBackoff({ baseMs: 30_000, maxMs: 3_600_000, jitter: 'none' });
    expect([0, 1, 2, 7, 20].map(backoff)).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
  });
});

describe('back-off hold', () => {
  it('holds for the doubling pause after each failure in a row, from that failure, up to the cap', () => {
    let now = 1000;
    const hold = createBackoffHold(100, 350, () => now);
    expect(hold.remaining()).toBe(0);
    hold.failed();
    expect(hold.remaining()).toBe(100);
    now += 40;
    hold.failed();
    expect(hold.remaining()).toBe(200);
    hold.failed();
    expect(hold.remaining()).toBe(350);
    now += 350;
    expect(hold.remaining()).toBe(0);
  });

  it('starts again from the base after ok(), letting the pause under way run out', () => {
    let now = 0;
    const hold = createBackoffHold(100, 10_000, () => now);
    hold.failed();
    hold.failed();
    expect(hold.remaining()).toBe(200);
    hold.ok();
    expect(hold.remaining()).toBe(200);
    now += 200;
    hold.failed();
    expect(hold.remaining()).toBe(100);
  });

  it('with a zero base never holds, however long the run', () => {
    const hold = createBackoffHold(0, 1000, () => 0);
    for (let i = 0; i < 2000; i++) hold.failed();
    expect(hold.remaining()).toBe(0);
  });

  it('ready() waits out the hold and says how long, or rejects when aborted first', async () => {
    const hold = createBackoffHold(30, 30);
    expect(await hold.ready(new AbortController().signal)).toBe(0);
    hold.failed();
    const waited = await hold.ready(new AbortController().signal);
    expect(waited).toBeGreaterThan(0);
    expect(waited).toBeLessThanOrEqual(30);
    hold.failed();
    const stop = new AbortController();
    const waiting = hold.ready(stop.signal);
    stop.abort();
    await expect(waiting).rejects.toThrow();
  });
});
