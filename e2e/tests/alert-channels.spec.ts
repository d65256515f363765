import { expect, shot, signInWithToken, test } from '../fixtures/test';
import { ON_GOWILD_EVE, localDate } from './search-support';

/** docs/product/alerts.md#channels: linking the demo Telegram bot, choosing channels for an alert, the delivery history. */

const password = 'Channel-pick-52';
const PREMIUM = 'channels.premium@example.com';
const ADMIN = 'channels.admin@example.com';
const NOW = ON_GOWILD_EVE.TEST_NOW;
test.use({
  seedUsers: {
    [PREMIUM]: { password, firstName: 'Chana', lastName: 'Channels', premium: true },
    [ADMIN]: { password, firstName: 'Ada', lastName: 'Admin', admin: true },
  },
  serverEnv: ON_GOWILD_EVE,
  // The refused Discord address is a 400 the page shows.
  allowedConsoleErrors: [/status of 400 .*\/api\/alert-channels\/discord/],
});

test('premium: links Telegram (demo), picks it for an alert, and sees each channel’s delivery', async ({ page }) => {
  await signInWithToken(page, PREMIUM, password);
  await page.goto('/notifications');
  const panel = page.getByTestId('channels-panel');
  const choice = page.getByTestId('channel-choice');

  // Before linking, Telegram cannot be chosen; e-mail is always there.
  await expect(choice.getByLabel(/Telegram/)).toBeDisabled();
  await expect(choice.getByLabel(/E-mail/)).toBeChecked();

  // A Discord address off Discord's hosts is refused with the reason, and nothing is saved.
  await panel.getByLabel('Channel webhook address').fill('https://evil.example.com/api/webhooks/1/abc');
  await panel.getByRole('button', { name: 'Save webhook' }).click();
  await expect(panel.getByText("Webhooks on evil.example.com are not accepted; only Discord's own webhook addresses are")).toBeVisible();
  await expect(panel.getByTestId('channel-discord')).toContainText('No webhook saved');

  // The demo bot links at once, labelled demo.
  await panel.getByRole('button', { name: 'Link Telegram' }).click();
  await expect(panel.getByTestId('channel-telegram')).toContainText('@demo_traveller');
  await expect(panel.getByTestId('channel-telegram')).toContainText('Demo');
  await expect(choice.getByLabel(/Telegram/)).toBeEnabled();

  const form = page.getByTestId('notification-form');
  await form.getByRole('searchbox', { name: /Origin airport/ }).fill('ATL');
  await form.getByRole('list', { name: 'Origin airport choices' }).locator('button[data-value="ATL"]').click();
  await form.getByRole('searchbox', { name: /Destination airport/ }).fill('LAS');
  await form.getByRole('list', { name: 'Destination airport choices' }).locator('button[data-value="LAS"]').click();
  await form.locator(`button[data-date="${localDate(2, NOW)}"]`).click();
  await form.getByLabel('Maximum price (USD)').fill('1.5');
  await choice.getByLabel(/Telegram/).check();
  await form.getByRole('button', { name: 'Create Alert' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Flight Alert Created!' }).last()).toBeVisible();

  const alert = page.getByTestId('notification').first();
  await expect(alert.getByTestId('notification-channels')).toHaveText('E-mail, Telegram');
  // The confirmation went out on both channels: the history (reloaded until the outbox has sent) says so.
  await expect(async () => {
    await page.reload();
    const history = page.getByTestId('notification').first().getByTestId('delivery-history');
    await history.locator('summary').click();
    await expect(history.getByTestId('delivery-status')).toHaveText(['Delivered', 'Delivered']);
  }).toPass();
  const history = page.getByTestId('notification').first().getByTestId('delivery-history');
  await expect(history.getByTestId('delivery')).toContainText(['E-mail', 'Telegram']);
  await expect(history).toContainText('@demo_traveller');

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(page, `channels-${width}`, { fullPage: true });
  }

  // Unlinking leaves Telegram unchoosable again.
  await page.getByTestId('channels-panel').getByRole('button', { name: 'Unlink Telegram' }).click();
  await expect(page.getByTestId('channel-choice').getByLabel(/Telegram/)).toBeDisabled();

  // An admin sees the same history from the user's row on /admin.
  await signInWithToken(page, ADMIN, password);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByLabel('E-mail or name').fill(PREMIUM);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: `Deliveries: ${PREMIUM}` }).click();
  const adminView = page.getByTestId('admin-user-deliveries');
  await expect(adminView.getByTestId('delivery-status')).toHaveText(['Delivered', 'Delivered']);
  await expect(adminView.getByTestId('delivery')).toContainText(['E-mail', 'Telegram']);
});
