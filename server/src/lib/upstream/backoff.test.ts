import { describe, expect, it } from 'vitest';
import { exponentialBackoff } from './backoff';

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
