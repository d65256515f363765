import { createAccount, expect, shot, test } from '../fixtures/test';
import { dismissWhatsNew, localDate } from './search-support';

// A share of five airline lookups a minute makes it quick to use up (decision 117).
test.use({ serverEnv: { AIRLINE_BUDGET_FREE_PER_MINUTE: '5' }, allowedConsoleErrors: [/status of 429/] });

test("a search that uses up the user's airline share says which places were not checked and when to try again", async ({ page }) => {
  await dismissWhatsNew(page);
  const account = await createAccount(page);
  await page.addInitScript((t) => window.localStorage.setItem('auth-token', t), account.token);

  await page.goto(`/?origin=DEN&date=${localDate(1)}`);
  const notice = page.getByTestId('partial-notice');
  await expect(notice).toContainText('Some destinations could not be checked', { timeout: 30_000 });
  await expect(notice).toContainText("your searches used this minute's share of airline lookups, so some destinations were not checked");
  await expect(notice).toContainText(/Please try again in \d+ seconds\./);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'airline-share-partial-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, 'airline-share-partial-375');

  // Nothing left this minute: the next search is refused before it starts, in words (docs/product/search.md#search-errors).
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/?origin=DEN&date=${localDate(2)}`);
  const panel = page.getByTestId('airline-share-panel');
  await expect(panel.getByRole('heading', { name: 'Airline Search Limit Reached' })).toBeVisible();
  await expect(panel).toContainText(/Please try again in \d+ seconds\./);
  await expect(page.getByTestId('quota-panel')).toHaveCount(0);
  await shot(page, 'airline-share-refused-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, 'airline-share-refused-375');
});
