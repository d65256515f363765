import { type Page } from '@playwright/test';
import { expect, shotsAtBothWidths, signInWithToken, test } from '../fixtures/test';
import { localDate } from './search-support';

/**
 * /notifications offline (issue 31, defect 5; docs/product/offline.md#alerts-offline): no endless spinner. The page
 * says alerts need a connection and shows the list this session last saw, with the time it was saved; with nothing
 * kept, it says so.
 */
const PREMIUM = { email: 'offline.alerts@example.com', password: 'Sky-high-47', firstName: 'Ola', lastName: 'Alerts', premium: true };
test.use({
  serviceWorkers: 'allow',
  seedUsers: { [PREMIUM.email]: PREMIUM },
  // Offline, the browser reports every request it could not send.
  allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to load resource/],
});

async function controlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
}

test('offline, /notifications says alerts need a connection and shows the last list kept, with its time', async ({ page, context }) => {
  const token = await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  const created = await page.request.post('/api/notifications', {
    headers: { authorization: `Bearer ${token}` },
    data: { origin_airport: 'DEN', destination_airport: 'MCO', travel_dates: [localDate(5)], max_price: 60 },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/notifications');
  await controlled(page);
  // Once more under the worker's control, so the list is kept in this session's drawer.
  await page.reload();
  await expect(page.getByTestId('notification')).toHaveCount(1);

  // Offline, opened from the menu (the page is already up: the app knows it is offline).
  await page.goto('/');
  await context.setOffline(true);
  await page.getByRole('button', { name: /Ola Alerts/ }).click();
  await page.getByRole('menuitem', { name: 'Flight Notifications' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  const notice = page.getByTestId('alerts-offline');
  await expect(notice).toContainText('Alerts need a connection.');
  await expect(notice).toContainText(/Your alerts as saved on .+\. Creating or deleting an alert waits until you are back online\./);
  await expect(page.getByTestId('notification')).toHaveCount(1);
  await expect(page.getByTestId('notification').getByRole('heading', { name: 'DEN → MCO' })).toBeVisible();
  await expect(page.getByLabel('Loading your alerts')).toHaveCount(0);
  await shotsAtBothWidths(page, 'alerts-offline');

  // Offline and reloaded: the same.
  await page.reload();
  await expect(page.getByTestId('alerts-offline')).toContainText(/Your alerts as saved on .+\./);
  await expect(page.getByTestId('notification')).toHaveCount(1);

  // Back online the notice goes and the list is the live one.
  await context.setOffline(false);
  await expect(page.getByTestId('alerts-offline')).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId('notification')).toHaveCount(1);
});

test('offline with no list kept, /notifications says so instead of spinning', async ({ page, context }) => {
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  await page.goto('/');
  await controlled(page);
  await context.setOffline(true);
  await page.getByRole('button', { name: /Ola Alerts/ }).click();
  await page.getByRole('menuitem', { name: 'Flight Notifications' }).click();
  const notice = page.getByTestId('alerts-offline');
  await expect(notice).toContainText('Alerts need a connection.');
  await expect(notice).toContainText(
    'No list of your alerts is kept on this device yet: it shows here once you have opened this page online.',
  );
  await expect(page.getByLabel('Loading your alerts')).toHaveCount(0);
  await shotsAtBothWidths(page, 'alerts-offline-nothing-kept');
});
