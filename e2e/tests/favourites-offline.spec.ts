import type { Page } from '@playwright/test';
import { expect, shot, shotsWanted, signInWithToken, test } from '../fixtures/test';

/**
 * Favourites offline (issue 31; docs/product/favourites.md#offline): the copy the service worker kept with the
 * session's screens is what the app starts from, with no spinner, and /profile says changes need a connection.
 */
const TRAVELLER = { email: 'fav.offline@example.com', password: 'Sky-high-47', firstName: 'Flo', lastName: 'Offline', premium: true };
test.use({
  serviceWorkers: 'allow',
  seedUsers: { [TRAVELLER.email]: TRAVELLER },
  // Offline, the browser reports every request it could not send.
  allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to load resource/],
});

async function controlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
}

test('offline, /profile shows the favourites kept on the device and says changes need a connection', async ({ page, context }) => {
  const token = await signInWithToken(page, TRAVELLER.email, TRAVELLER.password);
  const saved = await page.request.put('/api/favourites', {
    headers: { authorization: `Bearer ${token}` },
    data: { home_airports: ['LAS'], favourite_airports: ['MCO'] },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.goto('/profile');
  await controlled(page);
  // Once more under the worker's control, so the favourites are kept in this session's drawer.
  const read = page.waitForResponse((r) => r.url().endsWith('/api/favourites'));
  await page.reload();
  await read;
  const panel = page.getByTestId('favourites-panel');
  await expect(panel.getByLabel('Home airports')).toHaveValue('LAS');

  await context.setOffline(true);
  await page.reload();
  await expect(panel.getByRole('status')).toHaveText(
    'You are offline: these are the favourites kept on this device, and changes need a connection.',
  );
  await expect(panel.getByLabel('Home airports')).toHaveValue('LAS');
  await expect(panel.getByRole('list', { name: 'Favourite origins' })).toContainText('MCO');
  await expect(panel.getByRole('button', { name: 'Save home airports' })).toBeDisabled();
  if (shotsWanted())
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await panel.scrollIntoViewIfNeeded();
      await shot(page, `favourites-offline-${width}`);
    }
  // Back online, changes are possible again.
  await context.setOffline(false);
  await expect(panel.getByRole('button', { name: 'Save home airports' })).toBeEnabled();
});
