import { createAccount, expect, test } from '../fixtures/test';
import { dismissWhatsNew, localDate } from './search-support';

// A quota of one makes the limit quick to reach; every figure on screen must follow the server setting.
test.use({ serverEnv: { FREE_SEARCHES_PER_DAY: '1' }, allowedConsoleErrors: [/status of 429/] });

test('a free user hits the daily quota and sees the orange panel pointing to /plans', async ({ page }) => {
  await dismissWhatsNew(page);
  const account = await createAccount(page);
  await page.addInitScript((t) => window.localStorage.setItem('auth-token', t), account.token);
  const tomorrow = localDate(1);

  await page.goto('/');
  await expect(page.getByTestId('free-plan-banner')).toContainText('Free Plan Limit: 1 search per day');
  await page.getByRole('button', { name: 'Airport View' }).click();
  await page.getByRole('searchbox', { name: /Departure Airport/ }).fill('DEN');
  await page.locator('button[data-value="DEN"]').click();
  await page.locator(`button[data-date="${tomorrow}"]`).click();
  await page.getByRole('button', { name: /^Search from Denver/ }).click();
  await expect(page.getByTestId('group-gowild').or(page.getByTestId('group-standard')).first()).toBeVisible({ timeout: 30_000 });
  // Free users see no seat counts.
  await page.locator('[data-testid="destination-card"] h3 button').first().click();
  await expect(page.getByTestId('flight-row').first()).toBeVisible();
  await expect(page.getByText(/seats? left|Seats available/)).toHaveCount(0);

  // Back on the form the usage has been refreshed: nothing left.
  await page.getByRole('button', { name: 'New Search' }).click();
  await expect(page.getByTestId('usage-badge')).toHaveAttribute('data-state', 'empty');
  await page.getByRole('searchbox', { name: /Departure Airport/ }).fill('DEN');
  await page.locator('button[data-value="DEN"]').click();
  await page.locator(`button[data-date="${tomorrow}"]`).click();
  await expect(page.getByTestId('search-button')).toHaveText('No Searches Remaining');
  await expect(page.getByTestId('search-button')).toBeDisabled();

  // Re-opening the search already paid for today is free (docs/product/search.md#repeating-a-search): the results again.
  await page.goto(`/?origin=DEN&date=${tomorrow}`);
  await expect(page.getByTestId('destination-card').first()).toBeVisible({ timeout: 30_000 });

  // A link to another search still asks the server, which says no: the orange panel with the daily-limit text
  // (docs/product/search.md#search-errors).
  await page.goto(`/?origin=DEN&date=${localDate(2)}`);
  const panel = page.getByTestId('quota-panel');
  await expect(panel.getByRole('heading', { name: 'Daily Search Limit Reached' })).toBeVisible();
  await expect(panel).toContainText('Daily search limit reached. Free accounts are limited to 1 searches per day.');
  await expect(panel.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/plans');
  await expect(page.getByTestId('error-panel')).toHaveCount(0);
});
