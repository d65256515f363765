import { BILLING_MESSAGES } from '@gowild/contract/billing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { type AppDeps, createAppDeps, disposeAppDeps } from '../../deps';
import { createTestDatabase } from '../../test/database';
import { ROLES, type Role, buildAccountsTestApp, createUser, signInAs, testPasswordHasher } from '../../test/factories';
import { FAKE_PRICES, type FakeStripe, startFakeStripe } from '../../test/fake-stripe';
import { billingCheckoutSessions } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { CHECKOUT_SESSIONS_PER_USER } from './checkout';

/** The signed-in billing calls (docs/product/billing.md#billing-api) on the real Stripe adapter and a local fake of Stripe. */
let app: FastifyInstance;
let deps: AppDeps;
let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe();
  ({ app, deps } = await buildAccountsTestApp({ env: stripe.env }));
  // Building an app allows for a loaded machine.
}, 120_000);
afterAll(async () => {
  await app.close();
  await stripe.close();
});

const checkout = (headers: Record<string, string>, payload?: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', headers, ...(payload === undefined ? {} : { payload }) });
const portal = (headers: Record<string, string>) => app.inject({ method: 'POST', url: '/api/stripe/customer-portal', headers });

describe('who may call', () => {
  const checkoutExpect: Record<Role, number> = { visitor: 401, free: 200, premium: 409, admin: 200, deactivated: 401 };
  it.each(ROLES)('checkout as %s', async (role) => {
    const caller = await signInAs(app, deps, role);
    const res = await checkout(caller.headers, { plan_type: 'monthly' });
    expect(res.statusCode).toBe(checkoutExpect[role]);
    if (role === 'premium') expect(res.json().error).toBe(BILLING_MESSAGES.alreadyPremium);
    if (res.statusCode === 200) expect(res.json().checkout_url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
  });

  // Premium here is an operator's grant: no Stripe customer, so nothing to manage.
  const portalExpect: Record<Role, number> = { visitor: 401, free: 400, premium: 400, admin: 400, deactivated: 401 };
  it.each(ROLES)('portal as %s without a Stripe customer', async (role) => {
    const caller = await signInAs(app, deps, role);
    const res = await portal(caller.headers);
    expect(res.statusCode).toBe(portalExpect[role]);
    if (res.statusCode === 400) expect(res.json().error).toBe(BILLING_MESSAGES.noCustomer);
  });

  it.each(['free', 'premium'] as const)('portal as a %s user with a Stripe customer', async (role) => {
    const caller = await signInAs(app, deps, role, { stripeCustomerId: `cus_portal_${role}_${Date.now()}` });
    const res = await portal(caller.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().portal_url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    const [call] = stripe.callsTo('POST', '/v1/billing_portal/sessions').slice(-1);
    expect(call?.params).toMatchObject({ customer: caller.user!.stripeCustomerId, return_url: `${deps.config.APP_URL}/profile` });
  });

  it('subscription: 401 for a visitor, the summary for a user', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/stripe/subscription' })).statusCode).toBe(401);
    const caller = await signInAs(app, deps, 'free');
    const res = await app.inject({ method: 'GET', url: '/api/stripe/subscription', headers: caller.headers });
    expect(res.json()).toEqual({ subscription: null, has_customer: false, premium_granted: false, trial_available: true, mode: 'live' });
  });
});

describe('checkout', () => {
  it('asks Stripe for a subscription to the plan, with the trial, the customer and the return addresses', async () => {
    const caller = await signInAs(app, deps, 'free');
    const res = await checkout(caller.headers, { plan_type: 'yearly' });
    expect(res.statusCode).toBe(200);
    const customerId = (await deps.users.findById(caller.user!.id))!.stripeCustomerId;
    expect(customerId).toMatch(/^cus_/);
    const [session] = stripe.callsTo('POST', '/v1/checkout/sessions').slice(-1);
    expect(session?.params).toMatchObject({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: caller.user!.id,
      'line_items[0][price]': FAKE_PRICES.yearly,
      'line_items[0][quantity]': '1',
      'subscription_data[trial_period_days]': '7',
      'subscription_data[trial_settings][end_behavior][missing_payment_method]': 'cancel',
      'subscription_data[metadata][user_id]': caller.user!.id,
      success_url: `${deps.config.APP_URL}/profile?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${deps.config.APP_URL}/profile?checkout=canceled`,
    });
    const [customer] = stripe.callsTo('POST', '/v1/customers').filter((c) => c.params['metadata[user_id]'] === caller.user!.id);
    expect(customer?.params.email).toBe(caller.user!.email);
    expect(customer?.idempotencyKey).toBe(`gowild-customer-${caller.user!.id}`);
  });

  it.each([
    ['no body', undefined],
    ['an empty body', {}],
  ])('with %s asks for the monthly plan', async (_name, payload) => {
    const caller = await signInAs(app, deps, 'free');
    expect((await checkout(caller.headers, payload)).statusCode).toBe(200);
    const [session] = stripe.callsTo('POST', '/v1/checkout/sessions').slice(-1);
    expect(session?.params['line_items[0][price]']).toBe(FAKE_PRICES.monthly);
  });

  it.each([
    ['an unknown plan', { plan_type: 'weekly' }],
    ['an extra field', { plan_type: 'monthly', price: 'price_free' }],
    ['a plan that is not text', { plan_type: 12 }],
  ])('refuses %s with a 400 and creates nothing', async (_name, payload) => {
    const caller = await signInAs(app, deps, 'free');
    const before = stripe.calls.length;
    const res = await checkout(caller.headers, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(stripe.calls.length).toBe(before);
  });

  it('reuses the customer, and offers the trial only once per user', async () => {
    const caller = await signInAs(app, deps, 'free');
    await checkout(caller.headers, { plan_type: 'monthly' });
    const user = (await deps.users.findById(caller.user!.id))!;
    // Their first subscription had a trial and has ended.
    const sub = stripe.setSubscription({
      customer: user.stripeCustomerId!,
      status: 'canceled',
      trial_end: 1_700_000_000,
      ended_at: 1_700_100_000,
    });
    await deps.billing.handleEvent({
      id: `evt_once_${user.id}`,
      type: 'customer.subscription.deleted',
      created: 1_700_100_000,
      subscriptionId: sub.id,
      customerId: user.stripeCustomerId,
      checkoutSessionId: null,
      clientReferenceId: null,
      invoice: null,
      subscription: null,
    });
    await checkout(caller.headers, { plan_type: 'monthly' });
    const sessions = stripe.callsTo('POST', '/v1/checkout/sessions').filter((c) => c.params.client_reference_id === user.id);
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s) => s.params.customer)).toEqual([user.stripeCustomerId, user.stripeCustomerId]);
    expect(sessions[1]!.params['subscription_data[trial_period_days]']).toBeUndefined();
    const summary = await app.inject({ method: 'GET', url: '/api/stripe/subscription', headers: caller.headers });
    expect(summary.json()).toMatchObject({ trial_available: false, has_customer: true, subscription: { status: 'canceled' } });
  });

  it('concurrent checkouts by one user create one customer', async () => {
    const caller = await signInAs(app, deps, 'free');
    stripe.setCustomerDelay(150);
    const results = await Promise.all(Array.from({ length: 6 }, () => checkout(caller.headers, { plan_type: 'monthly' })));
    stripe.setCustomerDelay(0);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const created = stripe.callsTo('POST', '/v1/customers').filter((c) => c.params['metadata[user_id]'] === caller.user!.id);
    expect(created).toHaveLength(1);
    const stored = (await deps.users.findById(caller.user!.id))!.stripeCustomerId;
    const sessions = stripe.callsTo('POST', '/v1/checkout/sessions').filter((c) => c.params.client_reference_id === caller.user!.id);
    expect(new Set(sessions.map((s) => s.params.customer))).toEqual(new Set([stored]));
  });

  it('hands out the open session again, opens another for the other plan, and limits new sessions per user', async () => {
    const caller = await signInAs(app, deps, 'free');
    const opened = () => stripe.callsTo('POST', '/v1/checkout/sessions').filter((c) => c.params.client_reference_id === caller.user!.id);
    const first = await checkout(caller.headers, { plan_type: 'monthly' });
    const again = await Promise.all(Array.from({ length: 5 }, () => checkout(caller.headers, { plan_type: 'monthly' })));
    expect(again.map((r) => r.json().checkout_url)).toEqual(Array(5).fill(first.json().checkout_url));
    expect(opened()).toHaveLength(1);
    const yearly = await checkout(caller.headers, { plan_type: 'yearly' });
    expect(yearly.json().checkout_url).not.toBe(first.json().checkout_url);
    expect(opened()).toHaveLength(2);
    // Sessions that can no longer be paid are not handed out; new ones stop at the limit.
    const expire = () =>
      deps.database.db
        .update(billingCheckoutSessions)
        .set({ status: 'expired' })
        .where(eq(billingCheckoutSessions.userId, caller.user!.id));
    for (let i = opened().length; i < CHECKOUT_SESSIONS_PER_USER.limit; i++) {
      await expire();
      expect((await checkout(caller.headers, { plan_type: 'monthly' })).statusCode).toBe(200);
    }
    await expire();
    const refused = await checkout(caller.headers, { plan_type: 'monthly' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(BILLING_MESSAGES.tooManyCheckouts);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(opened()).toHaveLength(CHECKOUT_SESSIONS_PER_USER.limit);
  });

  it('Stripe unreachable: 503 with the text, and no customer recorded', async () => {
    const caller = await signInAs(app, deps, 'free');
    stripe.setOutage(true);
    const res = await checkout(caller.headers, { plan_type: 'monthly' });
    stripe.setOutage(false);
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe(BILLING_MESSAGES.providerUnavailable);
    expect((await deps.users.findById(caller.user!.id))!.stripeCustomerId).toBeNull();
  }, 60_000);
});

describe('two API processes on one database', () => {
  it('concurrent checkouts through both create one customer (Stripe idempotency key, then one stored id)', async () => {
    const database = await createTestDatabase();
    const config = testConfig({
      WEB_DIST_DIR: '/nonexistent-web-dist',
      RATE_LIMIT_PER_MINUTE: '1000000',
      // One signing key for both, as two processes of one deployment share it; no file written.
      JWT_SECRET: 'two-processes-share-this-signing-key-0123456789',
      ...stripe.env,
    });
    const depsA = await createAppDeps(config, database, { passwordHasher: testPasswordHasher });
    const depsB = await createAppDeps(config, database, { passwordHasher: testPasswordHasher });
    const appA = await buildApp(depsA);
    const appB = await buildApp(depsB);
    try {
      const user = await createUser(depsA);
      const login = await appA.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password } });
      const headers = { authorization: `Bearer ${login.json().token}` };
      stripe.setCustomerDelay(150);
      const results = await Promise.all(
        [appA, appB, appA, appB].map((a) => a.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', headers, payload: {} })),
      );
      stripe.setCustomerDelay(0);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      const stored = (await depsA.users.findById(user.id))!.stripeCustomerId;
      const sessions = stripe.callsTo('POST', '/v1/checkout/sessions').filter((c) => c.params.client_reference_id === user.id);
      expect(new Set(sessions.map((s) => s.params.customer))).toEqual(new Set([stored]));
      expect([...stripe.customers.values()].filter((c) => c.email === user.email)).toHaveLength(1);
    } finally {
      await appA.close();
      await appB.close();
      await disposeAppDeps(depsA);
      await disposeAppDeps(depsB);
      await database.close();
    }
  }, 120_000);
});
