import type { Page } from '@playwright/test';
import { createAccount, expect, shot, signInWithToken, test } from '../fixtures/test';

/** docs/product/digest.md: the digest opt-in on /profile (and /notifications), free and premium, at 1280 and 375 px. */
const password = 'Digest-daily-71';
const PREMIUM = 'digest.premium@example.com';
test.use({
  seedUsers: { [PREMIUM]: { password, firstName: 'Dana', lastName: 'Digest', premium: true } },
  timezoneId: 'America/Denver',
  // The refused time zone is a 400 the panel shows.
  allowedConsoleErrors: [/status of 400 .*\/api\/digest/],
});

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The page fits 1280 and 375 px (nothing wider than the window); shot() keeps the whole page at each width. */
async function fitsBothWidths(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await overflow(page), `${name} overflows at ${width} px`).toBeLessThanOrEqual(0);
    await shot(page, `${name}-${width}`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('free: opts in to the weekly e-mail digest from /profile in the browser’s time zone; daily and chat channels are premium', async ({
  page,
  server,
}) => {
  const account = await createAccount(page);
  await signInWithToken(page, account.email, account.password);
  await page.goto('/profile');
  const panel = page.getByRole('region', { name: 'GoWild digest' });
  await expect(panel).toContainText('Free accounts get the weekly digest by e-mail.');
  await expect(panel.getByLabel('Time zone')).toHaveValue('America/Denver');
  await expect(panel.getByRole('radio', { name: /Daily/ })).toBeDisabled();
  await expect(panel.getByRole('radio', { name: 'Weekly' })).toBeChecked();
  await expect(panel.getByRole('checkbox', { name: /Telegram/ })).toBeDisabled();
  await expect(panel.getByRole('checkbox', { name: 'E-mail' })).toBeChecked();

  await panel.getByLabel('Origin airports').fill('den, las');
  await panel.getByLabel('Day').selectOption('Friday');
  await panel.getByLabel('Hour').selectOption('07:00');
  await panel.getByLabel('Time zone').fill('Mars/Base');
  await panel.getByRole('button', { name: 'Save digest settings' }).click();
  await expect(panel.getByRole('alert')).toContainText('Choose a valid time zone, e.g. America/Denver');

  await panel.getByLabel('Time zone').fill('America/Denver');
  await panel.getByRole('button', { name: 'Save digest settings' }).click();
  await expect(panel.getByRole('status')).toContainText('Digest settings saved');
  await expect(panel.getByTestId('digest-next')).toContainText(/Next digest: Fri, .* 07:00/);
  await expect(panel.getByLabel('Origin airports')).toHaveValue('DEN, LAS');
  await fitsBothWidths(page, 'digest-free-profile');

  await page.reload();
  await expect(panel.getByLabel('Origin airports')).toHaveValue('DEN, LAS');
  await expect(panel.getByLabel('Hour')).toHaveValue('7');

  // A week on, the digest goes out (the operator's command at that instant); its delivery shows under the panel.
  const history = panel.getByTestId('digest-history');
  await expect(history).toContainText('Delivery history (0)');
  const weekOn = new Date(new Date(server.testNow ?? Date.now()).getTime() + 8 * 86_400_000).toISOString();
  expect(await server.runCliBetweenRuns(['digest:run', '--at', weekOn])).toMatch(/digests written: [1-9]\d* travellers/);
  await page.goto('/profile');
  await history.getByText('Delivery history (1)').click();
  await expect(history.getByTestId('delivery')).toContainText('Digest · E-mail');
  await expect(history.getByTestId('delivery')).toContainText(account.email);
  await expect(history.getByTestId('delivery-status')).toHaveText('Delivered');
  await history.scrollIntoViewIfNeeded();
  await fitsBothWidths(page, 'digest-free-history');
});

test('premium: a daily digest from /notifications, then switched off', async ({ page }) => {
  await signInWithToken(page, PREMIUM, password);
  await page.goto('/notifications');
  const panel = page.getByRole('region', { name: 'GoWild digest' });
  await expect(panel.getByRole('radio', { name: 'Daily' })).toBeEnabled();
  await panel.getByLabel('Origin airports').fill('MCO');
  await panel.getByRole('radio', { name: 'Daily' }).check();
  await expect(panel.getByLabel('Day')).toBeDisabled();
  await panel.getByLabel('Hour').selectOption('18:00');
  await panel.getByRole('button', { name: 'Save digest settings' }).click();
  await expect(panel.getByRole('status')).toContainText('Digest settings saved');
  await expect(panel.getByTestId('digest-next')).toContainText('18:00');
  await fitsBothWidths(page, 'digest-premium-notifications');

  await panel.getByRole('checkbox', { name: 'Send me the digest' }).uncheck();
  await panel.getByRole('button', { name: 'Save digest settings' }).click();
  await expect(panel.getByRole('status')).toContainText('Digest turned off');
  await expect(panel.getByTestId('digest-next')).toBeEmpty();
});
