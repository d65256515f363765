import { createAccount, expect, test } from '../fixtures/test';
import { localDate } from './search-support';

test('a free user sees the usage badge count down and the red state at 0', async ({ page }) => {
  const account = await createAccount(page);
  await page.addInitScript((t) => window.localStorage.setItem('auth-token', t), account.token);
  await page.goto('/');
  const badge = page.getByTestId('usage-badge');
  await expect(badge).toHaveAttribute('data-state', 'ok');
  await expect(badge).toContainText('3 of 3 searches left today');

  // Three different searches (a repeat of one already paid for today would be free).
  let day = 0;
  const search = async () => {
    const res = await page.request.get(`/api/flights/search?origin=DEN&date=${localDate(++day)}`, {
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(res.status(), await res.text()).toBe(200);
  };

  await search();
  await page.reload();
  await expect(badge).toContainText('2 of 3 searches left today');
  await expect(badge).toHaveAttribute('data-state', 'ok');

  await search();
  await page.reload();
  await expect(badge).toContainText('1 of 3 search left today');
  await expect(badge).toHaveAttribute('data-state', 'low');

  await search();
  await page.reload();
  await expect(badge).toHaveAttribute('data-state', 'empty');
  await expect(badge).toContainText('No searches remaining today');
  // 'Get Free Trial' starts the monthly checkout (docs/product/billing.md#checkout): the demo one, with no Stripe key.
  await badge.getByRole('button', { name: 'Get Free Trial' }).click();
  await expect(page).toHaveURL(/\/billing\/demo-checkout\?session=cs_demo_/);
});
