import { BILLING_MESSAGES } from '@gowild/contract/billing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlansRoute } from '@/app/routes/plans';
import { Toaster } from '@/components/ui/toast/toaster';
import { clearToasts } from '@/components/ui/toast/toast-store';
import { browser } from '@/features/billing/hooks/use-upgrade';
import { buildUser, mockApi, renderWithProviders, reply, resetTestState, signedInAs } from '@/test/test-utils';

describe('/plans starts the checkout (docs/product/billing.md#checkout)', () => {
  afterEach(() => {
    clearToasts();
    resetTestState();
  });

  it("'Upgrade to Premium' asks for the plan the toggle shows and goes to the checkout", async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const api = mockApi({
      ...signedInAs(buildUser()),
      'POST /api/stripe/create-checkout-session': () => ({ checkout_url: '/billing/demo-checkout?session=cs_demo_9' }),
    });
    renderWithProviders(<PlansRoute />);
    await userEvent.click(await screen.findByRole('button', { name: /Yearly/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/billing/demo-checkout?session=cs_demo_9'));
    expect(api.callsTo('POST /api/stripe/create-checkout-session')[0]?.body).toEqual({ plan_type: 'yearly' });
  });

  it('a failed call shows the Upgrade Failed toast and the user stays on the page', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    mockApi({ ...signedInAs(buildUser()), 'POST /api/stripe/create-checkout-session': () => reply(500, {}) });
    renderWithProviders(
      <>
        <Toaster />
        <PlansRoute />
      </>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Upgrade Failed');
    expect(toast.textContent).toContain(BILLING_MESSAGES.checkoutFailed);
    expect(assign).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Upgrade to Premium' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
