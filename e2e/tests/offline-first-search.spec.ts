import { type Page } from '@playwright/test';
import { expect, shot, shotsWanted, signInWithToken, test } from '../fixtures/test';
import { localDate, searchDone } from './search-support';

/**
 * The first search of an install is kept for offline use (issue 31, defect 6; docs/product/offline.md#the-first-visit):
 * the service worker controls the page only once it has installed, after the first search has left, so the page keeps
 * that answer itself. First visit, search, offline, reload: the search is there, with the time it was saved.
 */
const PREMIUM = { email: 'first.visit@example.com', password: 'Sky-high-47', firstName: 'Fern', lastName: 'Visit', premium: true };
test.use({
  serviceWorkers: 'allow',
  seedUsers: { [PREMIUM.email]: PREMIUM },
  allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to load resource/],
});

const keptAnswers = (page: Page) =>
  page.evaluate(async () => {
    const names = (await caches.keys()).filter((n) => n.startsWith('gowild-screens-s-'));
    return (await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).length))).reduce((a, b) => a + b, 0);
  });

test('first visit, search, go offline, reload: the search is there', async ({ page, context }) => {
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  // The very first page of this browser is a search: no worker controls it yet.
  await page.goto(`/?origin=DEN&date=${localDate(2)}&screen=departure_flights`);
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  await searchDone(page);
  const cards = page.getByTestId('destination-card');
  await expect(cards.first()).toBeVisible();
  const online = await cards.count();
  await expect.poll(() => keptAnswers(page), { timeout: 15_000 }).toBeGreaterThan(0);
  // The worker has installed (the shell is precached) before the traveller loses the signal.
  await page.evaluate(() => navigator.serviceWorker.ready);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/^Saved on .+; you are offline\.$/)).toBeVisible();
  await expect(page.getByText('Search failed')).toHaveCount(0);
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(online);
  if (shotsWanted())
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await shot(page, `first-search-offline-${width}`);
    }
});
