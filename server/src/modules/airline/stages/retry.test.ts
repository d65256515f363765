import type { Flight } from '@gowild/contract/flights';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AttemptResult, UpstreamRequest } from '../gateway-types';
import { retryStage } from './retry';

const req = (lane: UpstreamRequest['lane'] = 'traveller'): UpstreamRequest => ({
  key: 'DEN-LAS-2026-04-02',
  query: { origin: 'DEN', destination: 'LAS', date: '2026-04-02' },
  lane,
  hedges: 1,
});
const ok: AttemptResult = { kind: 'flights', flights: [{ flight_number: 'F9 1' } as Flight] };
const error: AttemptResult = { kind: 'server-error', status: 502 };

/** The retry stage over a scripted airline (the last answer repeats), in fake time: sleeps are real timers. */
function setup(answers: AttemptResult[], opts: { retries?: number; together?: boolean } = {}) {
  vi.useFakeTimers();
  let calls = 0;
  const sleeps: number[] = [];
  const attemptAt: number[] = [];
  const t0 = Date.now();
  const lookup = retryStage(
    async () => {
      attemptAt.push(Date.now() - t0);
      return answers[Math.min(calls++, answers.length - 1)] as AttemptResult;
    },
    {
      retries: opts.retries ?? 2,
      backoff: (n) => 200 * 2 ** n,
      failingTogether: () => opts.together ?? false,
      lastChanceBudget: 0.1,
      maxRetryAfterMs: 1000,
      timeoutMs: 1000,
      sleep: (ms) => (sleeps.push(ms), new Promise((r) => setTimeout(r, ms))),
      noteMalformed: () => {},
    },
  );
  const run = async (r = req()) => {
    const out = lookup(r);
    await vi.runAllTimersAsync();
    return out;
  };
  return { run, sleeps, attemptAt, calls: () => calls };
}

describe('retry stage (decision 162)', () => {
  afterEach(() => vi.useRealTimers());

  it('retries an independent 5xx at once, with no back-off', async () => {
    const s = setup([error, error, ok]);
    expect(await s.run()).toMatchObject({ ok: true });
    expect(s.attemptAt).toEqual([0, 0, 0]);
    expect(s.sleeps).toEqual([]);
  });

  it('backs off, growing, while failures come together', async () => {
    const s = setup([error, error, ok], { together: true });
    expect(await s.run()).toMatchObject({ ok: true });
    expect(s.attemptAt).toEqual([0, 200, 600]);
  });

  it('gives a query whose retries all failed as many last chances, at once', async () => {
    const s = setup([error, error, error, ok]);
    expect(await s.run()).toMatchObject({ ok: true });
    expect(s.calls()).toBe(4);
    expect(s.attemptAt).toEqual([0, 0, 0, 0]);
    const failing = setup([error]);
    expect(await failing.run()).toMatchObject({ ok: false, reason: 'server-error' });
    expect(failing.calls()).toBe(5);
  });

  it('keeps last chances near a tenth of the queries', async () => {
    const s = setup([error]);
    // A full budget of 10 (a tenth more per query): 5 failing queries in a row get their two last chances each.
    for (let i = 0; i < 5; i++) await s.run();
    expect(s.calls()).toBe(25);
    // The budget is spent: the next one gets none (half a token has come back since).
    await s.run();
    expect(s.calls()).toBe(28);
  });

  it('gives no last chance while failures come together, to background work, or with retries off', async () => {
    const together = setup([error], { together: true });
    await together.run();
    expect(together.calls()).toBe(3);
    const background = setup([error]);
    await background.run(req('background'));
    expect(background.calls()).toBe(3);
    const off = setup([error], { retries: 0 });
    await off.run();
    expect(off.calls()).toBe(1);
  });
});
