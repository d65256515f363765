import { BILLING_MESSAGES } from '@gowild/contract/billing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli';
import type { AppDeps } from '../../deps';
import { readOutbox } from '../../providers/email/outbox-reader';
import { buildAccountsTestApp, signInAs } from '../../test/factories';

/**
 * The offline default (docs/product/billing.md#demo-checkout): no Stripe key, the demo checkout and portal, and the
 * demo clock. Every change goes through the same event handling as Stripe's webhooks.
 */
let app: FastifyInstance;
let deps: AppDeps;
let dataDir: string;

beforeAll(async () => {
  ({ app, deps, dataDir } = await buildAccountsTestApp());
  // Building an app allows for a loaded machine.
}, 120_000);
afterAll(async () => {
  await app.close();
});

const DAY = 86_400;
const nowSeconds = () => Math.floor(deps.clock.now().getTime() / 1000);

async function cli(...argv: string[]) {
  const lines: string[] = [];
  const code = await runCli(argv, (l) => lines.push(l), deps);
  return { code, output: lines.join('\n') };
}

/** A free user who went through the demo checkout for `plan` and confirmed it. */
async function subscribed(plan: 'monthly' | 'yearly' = 'monthly') {
  const caller = await signInAs(app, deps, 'free');
  const { headers } = caller;
  const started = await app.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', headers, payload: { plan_type: plan } });
  const sessionId = new URL(started.json().checkout_url, 'http://app').searchParams.get('session')!;
  const confirmed = await app.inject({ method: 'POST', url: `/api/stripe/demo/checkout/${sessionId}/confirm`, headers });
  expect(confirmed.statusCode).toBe(200);
  return { ...caller, headers, sessionId };
}

const me = async (headers: Record<string, string>) => {
  const token = headers.authorization!.replace('Bearer ', '');
  return (await app.inject({ method: 'POST', url: '/api/auth/verify-token', payload: { token } })).json().user;
};
const subscription = async (headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: '/api/stripe/subscription', headers })).json();

describe('the demo checkout', () => {
  it('starts on a page of the app, shows the plan and trial, and Confirm makes the user premium in trial', async () => {
    const { headers, user } = await signInAs(app, deps, 'free');
    const started = await app.inject({
      method: 'POST',
      url: '/api/stripe/create-checkout-session',
      headers,
      payload: { plan_type: 'yearly' },
    });
    expect(started.statusCode).toBe(200);
    const url = started.json().checkout_url as string;
    expect(url).toMatch(/^\/billing\/demo-checkout\?session=cs_demo_/);
    const sessionId = new URL(url, 'http://app').searchParams.get('session')!;

    const before = nowSeconds();
    const view = await app.inject({ method: 'GET', url: `/api/stripe/demo/checkout/${sessionId}`, headers });
    expect(view.json()).toMatchObject({
      status: 'open',
      email: user!.email,
      trial_days: 7,
      plan: { id: 'yearly', price: 50, interval: 'year' },
    });

    const confirmed = await app.inject({ method: 'POST', url: `/api/stripe/demo/checkout/${sessionId}/confirm`, headers });
    const after = nowSeconds();
    expect(confirmed.json().redirect_url).toBe(`${deps.config.APP_URL}/profile?checkout=success&session_id=${sessionId}`);
    const fresh = await me(headers);
    expect(fresh).toMatchObject({ is_premium: true, is_trial: true });
    expect(fresh.trial_end).toBeGreaterThanOrEqual(before + 7 * DAY);
    expect(fresh.trial_end).toBeLessThanOrEqual(after + 7 * DAY);
    expect(fresh.stripe_customer_id).toMatch(/^cus_demo_/);
    expect(await subscription(headers)).toMatchObject({
      mode: 'demo',
      has_customer: true,
      trial_available: false,
      subscription: { status: 'trialing', plan: 'yearly', cancel_at_period_end: false, trial_end: fresh.trial_end },
    });

    // Done once: a second Confirm, and a new checkout for a premium user, are refused.
    const again = await app.inject({ method: 'POST', url: `/api/stripe/demo/checkout/${sessionId}/confirm`, headers });
    expect(again.statusCode).toBe(409);
    const second = await app.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', headers, payload: {} });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe(BILLING_MESSAGES.alreadyPremium);
  });

  it("another user's session is not found, and a made-up one neither", async () => {
    const { sessionId } = await subscribed();
    const other = await signInAs(app, deps, 'free');
    const res = await app.inject({ method: 'GET', url: `/api/stripe/demo/checkout/${sessionId}`, headers: other.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(BILLING_MESSAGES.demoSessionMissing);
    const made = await app.inject({ method: 'POST', url: '/api/stripe/demo/checkout/cs_demo_nothing/confirm', headers: other.headers });
    expect(made.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/stripe/demo/checkout/${sessionId}` })).statusCode).toBe(401);
  });

  it('the webhook is not open: billing runs as a demo', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe(BILLING_MESSAGES.webhookNotConfigured);
  });
});

describe('the demo portal', () => {
  it('cancels at the period end (premium kept), resumes, and switches plan', async () => {
    const { headers } = await subscribed('monthly');
    const portal = await app.inject({ method: 'POST', url: '/api/stripe/customer-portal', headers });
    expect(portal.json()).toEqual({ portal_url: '/billing/demo-portal' });

    const act = (payload: Record<string, string>) => app.inject({ method: 'POST', url: '/api/stripe/demo/portal', headers, payload });
    const cancelled = await act({ action: 'cancel' });
    expect(cancelled.json().subscription).toMatchObject({ status: 'trialing', cancel_at_period_end: true });
    expect(await me(headers)).toMatchObject({ is_premium: true, is_trial: true });

    expect((await act({ action: 'resume' })).json().subscription).toMatchObject({ cancel_at_period_end: false });
    expect((await act({ action: 'switch', plan: 'yearly' })).json().subscription).toMatchObject({ plan: 'yearly', status: 'trialing' });
    const same = await act({ action: 'switch', plan: 'yearly' });
    expect(same.statusCode).toBe(409);
    expect((await act({ action: 'refund' })).statusCode).toBe(400);
  });

  it('a user without a demo subscription has nothing to act on', async () => {
    const { headers } = await signInAs(app, deps, 'free');
    const res = await app.inject({ method: 'POST', url: '/api/stripe/demo/portal', headers, payload: { action: 'cancel' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(BILLING_MESSAGES.demoNoSubscription);
  });
});

describe('the demo clock (billing:advance)', () => {
  it('trial reminder, then the trial ends and the first payment makes the subscription active', async () => {
    const { headers, user } = await subscribed('monthly');
    // Stripe's trial_will_end comes three days before the end; the reminder e-mail two days before (decision 076).
    const notice = await cli('billing:advance', user!.email, '4');
    expect(notice.code).toBe(0);
    expect(notice.output).toContain('customer.subscription.trial_will_end');
    expect(notice.output).not.toContain('trial reminder e-mailed');
    expect(await readOutbox(dataDir, { to: user!.email })).toHaveLength(0);
    const reminder = await cli('billing:advance', user!.email, '1');
    expect(reminder.output).toContain('trial reminder e-mailed (2 days before the trial ends)');
    const mails = await readOutbox(dataDir, { to: user!.email });
    expect(mails.map((m) => m.subject)).toEqual(['Your GoWild Finder trial ends in 2 days']);

    const paid = await cli('billing:advance', user!.email, '3');
    expect(paid.output).toContain('invoice.paid');
    expect(paid.output).toMatch(/active \(monthly\), renews/);
    expect(await me(headers)).toMatchObject({ is_premium: true, is_trial: false, trial_end: null });
    // The reminder went once.
    expect(await readOutbox(dataDir, { to: user!.email })).toHaveLength(1);
  });

  it('cancelled at the period end, the user is free once the clock passes it, and the premium calls lock', async () => {
    const { headers, user } = await subscribed('yearly');
    await app.inject({ method: 'POST', url: '/api/stripe/demo/portal', headers, payload: { action: 'cancel' } });
    const res = await cli('billing:advance', user!.email, '8');
    expect(res.output).toContain('customer.subscription.deleted');
    expect(await me(headers)).toMatchObject({ is_premium: false, is_trial: false, trial_end: null });
    expect((await subscription(headers)).subscription).toMatchObject({ status: 'canceled', is_premium: false });
    const usage = await app.inject({ method: 'GET', url: '/api/auth/search-usage', headers });
    expect(usage.json().is_premium).toBe(false);
    // A second trial is not offered.
    const again = await app.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', headers, payload: {} });
    const sessionId = new URL(again.json().checkout_url, 'http://app').searchParams.get('session')!;
    const view = await app.inject({ method: 'GET', url: `/api/stripe/demo/checkout/${sessionId}`, headers });
    expect(view.json()).toMatchObject({ trial_days: 0, trial_end: null });
  });

  it('renews an active subscription, then a declined card keeps premium as past_due until the retries end', async () => {
    const { headers, user } = await subscribed('monthly');
    await cli('billing:advance', user!.email, '8');
    await cli('billing:advance', user!.email, '31');
    expect(await me(headers)).toMatchObject({ is_premium: true, is_trial: false });

    const failed = await cli('billing:advance', user!.email, '31', '--decline');
    expect(failed.output).toContain('invoice.payment_failed');
    expect((await subscription(headers)).subscription).toMatchObject({ status: 'past_due', is_premium: true });
    expect(await me(headers)).toMatchObject({ is_premium: true });
    expect((await readOutbox(dataDir, { to: user!.email })).map((m) => m.subject)).toContain(
      'We could not charge your card for GoWild Finder Premium',
    );

    const gone = await cli('billing:advance', user!.email, '15', '--decline');
    expect(gone.output).toContain('customer.subscription.deleted');
    expect(await me(headers)).toMatchObject({ is_premium: false });
  });

  it('refuses bad input with the usage', async () => {
    expect((await cli('billing:advance', 'nobody@example.com', '3')).output).toContain('no account with e-mail nobody@example.com');
    expect((await cli('billing:advance', 'x@example.com', '-2')).code).toBe(2);
    expect((await cli('billing:advance', 'x@example.com', 'soon')).output).toContain('DAYS must be a number');
    expect((await cli('billing:advance', 'x@example.com')).output).toContain('billing:advance needs EMAIL and DAYS');
    expect((await cli('billing:advance', 'x@example.com', '2', '--fast')).output).toContain('unknown option --fast');
    const free = await signInAs(app, deps, 'free');
    expect((await cli('billing:advance', free.user!.email, '2')).output).toContain('has no demo subscription');
  });
});
