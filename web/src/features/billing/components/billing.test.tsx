import { BILLING_MESSAGES, type DemoCheckout as DemoCheckoutSession, type SubscriptionResponse } from '@gowild/contract/billing';
import type { Plan } from '@gowild/contract/config';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast/toaster';
import { clearToasts } from '@/components/ui/toast/toast-store';
import { useAuth } from '@/lib/auth/auth-context';
import { buildUser, currentLocation, mockApi, renderWithProviders, reply, resetTestState, signedInAs } from '@/test/test-utils';
import { browser, startUpgrade } from '../hooks/use-upgrade';
import { CheckoutReturnNotice } from './checkout-return-notice';
import { DemoCheckout } from './demo-checkout';
import { DemoPortal } from './demo-portal';
import { SubscriptionPanel } from './subscription-panel';

const DAY = 86_400;
const nowSeconds = () => Math.floor(Date.now() / 1000);

afterEach(() => {
  clearToasts();
  resetTestState();
});

function subscriptionAnswer(overrides: Partial<SubscriptionResponse> = {}): SubscriptionResponse {
  return { subscription: null, has_customer: false, premium_granted: false, trial_available: true, mode: 'demo', ...overrides };
}

describe('starting a checkout (docs/product/billing.md#checkout)', () => {
  it('asks for the plan and sends the browser to the checkout', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const api = mockApi({ 'POST /api/stripe/create-checkout-session': () => ({ checkout_url: 'https://checkout.stripe.test/c/1' }) });
    expect(await startUpgrade('yearly')).toBe(true);
    expect(api.callsTo('POST /api/stripe/create-checkout-session')[0]?.body).toEqual({ plan_type: 'yearly' });
    expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/1');
  });

  it.each([
    [
      'a refusal the server explains shows its text',
      reply(409, { error: BILLING_MESSAGES.alreadyPremium }),
      BILLING_MESSAGES.alreadyPremium,
    ],
    ['a server failure without text shows the checkout text', reply(500, {}), BILLING_MESSAGES.checkoutFailed],
    ['an outage shows the checkout text', reply(503, { error: BILLING_MESSAGES.providerUnavailable }), BILLING_MESSAGES.checkoutFailed],
  ])('%s in the Upgrade Failed toast', async (_name, answer, text) => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    mockApi({ 'POST /api/stripe/create-checkout-session': () => answer });
    renderWithProviders(<Toaster />);
    expect(await startUpgrade()).toBe(false);
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain(BILLING_MESSAGES.upgradeFailedTitle);
    expect(toast.textContent).toContain(text);
    expect(assign).not.toHaveBeenCalled();
  });

  it('anything else while starting shows the upgrade text', async () => {
    vi.spyOn(browser, 'assign').mockImplementation(() => {
      throw new Error('navigation blocked');
    });
    mockApi({ 'POST /api/stripe/create-checkout-session': () => ({ checkout_url: '/x' }) });
    renderWithProviders(<Toaster />);
    await startUpgrade();
    expect((await screen.findByRole('alert')).textContent).toContain(BILLING_MESSAGES.upgradeFailed);
  });
});

describe('the subscription block on /profile', () => {
  function Panel({ onUpgrade = () => undefined }: { onUpgrade?: () => void }) {
    const { user } = useAuth();
    return user ? <SubscriptionPanel user={user} onUpgrade={onUpgrade} upgrading={false} /> : null;
  }

  it('a trial subscriber sees the plan, the trial end and the days left, and Manage Subscription opens the portal', async () => {
    const trialEnd = nowSeconds() + 3 * DAY - 60;
    const user = buildUser({ is_premium: true, is_trial: true, trial_end: trialEnd, stripe_customer_id: 'cus_demo_1' });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    mockApi({
      ...signedInAs(user),
      'GET /api/stripe/subscription': () =>
        subscriptionAnswer({
          has_customer: true,
          trial_available: false,
          subscription: {
            status: 'trialing',
            plan: 'yearly',
            is_premium: true,
            trial_end: trialEnd,
            current_period_end: trialEnd,
            cancel_at_period_end: false,
            ended_at: null,
          },
        }),
      'POST /api/stripe/customer-portal': () => ({ portal_url: '/billing/demo-portal' }),
    });
    renderWithProviders(<Panel />);
    expect((await screen.findByTestId('subscription-plan')).textContent).toBe('Premium · Yearly, $50/year');
    expect(screen.getByTestId('subscription-status').textContent).toMatch(
      /^Free trial until .+, then \$50\/year \(3 days left in trial\)$/,
    );
    expect(screen.getByTestId('billing-demo-badge')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Upgrade Now/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Manage Subscription' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/billing/demo-portal'));
  });

  it('a portal that fails says so in the browser alert', async () => {
    const user = buildUser({ is_premium: true, stripe_customer_id: 'cus_1' });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    mockApi({
      ...signedInAs(user),
      'GET /api/stripe/subscription': () => subscriptionAnswer({ has_customer: true, mode: 'live' }),
      'POST /api/stripe/customer-portal': () => reply(500, {}),
    });
    renderWithProviders(<Panel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Manage Subscription' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(BILLING_MESSAGES.portalFailed));
  });

  it('a cancelled subscription shows when Premium ends', async () => {
    const end = nowSeconds() + 10 * DAY;
    const user = buildUser({ is_premium: true, stripe_customer_id: 'cus_1' });
    const sub = {
      status: 'active' as const,
      plan: 'monthly' as const,
      is_premium: true,
      trial_end: null,
      current_period_end: end,
      cancel_at_period_end: true,
      ended_at: null,
    };
    mockApi({ ...signedInAs(user), 'GET /api/stripe/subscription': () => subscriptionAnswer({ has_customer: true, subscription: sub }) });
    renderWithProviders(<Panel />);
    expect((await screen.findByTestId('subscription-status')).textContent).toMatch(/^Cancelled: Premium ends on /);
  });

  it('an ended subscription shows when it ended, with Upgrade Now', async () => {
    const end = nowSeconds() - 10 * DAY;
    const sub = {
      status: 'canceled' as const,
      plan: 'monthly' as const,
      is_premium: false,
      trial_end: null,
      current_period_end: end,
      cancel_at_period_end: false,
      ended_at: end,
    };
    const onUpgrade = vi.fn();
    const free = buildUser({ stripe_customer_id: 'cus_1' });
    mockApi({
      ...signedInAs(free),
      'GET /api/stripe/subscription': () => subscriptionAnswer({ has_customer: true, subscription: sub }),
    });
    renderWithProviders(<Panel onUpgrade={onUpgrade} />);
    expect((await screen.findByTestId('subscription-status')).textContent).toMatch(/^Ended on /);
    await userEvent.click(screen.getByRole('button', { name: /Upgrade Now/ }));
    expect(onUpgrade).toHaveBeenCalled();
  });

  it('premium from support has nothing to manage', async () => {
    mockApi({
      ...signedInAs(buildUser({ is_premium: true })),
      'GET /api/stripe/subscription': () => subscriptionAnswer({ premium_granted: true }),
    });
    renderWithProviders(<Panel />);
    expect(await screen.findByText(/given to this account by GoWild Finder support/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manage Subscription' })).toBeNull();
  });
});

describe('the return from checkout', () => {
  it('success re-reads the user until premium shows, then welcomes them with the trial days', async () => {
    const free = buildUser();
    const trialing = buildUser({ is_premium: true, is_trial: true, trial_end: nowSeconds() + 7 * DAY - 60 });
    let verifies = 0;
    mockApi({
      ...signedInAs(free),
      'POST /api/auth/verify-token': () => {
        verifies += 1;
        // The first check is the page load; the webhook lands before the second.
        return { valid: true, user: verifies >= 2 ? trialing : free };
      },
    });
    renderWithProviders(<CheckoutReturnNotice outcome="success" />);
    expect((await screen.findByTestId('checkout-return', {}, { timeout: 5000 })).textContent).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('checkout-return').textContent).toContain('Welcome to Premium!'), { timeout: 5000 });
    expect(screen.getByTestId('checkout-return').textContent).toContain('7 days left');
  });

  it('cancel says nothing was charged', async () => {
    mockApi(signedInAs(buildUser()));
    renderWithProviders(<CheckoutReturnNotice outcome="canceled" />);
    expect((await screen.findByTestId('checkout-return')).textContent).toContain('Nothing was charged');
  });
});

describe('the demo checkout page', () => {
  const session = (overrides: Partial<DemoCheckoutSession> = {}): DemoCheckoutSession => ({
    id: 'cs_demo_1',
    status: 'open',
    email: 'ada@example.com',
    plan: { id: 'yearly', name: 'Yearly', price: 50, regularPrice: 120, interval: 'year', trialDays: 7 },
    trial_days: 7,
    trial_end: nowSeconds() + 7 * DAY,
    success_url: 'http://localhost:3000/profile?checkout=success&session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:3000/profile?checkout=canceled',
    ...overrides,
  });

  it('shows the plan, price, trial and the demo mark; Confirm goes to the success page', async () => {
    const api = mockApi({
      ...signedInAs(buildUser()),
      'GET /api/stripe/demo/checkout/cs_demo_1': () => session(),
      'POST /api/stripe/demo/checkout/cs_demo_1/confirm': () => ({
        redirect_url: 'http://localhost:3000/profile?checkout=success&session_id=cs_demo_1',
      }),
    });
    const { router } = renderWithProviders(<DemoCheckout sessionId="cs_demo_1" />, { route: '/billing/demo-checkout?session=cs_demo_1' });
    expect((await screen.findByTestId('demo-checkout-price')).textContent).toBe('$50/year$120');
    expect(screen.getByText('Demo').parentElement?.textContent).toBe('Demono card is charged');
    expect(screen.getByText(/^7 days, until /)).toBeTruthy();
    expect(screen.getByText('$0')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(currentLocation(router)).toBe('/profile?checkout=success&session_id=cs_demo_1'));
    expect(api.callsTo('POST /api/stripe/demo/checkout/cs_demo_1/confirm')).toHaveLength(1);
  });

  it('without a trial left, the price is due today; Cancel goes to the cancel page', async () => {
    mockApi({ ...signedInAs(buildUser()), 'GET /api/stripe/demo/checkout/cs_demo_1': () => session({ trial_days: 0, trial_end: null }) });
    const { router } = renderWithProviders(<DemoCheckout sessionId="cs_demo_1" />);
    expect(await screen.findByText('Already used on this account')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(currentLocation(router)).toBe('/profile?checkout=canceled');
  });

  it('a session that is not the user’s shows the server’s text', async () => {
    mockApi({
      ...signedInAs(buildUser()),
      'GET /api/stripe/demo/checkout/cs_x': () => reply(404, { error: BILLING_MESSAGES.demoSessionMissing }),
    });
    renderWithProviders(<DemoCheckout sessionId="cs_x" />);
    expect((await screen.findByTestId('demo-checkout-missing')).textContent).toContain(BILLING_MESSAGES.demoSessionMissing);
  });
});

describe('the demo portal page', () => {
  it('cancels at the period end, then offers Resume', async () => {
    const trialEnd = nowSeconds() + 5 * DAY;
    const sub = {
      status: 'trialing' as const,
      plan: 'monthly' as const,
      is_premium: true,
      trial_end: trialEnd,
      current_period_end: trialEnd,
      cancel_at_period_end: false,
      ended_at: null,
    };
    const plans: Plan[] = [
      { id: 'monthly', name: 'Monthly', price: 5, regularPrice: 10, interval: 'month', trialDays: 7 },
      { id: 'yearly', name: 'Yearly', price: 50, regularPrice: 120, interval: 'year', trialDays: 7 },
    ];
    const api = mockApi({
      ...signedInAs(buildUser({ is_premium: true, stripe_customer_id: 'cus_demo_1' })),
      'GET /api/stripe/demo/portal': () => ({ email: 'ada@example.com', subscription: sub, plans, return_url: '/profile' }),
      'POST /api/stripe/demo/portal': () => ({
        email: 'ada@example.com',
        subscription: { ...sub, cancel_at_period_end: true },
        plans,
        return_url: '/profile',
      }),
      'GET /api/stripe/subscription': () => subscriptionAnswer(),
    });
    renderWithProviders(<DemoPortal />);
    expect((await screen.findByTestId('demo-portal-subscription')).textContent).toContain('Premium · Monthly, $5/month');
    expect(screen.getByRole('button', { name: 'Switch to Yearly ($50/year)' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByRole('button', { name: 'Resume subscription' })).toBeTruthy();
    expect(api.callsTo('POST /api/stripe/demo/portal')[0]?.body).toEqual({ action: 'cancel' });
    expect(screen.getByTestId('demo-portal-subscription').textContent).toContain('nothing will be charged');
  });
});
