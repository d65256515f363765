import type { ProviderSubscription } from '../../providers/billing/billing.provider';
import type { UserRow } from '../accounts/accounts.module';
import { type BillingContext, type BillingLog, provided } from './billing.context';
import type { SubscriptionRow } from './billing.repository';
import { userEntitlements } from './entitlements';

/** How many times the entitlement recompute re-reads when another handler changed the user's subscriptions meanwhile. */
const MAX_RECOMPUTE_ROUNDS = 5;

const fingerprint = (subs: SubscriptionRow[]) => subs.map((s) => `${s.id}@${s.readAt}`).join(',');

/**
 * Re-reads a subscription from the provider, stores it (a later read wins) and recomputes the user's flags from all
 * their subscriptions with the one mapping (entitlements.ts). Every event ends here, so duplicates and any order of
 * delivery settle the same way.
 */
export function createSubscriptionSync(ctx: BillingContext) {
  const { clock, provider, repo, users } = ctx;

  /** The user a subscription belongs to: by its customer, else by the user id in its metadata (then linked). */
  async function userOf(sub: ProviderSubscription): Promise<UserRow | undefined> {
    if (sub.customerId) {
      const byCustomer = await users.findByStripeCustomer(sub.customerId);
      if (byCustomer) return byCustomer;
    }
    if (!sub.userId) return undefined;
    const byMetadata = await users.findById(sub.userId);
    if (byMetadata && !byMetadata.stripeCustomerId && sub.customerId) await users.linkStripeCustomer(byMetadata.id, sub.customerId);
    return byMetadata;
  }

  /**
   * Recomputes the user's flags from every subscription of theirs. If another handler stored a subscription while
   * this one computed, the check after writing sees it and computes again, so the last write reflects the last read.
   */
  async function recompute(userId: string): Promise<UserRow | undefined> {
    let row: UserRow | undefined;
    for (let round = 0; round < MAX_RECOMPUTE_ROUNDS; round += 1) {
      const before = await repo.subscriptionsOf(userId);
      const ent = userEntitlements(before);
      row = await users.applySubscription(userId, { premium: ent.isPremium, isTrial: ent.isTrial, trialEnd: ent.trialEnd });
      if (fingerprint(await repo.subscriptionsOf(userId)) === fingerprint(before)) break;
    }
    return row;
  }

  /**
   * One trial per user, ever (decision 122): a trialing subscription records the user's trial unless another
   * subscription holds it; then its trial is ended at once (the provider bills it as a plain subscription) and the
   * subscription is read again. Answers the copy to store.
   */
  async function oneTrial(sub: ProviderSubscription, user: UserRow, log: BillingLog): Promise<ProviderSubscription> {
    if (sub.status !== 'trialing' || sub.trialEnd === null) return sub;
    const holder = await repo.claimTrial(user.id, sub.id, clock.now());
    if (holder === sub.id) return sub;
    log.info({ subscriptionId: sub.id, trialHeldBy: holder }, 'billing: a second trial for this user; ending it now');
    await provided(() => provider.endTrialNow(sub.id));
    return (await provided(() => provider.retrieveSubscription(sub.id))) ?? sub;
  }

  /**
   * Re-reads a subscription from the provider and applies it. Only what the provider confirms is applied: a
   * subscription it does not know ('unconfirmed') changes nothing, whatever the event said (decision 123).
   */
  async function sync(
    subscriptionId: string | null,
    log: BillingLog,
  ): Promise<{ sub: ProviderSubscription; user: UserRow } | 'unconfirmed' | null> {
    if (!subscriptionId) return null;
    const readAt = clock.now().getTime();
    const read = await provided(() => provider.retrieveSubscription(subscriptionId));
    if (!read) {
      log.warn({ subscriptionId }, 'billing: the provider does not know this subscription; the event is recorded and ignored');
      return 'unconfirmed';
    }
    const user = await userOf(read);
    if (!user) {
      log.warn({ subscriptionId, customerId: read.customerId }, 'billing: no user for this subscription');
      return null;
    }
    const sub = await oneTrial(read, user, log);
    await repo.saveSubscription(sub, user.id, sub === read ? readAt : clock.now().getTime(), clock.now());
    const fresh = (await recompute(user.id)) ?? user;
    return { sub, user: fresh };
  }

  return { sync };
}
export type SubscriptionSync = ReturnType<typeof createSubscriptionSync>;
