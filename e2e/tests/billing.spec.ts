import type { Page } from '@playwright/test';
import { expectAxeClean } from '../fixtures/a11y';
import { createAccount, expect, shot, test } from '../fixtures/test';

/**
 * docs/product/billing.md end to end on the demo checkout (no Stripe key): a free user upgrades to the yearly plan,
 * is premium in trial, cancels in the demo portal, and is free again once the demo clock passes the period's end.
 */

const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 375, height: 812 };

/**
 * The page fits both widths: nothing is wider than the window (no sideways scrolling at 375 px). A screenshot at each
 * width is kept with the test's output for a person to look at.
 */
async function fitsBothWidths(page: Page, name: string) {
  // Away from the avatar button, whose menu opens on hover.
  await page.mouse.move(5, 400);
  for (const [label, size] of [
    ['1280', DESKTOP],
    ['375', MOBILE],
  ] as const) {
    await page.setViewportSize(size);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${name} at ${label} px` })
      .toBeLessThanOrEqual(size.width);
    await shot(page, `${name}-${label}`, { fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

test('free → yearly trial on the demo checkout → cancel in the portal → free again after the period', async ({ page, server }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  const account = await createAccount(page, { firstName: 'Bailey', lastName: 'Buyer' });
  await page.addInitScript((t) => window.localStorage.setItem('auth-token', t), account.token);

  // /plans: the yearly plan, then Upgrade to Premium.
  await page.goto('/plans');
  await page.getByRole('button', { name: /Yearly/ }).click();
  await expect(page.getByTestId('premium-price')).toContainText('$50/year');
  await fitsBothWidths(page, 'plans');
  await page.getByRole('button', { name: 'Upgrade to Premium' }).click();

  // The demo checkout: plan, price, trial, the demo mark; Confirm.
  await expect(page).toHaveURL(/\/billing\/demo-checkout\?session=cs_demo_/);
  await expect(page.getByRole('heading', { name: 'Demo checkout' })).toBeVisible();
  await expect(page.getByTestId('billing-demo-badge')).toContainText('no card is charged');
  await expect(page.getByText('GoWild Finder Premium · Yearly')).toBeVisible();
  await expect(page.getByTestId('demo-checkout-price')).toContainText('$50/year');
  await expect(page.getByText(/^7 days, until /)).toBeVisible();
  await expectAxeClean(page);
  await fitsBothWidths(page, 'demo-checkout');
  await page.getByRole('button', { name: 'Confirm' }).click();

  // Back in the app as premium in trial, without a reload.
  await expect(page).toHaveURL(/\/profile\?checkout=success/);
  await expect(page.getByTestId('checkout-return')).toContainText('Welcome to Premium!');
  await expect(page.getByTestId('profile-account-type')).toContainText('Premium');
  await expect(page.getByTestId('profile-account-type')).toContainText('7 days left in trial');
  await expect(page.getByTestId('subscription-plan')).toHaveText('Premium · Yearly, $50/year');
  await expect(page.getByTestId('subscription-status')).toContainText('Free trial until');
  await page.getByRole('button', { name: /Bailey Buyer/ }).click();
  await expect(page.getByRole('menu')).toContainText('Premium plan');
  await expect(page.getByRole('menuitem', { name: 'Upgrade plan' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expectAxeClean(page);
  await fitsBothWidths(page, 'profile-trial');

  await page.setViewportSize(MOBILE);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toContainText('7 days left in trial');
  await page.keyboard.press('Escape');
  await page.setViewportSize(DESKTOP);

  // Manage Subscription → the demo portal → cancel at the period end.
  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  await expect(page).toHaveURL(/\/billing\/demo-portal$/);
  await expect(page.getByTestId('billing-demo-badge')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByRole('button', { name: 'Resume subscription' })).toBeVisible();
  await expect(page.getByTestId('demo-portal-subscription')).toContainText('nothing will be charged');
  await fitsBothWidths(page, 'demo-portal-cancelled');
  await page.getByRole('link', { name: /Return to GoWild Finder/ }).click();
  await expect(page.getByTestId('subscription-status')).toContainText('cancelled');
  // Still premium until the trial (the period) ends.
  await expect(page.getByTestId('profile-account-type')).toContainText('Premium');

  // The demo clock moves the subscription past its end (the server is stopped meanwhile: PGlite is single-process).
  const output = await server.runCliBetweenRuns(['billing:advance', account.email, '8']);
  expect(output).toContain('customer.subscription.deleted');

  await page.goto('/profile');
  await expect(page.getByTestId('profile-account-type')).toContainText('Free');
  await expect(page.getByTestId('profile-account-type')).not.toContainText('days left in trial');
  await expect(page.getByRole('button', { name: /Upgrade Now/ })).toBeVisible();
  await expect(page.getByTestId('subscription-status')).toContainText('Ended on');
  await fitsBothWidths(page, 'profile-free-again');
  await page.getByRole('button', { name: /Bailey Buyer/ }).click();
  await expect(page.getByRole('menu')).toContainText('Free plan');
  await page.keyboard.press('Escape');

  // The premium features lock again.
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Premium Feature' })).toBeVisible();
  const inbound = await page.request.get('/api/flights/inbound?destination=MCO', {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(inbound.status()).toBe(403);
});
