import { BILLING_MESSAGES } from '@gowild/contract/billing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingCheckoutSessions, billingDemoObjects, billingSubscriptions, billingTrials, users } from '../../db/schema';
import { systemClock } from '../../lib/clock';
import { type ApiProcesses, call, login, startApiProcesses } from '../../test/api-processes';
import { createUser } from '../../test/factories';
import { type FakeStripe, signature, startFakeStripe, stripeEvent } from '../../test/fake-stripe';
import { CHECKOUT_SESSIONS_PER_USER } from './checkout';

/**
 * Money under concurrency, over two API processes on one PostgreSQL database (decisions 121 and 122): one checkout
 * session makes one subscription, one trial per user, open sessions reused and new ones limited per user across
 * processes. Runs in the PostgreSQL + Redis suite.
 */
const pg = Boolean(process.env.TEST_DATABASE_URL);

const sessionIdOf = (checkoutUrl: string) => new URL(checkoutUrl, 'http://app').searchParams.get('session')!;

describe.skipIf(!pg)('the demo checkout, over two API processes', () => {
  let api: ApiProcesses;
  beforeAll(async () => {
    api = await startApiProcesses();
  }, 180_000);
  afterAll(async () => {
    await api?.close();
  });

  const signedIn = async () => {
    const user = await createUser({ database: api.database, clock: systemClock });
    return { user, token: await login(api.urls[0], user.email, user.password) };
  };
  const checkout = async (token: string, plan: 'monthly' | 'yearly', via = 0) => {
    const res = await call(api.urls[via]!, 'POST', '/api/stripe/create-checkout-session', { token, body: { plan_type: plan } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return sessionIdOf(res.body.checkout_url as string);
  };
  const confirm = (token: string, sessionId: string, via: number) =>
    call(api.urls[via]!, 'POST', `/api/stripe/demo/checkout/${encodeURIComponent(sessionId)}/confirm`, { token });
  const subscriptionsOf = (userId: string) =>
    api.database.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, userId));

  it('ten parallel confirmations of one checkout, spread over both processes, make one subscription (5 checkouts)', async () => {
    const doubled: string[] = [];
    for (let round = 0; round < 5; round++) {
      const { user, token } = await signedIn();
      const sessionId = await checkout(token, 'monthly');
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => confirm(token, sessionId, i % 2)));
      const demoSubs = await api.database.db
        .select({ id: billingDemoObjects.id })
        .from(billingDemoObjects)
        .where(and(eq(billingDemoObjects.kind, 'subscription'), sql`${billingDemoObjects.data}->>'userId' = ${user.id}`));
      const stored = await subscriptionsOf(user.id);
      if (demoSubs.length !== 1 || stored.length !== 1) doubled.push(`round ${round}: ${demoSubs.length} demo, ${stored.length} stored`);
      // One confirmation wins; the others find the checkout finished.
      expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(demoSubs.length);
      expect(results.filter((r) => r.status !== 200 && r.status !== 409)).toEqual([]);
    }
    expect(doubled).toEqual([]);
  });

  it("a user's first checkouts, started at the same instant on both processes, open one session (10 trials)", async () => {
    for (let trial = 0; trial < 10; trial++) {
      const { user, token } = await signedIn();
      const started = await Promise.all([0, 1, 0, 1].map((via) => checkout(token, 'monthly', via)));
      expect(new Set(started).size, `trial ${trial}`).toBe(1);
      const recorded = await api.database.db.select().from(billingCheckoutSessions).where(eq(billingCheckoutSessions.userId, user.id));
      expect(recorded.map((r) => r.id)).toEqual([started[0]]);
    }
  });

  it('two checkouts opened before any trial, confirmed at once on both processes: one trial', async () => {
    const secondTrials: string[] = [];
    for (let trial = 0; trial < 5; trial++) {
      const { user, token } = await signedIn();
      // Both offer the trial: neither has begun when the second is opened.
      const [monthly, yearly] = [await checkout(token, 'monthly', 0), await checkout(token, 'yearly', 1)];
      await Promise.all([confirm(token, monthly, 0), confirm(token, yearly, 1)]);
      const trialing = (await subscriptionsOf(user.id)).filter((s) => s.status === 'trialing');
      if (trialing.length > 1) secondTrials.push(`${user.email}: ${trialing.length} trials`);
      const recorded = await api.database.db.select().from(billingTrials).where(eq(billingTrials.userId, user.id));
      expect(recorded).toHaveLength(1);
    }
    expect(secondTrials).toEqual([]);
  });
});

describe.skipIf(!pg || !process.env.TEST_REDIS_URL)('Stripe checkout sessions, over two API processes and one Redis', () => {
  let api: ApiProcesses;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    api = await startApiProcesses(stripe.env);
  }, 180_000);
  afterAll(async () => {
    await api?.close();
    await stripe?.close();
  });

  it('one Stripe checkout makes one subscription: its completion delivered ten times over both processes, and once naming another', async () => {
    const user = await createUser({ database: api.database, clock: systemClock });
    const token = await login(api.urls[0], user.email, user.password);
    const started = await call(api.urls[0], 'POST', '/api/stripe/create-checkout-session', { token, body: {} });
    const sessionId = (started.body.checkout_url as string).split('/').pop()!;
    const [row] = await api.database.db.select({ customer: users.stripeCustomerId }).from(users).where(eq(users.id, user.id));
    const customer = row!.customer!;
    const trialEnd = Math.floor(Date.now() / 1000) + 7 * 86_400;
    const sub = stripe.setSubscription({ customer, status: 'trialing', trial_end: trialEnd, metadata: { user_id: user.id } });
    const other = stripe.setSubscription({ customer, status: 'active', metadata: { user_id: user.id } });
    stripe.completeCheckoutSession({ id: sessionId, customer, subscription: sub.id, clientReferenceId: user.id });
    const completion = (subscription: string) =>
      stripeEvent('checkout.session.completed', {
        id: sessionId,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        customer,
        subscription,
        client_reference_id: user.id,
      });
    const deliver = (via: number, event: { payload: string }) =>
      fetch(`${api.urls[via]}/api/stripe/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signature(event.payload, { timestamp: Math.floor(Date.now() / 1000) }),
        },
        body: event.payload,
      });
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => deliver(i % 2, completion(sub.id))),
      deliver(1, completion(other.id)),
    ]);
    expect(answers.map((r) => r.status)).toEqual(Array(11).fill(200));
    const stored = await api.database.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, user.id));
    expect(stored.map((s) => s.id)).toEqual([sub.id]);
    const [session] = await api.database.db.select().from(billingCheckoutSessions).where(eq(billingCheckoutSessions.id, sessionId));
    expect(session).toMatchObject({ status: 'complete', subscriptionId: sub.id });
  });

  it("a user's open session is handed out again; new ones are limited per user across both processes", async () => {
    const user = await createUser({ database: api.database, clock: systemClock });
    const token = await login(api.urls[0], user.email, user.password);
    const start = (via: number) => call(api.urls[via]!, 'POST', '/api/stripe/create-checkout-session', { token, body: {} });
    const created = () => stripe.callsTo('POST', '/v1/checkout/sessions').filter((c) => c.params.client_reference_id === user.id).length;

    // A first burst over both processes opens one session (each process may ask Stripe once, with the same
    // idempotency key), and every request gets its address.
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => start(i % 2)));
    expect(burst.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(created()).toBeLessThanOrEqual(2);
    const urls = new Set(burst.map((r) => r.body.checkout_url));
    expect(urls.size).toBe(1);
    const keys = stripe.callsTo('POST', '/v1/checkout/sessions').filter((c) => c.params.client_reference_id === user.id);
    expect(new Set(keys.map((c) => c.idempotencyKey)).size).toBe(1);

    // Later requests reuse an open session: no call to Stripe.
    const before = created();
    for (let i = 0; i < 20; i++) expect(urls.has((await start(i % 2)).body.checkout_url)).toBe(true);
    expect(created()).toBe(before);

    // Sessions that can no longer be paid are not reused; opening new ones stops at the limit, on both processes.
    const statuses: number[] = [];
    for (let i = 0; i < CHECKOUT_SESSIONS_PER_USER.limit + 2; i++) {
      await api.database.db.update(billingCheckoutSessions).set({ status: 'expired' }).where(eq(billingCheckoutSessions.userId, user.id));
      statuses.push((await start(i % 2)).status);
    }
    expect(created()).toBe(CHECKOUT_SESSIONS_PER_USER.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(statuses.length - (CHECKOUT_SESSIONS_PER_USER.limit - before));
    for (const via of [0, 1]) {
      const refused = await start(via);
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe(BILLING_MESSAGES.tooManyCheckouts);
    }
  });
});
