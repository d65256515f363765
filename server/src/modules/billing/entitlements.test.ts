import { describe, expect, it } from 'vitest';
import { FREE, decidingSubscription, entitlementsOf, type SubscriptionState, userEntitlements } from './entitlements';

/** The one mapping of docs/product/billing.md#subscription-states. */
const sub = (overrides: Partial<SubscriptionState>): SubscriptionState => ({
  id: 'sub_1',
  status: 'active',
  plan: 'monthly',
  trialEnd: null,
  currentPeriodEnd: 2_000_000_000,
  cancelAtPeriodEnd: false,
  endedAt: null,
  ...overrides,
});

describe('entitlementsOf', () => {
  it('trialing is premium and in trial until the trial end', () => {
    expect(entitlementsOf(sub({ status: 'trialing', trialEnd: 1_900_000_000, plan: 'yearly' }))).toEqual({
      isPremium: true,
      isTrial: true,
      trialEnd: 1_900_000_000,
      plan: 'yearly',
      periodEnd: 2_000_000_000,
      cancelAtPeriodEnd: false,
    });
  });

  it.each(['active', 'past_due'])('%s is premium, not in trial', (status) => {
    expect(entitlementsOf(sub({ status, trialEnd: 1_900_000_000 }))).toMatchObject({ isPremium: true, isTrial: false, trialEnd: null });
  });

  it.each(['unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'paused', 'a-status-stripe-adds-later'])('%s is free', (status) => {
    expect(entitlementsOf(sub({ status }))).toEqual(FREE);
  });

  it('cancelling at the period end keeps premium and says when it ends', () => {
    expect(entitlementsOf(sub({ cancelAtPeriodEnd: true }))).toMatchObject({
      isPremium: true,
      cancelAtPeriodEnd: true,
      periodEnd: 2_000_000_000,
    });
  });

  it('no subscription is free', () => {
    expect(entitlementsOf(null)).toEqual(FREE);
    expect(userEntitlements([])).toEqual(FREE);
  });
});

describe('decidingSubscription', () => {
  const ended = sub({ id: 'sub_old', status: 'canceled', currentPeriodEnd: 1_500_000_000, endedAt: 1_500_000_000 });
  const paying = sub({ id: 'sub_paying', status: 'active', currentPeriodEnd: 1_800_000_000 });
  const longer = sub({ id: 'sub_longer', status: 'past_due', currentPeriodEnd: 1_900_000_000 });
  const incomplete = sub({ id: 'sub_new', status: 'incomplete', currentPeriodEnd: 2_100_000_000 });

  const permutations = <T>(items: T[]): T[][] =>
    items.length <= 1
      ? [items]
      : items.flatMap((x, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((p) => [x, ...p]));

  it('a subscription that gives premium wins over ended and unpaid ones, the longest of them, in any order', () => {
    for (const order of permutations([ended, paying, longer, incomplete])) expect(decidingSubscription(order)?.id).toBe('sub_longer');
  });

  it('with none giving premium, the latest decides (and the user is free)', () => {
    for (const order of permutations([ended, incomplete])) expect(decidingSubscription(order)?.id).toBe('sub_new');
    expect(userEntitlements([ended, incomplete])).toEqual(FREE);
  });
});
