import { describe, expect, it } from 'vitest';
import { createMemoryRateLimitStore } from '../rate-limit';
import { createRequestBudget } from './request-budget';

/** A budget on a hand-moved clock. */
function budgetAt() {
  let t = Date.parse('2026-03-01T12:00:00Z');
  const clock = { now: () => new Date(t) };
  return { budget: createRequestBudget(createMemoryRateLimitStore(clock)), advance: (ms: number) => (t += ms) };
}

describe('request budget (per owner, per minute)', () => {
  it('allows `limit` requests a window per owner, refuses the rest with when it renews, and renews', async () => {
    const { budget, advance } = budgetAt();
    for (let i = 0; i < 3; i++) expect(await budget.spend('ann', 3)).toEqual({ ok: true });
    advance(20_000);
    expect(await budget.spend('ann', 3)).toEqual({ ok: false, retryAfterMs: 40_000 });
    // Another owner has a budget of their own.
    expect(await budget.spend('bob', 3)).toEqual({ ok: true });
    expect(await budget.left('ann', 3)).toEqual({ left: 0, resetMs: 40_000 });
    expect(await budget.left('bob', 3)).toMatchObject({ left: 2 });
    advance(40_000);
    expect(await budget.spend('ann', 3)).toEqual({ ok: true });
    expect(await budget.left('ann', 3)).toMatchObject({ left: 2 });
  });
});
