import { BILLING_MESSAGES } from '@gowild/contract/billing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../cli';
import { eq } from 'drizzle-orm';
import { billingEvents, billingTrials } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { readOutbox } from '../../providers/email/outbox-reader';
import { buildAccountsTestApp, createUser } from '../../test/factories';
import { FAKE_PRICES, type FakeStripe, signature, startFakeStripe, stripeEvent } from '../../test/fake-stripe';

/**
 * POST /api/stripe/webhook against the real Stripe adapter and a local fake of Stripe's API
 * (docs/product/billing.md#webhooks): signature over the raw body, each event once, the subscription re-read.
 */
let app: FastifyInstance;
let deps: AppDeps;
let dataDir: string;
let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe();
  ({ app, deps, dataDir } = await buildAccountsTestApp({ env: stripe.env }));
  // Building an app allows for a loaded machine.
}, 120_000);
afterAll(async () => {
  await app.close();
  await stripe.close();
});

const now = () => Math.floor(deps.clock.now().getTime() / 1000);
const DAY = 86_400;

/** A user with a Stripe customer on record, as after their first checkout. */
async function customerUser(overrides: Parameters<typeof createUser>[1] = {}) {
  const customer = `cus_${Math.random().toString(36).slice(2, 12)}`;
  const user = await createUser(deps, { stripeCustomerId: customer, ...overrides });
  return { user, customer };
}

async function deliver(type: string, object: unknown, opts: { timestamp?: number; secret?: string; header?: string | null } = {}) {
  const event = stripeEvent(type, object, now());
  const header =
    opts.header === undefined ? signature(event.payload, { timestamp: opts.timestamp ?? now(), secret: opts.secret }) : opts.header;
  const res = await app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', ...(header === null ? {} : { 'stripe-signature': header }) },
    payload: event.payload,
  });
  return { res, event };
}

async function redeliver(event: { payload: string }) {
  return app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature(event.payload, { timestamp: now() }) },
    payload: event.payload,
  });
}

const flags = async (userId: string) => {
  const row = await deps.users.findById(userId);
  return { isPremium: row!.isPremium, isTrial: row!.isTrial, trialEnd: row!.trialEnd };
};
const FREE = { isPremium: false, isTrial: false, trialEnd: null };

describe('the signature', () => {
  it('a forged signature is 400 and changes nothing', async () => {
    const { user, customer } = await customerUser();
    const sub = stripe.setSubscription({ customer, status: 'active' });
    const { res } = await deliver('customer.subscription.updated', sub, { secret: 'whsec_not_the_right_one' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: BILLING_MESSAGES.webhookSignature });
    expect(await flags(user.id)).toEqual(FREE);
  });

  it('a signature older than 300 s is 400 and changes nothing', async () => {
    const { user, customer } = await customerUser();
    const sub = stripe.setSubscription({ customer, status: 'active' });
    const { res } = await deliver('customer.subscription.updated', sub, { timestamp: now() - 301 });
    expect(res.statusCode).toBe(400);
    expect(await flags(user.id)).toEqual(FREE);
    // The same event signed within the tolerance goes through.
    const fresh = await deliver('customer.subscription.updated', sub, { timestamp: now() - 250 });
    expect(fresh.res.statusCode).toBe(200);
    expect((await flags(user.id)).isPremium).toBe(true);
  });

  it('a signature stamped more than 300 s in the future is 400 and changes nothing (clock skew: a few minutes)', async () => {
    const { user, customer } = await customerUser();
    const sub = stripe.setSubscription({ customer, status: 'active' });
    // An hour ahead, and just past the tolerance: refused, as a signature as old would be. Ten seconds past, not
    // one: `now()` rounds down and the delivery takes time, and both bring a future stamp closer to the check's clock
    // (301 s ahead was seen accepted on a loaded machine).
    for (const ahead of [3600, 310]) {
      const { res } = await deliver('customer.subscription.updated', sub, { timestamp: now() + ahead });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: BILLING_MESSAGES.webhookSignature });
    }
    expect(await flags(user.id)).toEqual(FREE);
    // A sender's clock a few minutes fast is within the tolerance.
    const skewed = await deliver('customer.subscription.updated', sub, { timestamp: now() + 250 });
    expect(skewed.res.statusCode).toBe(200);
    expect((await flags(user.id)).isPremium).toBe(true);
  });

  it('no signature, or a body changed after signing, is 400', async () => {
    const { customer } = await customerUser();
    const sub = stripe.setSubscription({ customer, status: 'active' });
    expect((await deliver('customer.subscription.updated', sub, { header: null })).res.statusCode).toBe(400);
    const event = stripeEvent('customer.subscription.updated', sub, now());
    const res = await app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature(event.payload, { timestamp: now() }) },
      payload: event.payload.replace('"active"', '"trialing"'),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('once per event, and the subscription re-read', () => {
  it('the same event twice has one effect: one payment-failed e-mail', async () => {
    const { user, customer } = await customerUser();
    const sub = stripe.setSubscription({ customer, status: 'past_due' });
    const invoice = {
      id: 'in_1',
      object: 'invoice',
      customer,
      amount_due: 500,
      currency: 'usd',
      attempt_count: 1,
      next_payment_attempt: now() + 3 * DAY,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
    };
    const first = await deliver('invoice.payment_failed', invoice);
    expect(first.res.json()).toEqual({ received: true, duplicate: false });
    const second = await redeliver(first.event);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ received: true, duplicate: true });
    const mails = await readOutbox(dataDir, { to: user.email });
    expect(mails.map((m) => m.subject)).toEqual(['We could not charge your card for GoWild Finder Premium']);
    expect(mails[0]!.text).toContain('$5');
    expect(await flags(user.id)).toMatchObject({ isPremium: true, isTrial: false });
  });

  it("the event's copy of the subscription is not trusted: Stripe's current state is", async () => {
    const { user, customer } = await customerUser();
    const sub = stripe.setSubscription({ customer, status: 'canceled', ended_at: now() });
    // A late 'created' event still says trialing; Stripe says canceled.
    const { res } = await deliver('customer.subscription.created', { ...sub, status: 'trialing', trial_end: now() + 7 * DAY });
    expect(res.statusCode).toBe(200);
    expect(await flags(user.id)).toEqual(FREE);
  });

  const permutations = <T>(items: T[]): T[][] =>
    items.length <= 1
      ? [items]
      : items.flatMap((x, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((p) => [x, ...p]));
  const orders = permutations(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted']);

  it.each(orders.map((o) => [o.map((t) => t.split('.').pop()).join(' → '), o] as const))(
    'created/updated/deleted delivered as %s end free',
    async (_name, order) => {
      const { user, customer } = await customerUser();
      // What Stripe went through: trialing, then active, then canceled; the events come late and in any order.
      const trialing = stripe.setSubscription({ customer, status: 'trialing', trial_end: now() + 7 * DAY });
      const copies: Record<string, unknown> = { 'customer.subscription.created': trialing };
      copies['customer.subscription.updated'] = stripe.setSubscription({ id: trialing.id, customer, status: 'active' });
      copies['customer.subscription.deleted'] = stripe.setSubscription({ id: trialing.id, customer, status: 'canceled', ended_at: now() });
      for (const type of order) expect((await deliver(type, copies[type])).res.statusCode).toBe(200);
      expect(await flags(user.id)).toEqual(FREE);
      const summary = await deps.billing.subscriptionOf((await deps.users.findById(user.id))!);
      expect(summary.subscription).toMatchObject({ status: 'canceled', is_premium: false });
    },
  );

  it.each([
    ['created → updated', ['customer.subscription.created', 'customer.subscription.updated']],
    ['updated → created', ['customer.subscription.updated', 'customer.subscription.created']],
  ] as const)('created/updated delivered as %s while the subscription is active end premium, not in trial', async (_name, order) => {
    const { user, customer } = await customerUser();
    const trialing = stripe.setSubscription({ customer, status: 'trialing', trial_end: now() + 7 * DAY, price: FAKE_PRICES.yearly });
    const active = stripe.setSubscription({ id: trialing.id, customer, status: 'active', price: FAKE_PRICES.yearly });
    const copies: Record<string, unknown> = { 'customer.subscription.created': trialing, 'customer.subscription.updated': active };
    for (const type of order) await deliver(type, copies[type]);
    expect(await flags(user.id)).toEqual({ isPremium: true, isTrial: false, trialEnd: null });
  });
});

describe('the states of docs/product/billing.md#subscription-states', () => {
  it('checkout completed links the customer by the client reference and starts the trial', async () => {
    const user = await createUser(deps);
    const customer = `cus_new_${user.id.slice(0, 8)}`;
    const trialEnd = now() + 7 * DAY;
    const sub = stripe.setSubscription({ customer, status: 'trialing', trial_end: trialEnd, price: FAKE_PRICES.yearly });
    stripe.completeCheckoutSession({ id: 'cs_test_1', customer, subscription: sub.id, clientReferenceId: user.id });
    const { res } = await deliver('checkout.session.completed', {
      id: 'cs_test_1',
      object: 'checkout.session',
      mode: 'subscription',
      customer,
      subscription: sub.id,
      client_reference_id: user.id,
    });
    expect(res.statusCode).toBe(200);
    expect(await flags(user.id)).toEqual({ isPremium: true, isTrial: true, trialEnd });
    const row = await deps.users.findById(user.id);
    expect(row!.stripeCustomerId).toBe(customer);
    expect((await deps.billing.subscriptionOf(row!)).subscription).toMatchObject({ plan: 'yearly', status: 'trialing' });
  });

  it('payment failed keeps premium while past_due; then canceled makes the user free', async () => {
    const { user, customer } = await customerUser();
    const sub = stripe.setSubscription({ customer, status: 'active' });
    await deliver('invoice.paid', { id: 'in_2', object: 'invoice', customer, parent: { subscription_details: { subscription: sub.id } } });
    expect((await flags(user.id)).isPremium).toBe(true);

    stripe.setSubscription({ id: sub.id, customer, status: 'past_due' });
    const failed = await deliver('invoice.payment_failed', {
      id: 'in_3',
      object: 'invoice',
      customer,
      amount_due: 500,
      currency: 'usd',
      attempt_count: 1,
      next_payment_attempt: now() + 3 * DAY,
      parent: { subscription_details: { subscription: sub.id } },
    });
    expect(failed.res.statusCode).toBe(200);
    expect(await flags(user.id)).toEqual({ isPremium: true, isTrial: false, trialEnd: null });

    stripe.setSubscription({ id: sub.id, customer, status: 'canceled', ended_at: now() });
    await deliver('customer.subscription.deleted', { ...sub, status: 'canceled' });
    expect(await flags(user.id)).toEqual(FREE);
  });

  it('a trial that ends without payment makes the user free', async () => {
    const { user, customer } = await customerUser();
    const trialEnd = now() + 7 * DAY;
    const sub = stripe.setSubscription({ customer, status: 'trialing', trial_end: trialEnd });
    await deliver('customer.subscription.created', sub);
    expect(await flags(user.id)).toEqual({ isPremium: true, isTrial: true, trialEnd });

    // No card at the trial's end: the checkout asked Stripe to cancel (trial_settings.end_behavior).
    stripe.setSubscription({ id: sub.id, customer, status: 'canceled', trial_end: trialEnd, ended_at: trialEnd });
    await deliver('customer.subscription.deleted', sub);
    expect(await flags(user.id)).toEqual(FREE);
  });

  it.each(['unpaid', 'incomplete', 'incomplete_expired', 'paused'] as const)('%s is free', async (status) => {
    const { user, customer } = await customerUser();
    const sub = stripe.setSubscription({ customer, status });
    await deliver('customer.subscription.updated', sub);
    expect(await flags(user.id)).toEqual(FREE);
  });

  it('set to cancel at the period end stays premium until Stripe ends it', async () => {
    const { user, customer } = await customerUser();
    // Read once: the clock runs, and a second read may fall in the next second.
    const periodEnd = now() + 20 * DAY;
    const sub = stripe.setSubscription({ customer, status: 'active', cancel_at_period_end: true, current_period_end: periodEnd });
    await deliver('customer.subscription.updated', sub);
    expect((await flags(user.id)).isPremium).toBe(true);
    const row = await deps.users.findById(user.id);
    expect((await deps.billing.subscriptionOf(row!)).subscription).toMatchObject({
      cancel_at_period_end: true,
      current_period_end: periodEnd,
    });
  });

  it("trial will end only refreshes the subscription: the reminder is the job's, two days before", async () => {
    const { user, customer } = await customerUser();
    const sub = stripe.setSubscription({ customer, status: 'trialing', trial_end: now() + 3 * DAY, price: FAKE_PRICES.yearly });
    const { res } = await deliver('customer.subscription.trial_will_end', sub);
    expect(res.statusCode).toBe(200);
    expect(await flags(user.id)).toMatchObject({ isPremium: true, isTrial: true });
    // Three days out: not yet due.
    expect(await deps.billing.sendTrialReminders()).not.toContain(user.email);
    expect(await readOutbox(dataDir, { to: user.email })).toHaveLength(0);
  });
});

describe('the trial reminder (billing.trial-reminders, decision 076)', () => {
  /** A trialing subscription on record, as after Stripe's created event. */
  async function trialEndingIn(seconds: number, fields: { cancel_at_period_end?: boolean } = {}) {
    const { user, customer } = await customerUser();
    const sub = stripe.setSubscription({ customer, status: 'trialing', trial_end: now() + seconds, price: FAKE_PRICES.yearly, ...fields });
    await deliver('customer.subscription.created', sub);
    return { user, customer, sub };
  }

  it('two days before the end: one e-mail with the date and the price, however often and wherever the job runs', async () => {
    const { user } = await trialEndingIn(2 * DAY - 60);
    const runs = await Promise.all([1, 2, 3, 4].map(() => deps.billing.sendTrialReminders()));
    expect(runs.flat().filter((e) => e === user.email)).toHaveLength(1);
    expect(await deps.billing.sendTrialReminders()).not.toContain(user.email);
    const mails = await readOutbox(dataDir, { to: user.email });
    expect(mails.map((m) => m.subject)).toEqual(['Your GoWild Finder trial ends in 2 days']);
    expect(mails[0]?.text).toContain('$50 per year');
    expect(mails[0]?.text).toContain('Manage Subscription');
  });

  it('a trial set to cancel, or already over, is not reminded', async () => {
    const cancelling = await trialEndingIn(DAY, { cancel_at_period_end: true });
    const over = await trialEndingIn(-60);
    const reminded = await deps.billing.sendTrialReminders();
    expect(reminded).not.toContain(cancelling.user.email);
    expect(reminded).not.toContain(over.user.email);
  });

  it('a failed e-mail is given back and sent by the next run', async () => {
    const { user } = await trialEndingIn(DAY);
    const send = vi.spyOn(deps.email, 'send').mockRejectedValueOnce(new Error('SMTP down'));
    try {
      expect(await deps.billing.sendTrialReminders()).not.toContain(user.email);
    } finally {
      send.mockRestore();
    }
    expect(await deps.billing.sendTrialReminders()).toContain(user.email);
    expect(await readOutbox(dataDir, { to: user.email })).toHaveLength(1);
  });

  it('a trial whose end moves is reminded again for the new end', async () => {
    const { user, customer, sub } = await trialEndingIn(DAY);
    expect(await deps.billing.sendTrialReminders()).toContain(user.email);
    const moved = stripe.setSubscription({
      id: sub.id,
      customer,
      status: 'trialing',
      trial_end: now() + DAY + 3600,
      price: FAKE_PRICES.yearly,
    });
    await deliver('customer.subscription.updated', moved);
    expect(await deps.billing.sendTrialReminders()).toContain(user.email);
    expect(await readOutbox(dataDir, { to: user.email })).toHaveLength(2);
  });
  it('an event for a customer we do not know is acknowledged and changes nobody', async () => {
    const sub = stripe.setSubscription({ customer: 'cus_nobody', status: 'active' });
    const { res } = await deliver('customer.subscription.updated', sub);
    expect(res.statusCode).toBe(200);
  });

  it('an event type we do not use is acknowledged', async () => {
    const { res } = await deliver('customer.updated', { id: 'cus_x', object: 'customer' });
    expect(res.json()).toEqual({ received: true, duplicate: false });
  });

  it('Stripe unreachable while handling: 503, and the retry is handled in full', async () => {
    const { user, customer } = await customerUser();
    const sub = stripe.setSubscription({ customer, status: 'active' });
    stripe.setOutage(true);
    const { res, event } = await deliver('customer.subscription.updated', sub);
    stripe.setOutage(false);
    expect(res.statusCode).toBe(503);
    expect(await flags(user.id)).toEqual(FREE);
    const retry = await redeliver(event);
    expect(retry.json()).toEqual({ received: true, duplicate: false });
    expect((await flags(user.id)).isPremium).toBe(true);
  });
});

describe("the operator's grant (decision 073)", () => {
  async function cli(...argv: string[]) {
    const lines: string[] = [];
    await runCli(argv, (l) => lines.push(l), deps);
    return lines.join('\n');
  }

  it('a cancelled subscription does not take away premium granted with user:grant', async () => {
    const { user, customer } = await customerUser();
    await cli('user:grant', user.email, 'premium');
    const sub = stripe.setSubscription({ customer, status: 'canceled', ended_at: now() });
    await deliver('customer.subscription.deleted', sub);
    expect((await flags(user.id)).isPremium).toBe(true);
    await cli('user:revoke', user.email, 'premium');
    expect((await flags(user.id)).isPremium).toBe(false);
  });

  it('user:revoke premium leaves a paying subscriber premium', async () => {
    const { user, customer } = await customerUser();
    await cli('user:grant', user.email, 'premium');
    await deliver('customer.subscription.updated', stripe.setSubscription({ customer, status: 'active' }));
    await cli('user:revoke', user.email, 'premium');
    expect((await flags(user.id)).isPremium).toBe(true);
  });
});

describe('only what Stripe confirms (decisions 122 and 123)', () => {
  const outcomeOf = async (eventId: string) =>
    (await deps.database.db.select({ outcome: billingEvents.outcome }).from(billingEvents).where(eq(billingEvents.id, eventId)))[0]
      ?.outcome;

  it('a signed event about a subscription Stripe does not know makes nobody premium; it is recorded and ignored', async () => {
    const { user, customer } = await customerUser();
    // A well-formed copy of an active subscription, naming a real customer and user; Stripe answers 404 for it.
    const copy = { ...stripe.setSubscription({ customer, status: 'active', metadata: { user_id: user.id } }), id: 'sub_not_at_stripe' };
    const { res, event } = await deliver('customer.subscription.updated', copy);
    expect(res.statusCode).toBe(200);
    expect(await flags(user.id)).toEqual(FREE);
    expect(await outcomeOf(event.id)).toBe('unconfirmed');
    // A repeat is a duplicate: recorded once.
    expect((await redeliver(event)).json()).toMatchObject({ duplicate: true });
  });

  it('a completed checkout Stripe does not know links no customer and makes nobody premium', async () => {
    const user = await createUser(deps);
    const sub = stripe.setSubscription({ customer: 'cus_someone_else', status: 'active' });
    const { res, event } = await deliver('checkout.session.completed', {
      id: 'cs_test_not_at_stripe',
      object: 'checkout.session',
      mode: 'subscription',
      customer: 'cus_someone_else',
      subscription: sub.id,
      client_reference_id: user.id,
    });
    expect(res.statusCode).toBe(200);
    const row = await deps.users.findById(user.id);
    expect(row!.stripeCustomerId).toBeNull();
    expect(await flags(user.id)).toEqual(FREE);
    expect(await outcomeOf(event.id)).toBe('unconfirmed');
  });

  it('a signed event without data answers 400, not 500', async () => {
    for (const type of ['customer.subscription.updated', 'checkout.session.completed', 'invoice.paid']) {
      const payload = JSON.stringify({ id: `evt_nodata_${type}`, object: 'event', created: now(), type });
      const res = await app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature(payload, { timestamp: now() }) },
        payload,
      });
      expect(res.statusCode, type).toBe(400);
      expect(res.json()).toMatchObject({ error: BILLING_MESSAGES.webhookMalformed });
    }
  });

  it('a second checkout completed after the first trial becomes a subscription without a trial', async () => {
    const { user, customer } = await customerUser();
    // Two checkouts opened before any trial began, both offering one; the first completes and its trial starts.
    const first = stripe.setSubscription({ customer, status: 'trialing', trial_end: now() + 7 * DAY, metadata: { user_id: user.id } });
    await deliver('customer.subscription.created', first);
    // The first is cancelled; then the second checkout completes, with a trial of its own at Stripe.
    stripe.setSubscription({ id: first.id, customer, status: 'canceled', trial_end: now() + 7 * DAY, ended_at: now() });
    await deliver('customer.subscription.deleted', first);
    const second = stripe.setSubscription({ customer, status: 'trialing', trial_end: now() + 7 * DAY, metadata: { user_id: user.id } });
    stripe.completeCheckoutSession({ id: `cs_test_second_${user.id}`, customer, subscription: second.id, clientReferenceId: user.id });
    const { res } = await deliver('checkout.session.completed', {
      id: `cs_test_second_${user.id}`,
      object: 'checkout.session',
      mode: 'subscription',
      customer,
      subscription: second.id,
      client_reference_id: user.id,
    });
    expect(res.statusCode).toBe(200);
    // Stripe was asked to end the second trial now, and the user is premium without a trial.
    expect(stripe.callsTo('POST', `/v1/subscriptions/${second.id}`).map((c) => c.params.trial_end)).toEqual(['now']);
    expect(await flags(user.id)).toEqual({ isPremium: true, isTrial: false, trialEnd: null });
    const [trial] = await deps.database.db.select().from(billingTrials).where(eq(billingTrials.userId, user.id));
    expect(trial?.subscriptionId).toBe(first.id);
  });
});
