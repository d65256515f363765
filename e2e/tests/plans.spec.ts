import { expect, test } from '../fixtures/test';

// This file's server runs with a different catalogue: the page must show the server's figures, not built-in ones.
test.use({
  serverEnv: {
    PLAN_MONTHLY_PRICE: '7',
    PLAN_MONTHLY_REGULAR_PRICE: '12',
    PLAN_YEARLY_PRICE: '70',
    PLAN_YEARLY_REGULAR_PRICE: '144',
    FREE_SEARCHES_PER_DAY: '4',
  },
});

test('/plans shows the prices from the server configuration', async ({ page }) => {
  await page.goto('/plans');
  const price = page.getByTestId('premium-price');
  await expect(price).toContainText('$7/month');
  await expect(price).toContainText('$12');
  await expect(price).not.toContainText('$5/');
  await expect(page.getByText('4 searches per day')).toBeVisible();

  await page.getByRole('button', { name: /Yearly/ }).click();
  await expect(price).toContainText('$70/year');
  await expect(price).toContainText('$144');
  // 12 × $7 − $70
  await expect(price).toContainText('save $14 per year');
});
