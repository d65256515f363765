import { afterEach, describe, expect, it } from 'vitest';
import { noteNetworkAnswer, reloadWhenReachable, waitBeforeLook } from './reach-again';

/** Deps whose timers run only when the test says, and whose server answers as `answers` says, look by look. */
function fakeBrowser(answers: boolean[]) {
  const timers: { fn: () => void; ms: number }[] = [];
  const waits: number[] = [];
  let reloads = 0;
  let looks = 0;
  const deps = {
    reachable: async () => answers[looks++] ?? false,
    reload: () => void reloads++,
    setTimer: (fn: () => void, ms: number) => {
      const t = { fn, ms };
      timers.push(t);
      waits.push(ms);
      return t;
    },
    clearTimer: (t: unknown) => void timers.splice(timers.indexOf(t as (typeof timers)[number]), 1),
  };
  /** Runs the next timer and lets its look finish. */
  const tick = async () => {
    timers.shift()!.fn();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { deps, tick, waits, reloads: () => reloads, pending: () => timers.length };
}

describe('reloading a saved screen once the server answers', () => {
  afterEach(() => noteNetworkAnswer());

  it('looks at once, then after 2 s, 4 s, 8 s … up to a minute', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 12].map(waitBeforeLook)).toEqual([0, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it('reloads on the first look that the server answers, and not before', async () => {
    const b = fakeBrowser([false, false, true]);
    reloadWhenReachable(b.deps);
    await b.tick();
    await b.tick();
    expect(b.reloads()).toBe(0);
    await b.tick();
    expect(b.reloads()).toBe(1);
    expect(b.waits).toEqual([0, 2000, 4000]);
    expect(b.pending()).toBe(0);
  });

  it('after a reload that showed a saved copy again, starts later; an answer from the network starts it at once again', async () => {
    const first = fakeBrowser([true]);
    reloadWhenReachable(first.deps);
    await first.tick();
    // The reloaded page got a saved copy again: its look waits.
    const second = fakeBrowser([true]);
    reloadWhenReachable(second.deps);
    await second.tick();
    const third = fakeBrowser([true]);
    reloadWhenReachable(third.deps);
    expect([first.waits[0], second.waits[0], third.waits[0]]).toEqual([0, 2000, 4000]);
    noteNetworkAnswer();
    const fresh = fakeBrowser([true]);
    reloadWhenReachable(fresh.deps);
    expect(fresh.waits[0]).toBe(0);
  });

  it('stops looking when told: no reload after the saved screen has gone', async () => {
    const b = fakeBrowser([false, true]);
    const stop = reloadWhenReachable(b.deps);
    await b.tick();
    stop();
    expect(b.pending()).toBe(0);
    expect(b.reloads()).toBe(0);
  });
});
