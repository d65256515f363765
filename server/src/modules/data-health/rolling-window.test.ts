import { describe, expect, it } from 'vitest';
import { createRollingWindow } from './rolling-window';

const MINUTE = 60_000;

function windowAt(start = Date.parse('2026-07-15T12:00:00Z')) {
  let now = start;
  const w = createRollingWindow({ now: () => now, samplesPerMinute: 50, random: () => 0.999 });
  return { w, advance: (ms: number) => void (now += ms) };
}

describe('rolling window', () => {
  it('counts calls by outcome over the last hour and forgets older minutes', () => {
    const { w, advance } = windowAt();
    w.record('ok', 100);
    w.record('blocked', 50);
    advance(30 * MINUTE);
    w.record('throttled', 10);
    w.record('failed', 10);
    expect(w.summary()).toMatchObject({ successes: 1, blocks: 1, throttled: 1, failures: 1 });
    advance(30 * MINUTE); // the first minute is now an hour old
    expect(w.summary()).toMatchObject({ successes: 0, blocks: 0, throttled: 1, failures: 1 });
    advance(30 * MINUTE);
    expect(w.summary()).toMatchObject({ successes: 0, blocks: 0, throttled: 0, failures: 0, p50: null, p95: null });
  });

  it('reuses a slot when its minute comes round again, without the old counts', () => {
    const { w, advance } = windowAt();
    for (let i = 0; i < 5; i++) w.record('ok', 1);
    advance(60 * MINUTE);
    w.record('failed', 1);
    expect(w.summary()).toMatchObject({ successes: 0, failures: 1 });
  });

  it('gives p50 and p95 of the latencies, and the recent minutes alone when asked', () => {
    const { w, advance } = windowAt();
    for (let ms = 1; ms <= 20; ms++) w.record('ok', ms);
    expect(w.summary()).toMatchObject({ p50: 10, p95: 19 });
    advance(20 * MINUTE);
    w.record('ok', 500);
    expect(w.summary(10)).toMatchObject({ successes: 1, p50: 500, p95: 500 });
    expect(w.summary().successes).toBe(21);
  });

  it('keeps a bounded sample of latencies per minute, whatever the load', () => {
    const { w } = windowAt();
    for (let i = 0; i < 10_000; i++) w.record('ok', 5);
    const s = w.summary();
    expect(s.successes).toBe(10_000);
    expect(s.p95).toBe(5);
  });

  it('remembers the newest success after the hour has passed', () => {
    const { w, advance } = windowAt();
    w.record('ok', 10);
    const at = Date.parse('2026-07-15T12:00:00Z');
    advance(3 * 60 * MINUTE);
    w.record('failed', 10);
    expect(w.summary()).toMatchObject({ successes: 0, failures: 1, lastOkAt: at });
  });
});
