import type { Page } from '@playwright/test';
import { expectAxeClean } from '../fixtures/a11y';
import { createAccount, expect, test } from '../fixtures/test';
import { localDate } from './search-support';

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('anyone reaches /status from the footer and sees each service, the emulator said honestly', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Data status' }).click();
  await expect(page).toHaveURL(/\/status$/);
  await expect(page.getByRole('heading', { name: 'Data status', level: 1 })).toBeVisible();
  const airline = page.getByTestId('status-airline');
  await expect(airline.getByRole('heading', { name: 'Frontier Airlines' })).toBeVisible();
  await expect(airline).toContainText('Emulator');
  await expect(airline).toContainText(/built-in airline emulator/);
  await expect(airline).toContainText('Transport');
  await expect(airline).toContainText('direct');
  await expect(page.getByTestId('status-database')).toContainText('Up');
  await expectAxeClean(page);
});

test('the page updates by itself within seconds of new airline answers', async ({ page }) => {
  test.slow();
  await page.goto('/status');
  const airline = page.getByTestId('status-airline');
  await expect(airline).toContainText(/\d+ ok/);
  const before = Number((await airline.textContent())!.match(/(\d+) ok/)![1]);
  const account = await createAccount(page);
  // A route and day no other spec asks about: a worker's server is shared by the spec files of the same settings, and
  // an answer another spec already fetched comes from the cache, with no new airline answer to count.
  const res = await page.request.get(`/api/flights/search?origin=SAN&date=${localDate(9)}`, {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(res.ok()).toBe(true);
  // No reload: the page asks again every 10 s.
  await expect.poll(async () => Number((await airline.textContent())!.match(/(\d+) ok/)![1]), { timeout: 25_000 }).toBeGreaterThan(before);
  await expect(airline).toContainText(/Newest data\s*\d+ (s|min) ago/);
});

for (const width of [1280, 375]) {
  test(`at ${width} px the page fits without sideways scrolling`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/status');
    await expect(page.getByTestId('status-airline')).toBeVisible();
    await expect.poll(() => overflow(page)).toBeLessThanOrEqual(0);
    await expectAxeClean(page);
  });
}
