import { afterEach, describe, expect, it, vi } from 'vitest';
import { withTimeout } from './timeout';

afterEach(() => vi.useRealTimers());

/** Work that never answers by itself and rejects when its signal aborts (as fetch does); `honour: false` ignores it. */
const hung =
  (honour = true) =>
  (signal: AbortSignal) =>
    new Promise<never>((_, reject) => {
      if (!honour) return;
      if (signal.aborted) reject(new Error('aborted'));
      signal.addEventListener('abort', () => reject(new Error('aborted')));
    });

describe('time-out policy', () => {
  it('passes an answer through', async () => {
    expect(await withTimeout(async () => 7, 1000)).toEqual({ ok: true, value: 7 });
  });

  it('answers at the limit and aborts the work, even work that ignores its signal', async () => {
    vi.useFakeTimers();
    let seen: AbortSignal | undefined;
    const outcome = withTimeout((signal) => ((seen = signal), hung(false)(signal)), 500);
    await vi.advanceTimersByTimeAsync(499);
    expect(seen?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toEqual({ ok: false, cause: 'timeout' });
    expect(seen?.aborted).toBe(true);
  });

  it("tells a caller's abort (a cancelled hedge, the shutdown) from the time-out and from the work's own error", async () => {
    vi.useFakeTimers();
    const cancel = new AbortController();
    const cancelled = withTimeout(hung(), 500, [undefined, cancel.signal]);
    cancel.abort();
    expect(await cancelled).toMatchObject({ ok: false, cause: 'aborted' });
    const failing = await withTimeout(async () => {
      throw new Error('ECONNRESET');
    }, 500);
    expect(failing).toMatchObject({ ok: false, cause: 'error', error: new Error('ECONNRESET') });
    const already = await withTimeout(hung(), 500, [AbortSignal.abort()]);
    expect(already).toMatchObject({ ok: false, cause: 'aborted' });
  });
});
