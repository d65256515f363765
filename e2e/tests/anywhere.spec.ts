import type { Page } from '@playwright/test';
import { ANYWHERE_MESSAGES } from '@gowild/contract/anywhere';
import { expectAxeClean } from '../fixtures/a11y';
import { createAccount, expect, shot, shotsWanted, signInWithToken, test } from '../fixtures/test';
import { ON_GOWILD_EVE, dismissWhatsNew, localDate, pickOrigin } from './search-support';

/**
 * Anywhere over a range of days (docs/product/anywhere.md): a premium traveller picks an origin and a few days, sees
 * every destination arrive with the best fare of each day, switches to every flight in one sortable table, and
 * exports the answer as CSV; at 375 px as well. A free user reads what it does.
 */
const NOW = ON_GOWILD_EVE.TEST_NOW;
const PREMIUM = { email: 'anywhere.premium@example.com', password: 'Sky-high-47', firstName: 'Ann', lastName: 'Where', premium: true };
test.use({ seedUsers: { [PREMIUM.email]: PREMIUM }, serverEnv: ON_GOWILD_EVE });

/**
 * When the run keeps screenshots, one of what the traveller sees with the answer's heading at the top. The page is
 * scrolled back after it, so that the test goes on as in a run without screenshots (scrolled, the sticky top bar sat
 * over the results, and the accessibility check that follows failed only in runs with screenshots).
 */
async function resultsShot(page: Page, name: string) {
  if (!shotsWanted()) return;
  const y = await page.evaluate(() => window.scrollY);
  await page.getByTestId('anywhere-results').evaluate((e) => e.scrollIntoView({ block: 'start' }));
  await shot(page, name);
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
}

/**
 * From Austin: ten destinations. From Denver (seventy) the list of every flight over three days was 558 rows, and
 * the accessibility check over it alone took about 23 s of the browser's CPU; it proves the same on a shorter list.
 */
async function searchAustin(page: Page, days: string) {
  await pickOrigin(page, 'Austin', 'AUS');
  await page.getByLabel('First departure date').fill(localDate(1, NOW));
  await page.getByTestId('anywhere-days').selectOption(days);
  const answer = page.waitForResponse((r) => r.url().includes('/api/flights/anywhere'));
  await page.getByRole('button', { name: 'Search anywhere' }).click();
  const res = await answer;
  expect(res.url()).toContain(`from=${localDate(1, NOW)}`);
  expect(res.url()).toContain(`to=${localDate(Number(days), NOW)}`);
  await expect(page.getByTestId('anywhere-progress')).toBeHidden({ timeout: 90_000 });
  await expect(page.getByTestId('anywhere-destination').first()).toBeVisible();
}

test('a premium traveller sees every destination over three days, every flight in one sortable list, and exports it', async ({ page }) => {
  test.setTimeout(240_000);
  await dismissWhatsNew(page);
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Anywhere' }).click();
  await expect(page).toHaveURL(/\/anywhere$/);
  await searchAustin(page, '3');
  await expect(page.getByRole('heading', { name: /Every destination from Austin/ })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/anywhere\\?origin=AUS&from=${localDate(1, NOW)}&to=${localDate(3, NOW)}$`));
  // Each destination shows the best fare of each of the three days.
  const first = page.getByTestId('anywhere-destination').first();
  await expect(first.getByRole('list', { name: /best fare each day/ }).getByRole('listitem')).toHaveCount(3);
  await resultsShot(page, 'anywhere-1280-destinations');

  // Every flight in one table, sortable by any column from its header.
  await page.getByRole('button', { name: 'All flights' }).click();
  const table = page.getByRole('table', { name: /Every flight from Austin/ });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /Seats/ })).toBeVisible();
  const dates = await table.locator('tbody td[data-column="date"]').allTextContents();
  expect(new Set(dates).size).toBeGreaterThan(1);
  const price = table.getByRole('columnheader', { name: /Price/ });
  await price.getByRole('button').click();
  await expect(price).toHaveAttribute('aria-sort', 'ascending');
  const prices = (await table.locator('tbody td[data-column="price"]').allTextContents())
    .filter((t) => t.startsWith('$'))
    .map((t) => Number(t.replace(/[$,]/g, '')));
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  await price.getByRole('button').press('Enter');
  await expect(price).toHaveAttribute('aria-sort', 'descending');
  await expectAxeClean(page);
  await resultsShot(page, 'anywhere-1280-list');

  // Export: the same search as a CSV file, named for it, one flight per row.
  const download = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`gowild-AUS-${localDate(1, NOW)}-to-${localDate(3, NOW)}.csv`);
  const csv = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toMatch(/^Origin,Destination,Destination city,Date,/);
  expect(lines.length - 1).toBe(await table.locator('tbody tr').count());
});

test('at 375 px a link runs its range, and the range and its list fit the screen', async ({ page }) => {
  test.setTimeout(240_000);
  await dismissWhatsNew(page);
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  await page.setViewportSize({ width: 375, height: 800 });
  // A link names the search (the call's own query) and runs it at once, the form filled in from it.
  const answer = page.waitForResponse((r) => r.url().includes('/api/flights/anywhere'));
  await page.goto(`/anywhere?origin=AUS&from=${localDate(1, NOW)}&to=${localDate(2, NOW)}`);
  expect((await answer).status()).toBe(200);
  await expect(page.getByTestId('anywhere-days')).toHaveValue('2');
  await expect(page.getByTestId('anywhere-progress')).toBeHidden({ timeout: 90_000 });
  await expect(page.getByTestId('anywhere-destination').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await resultsShot(page, 'anywhere-375-destinations');
  await page.getByRole('button', { name: 'All flights' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  // The table scrolls in its own region; the page itself does not.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAxeClean(page);
  await resultsShot(page, 'anywhere-375-list');
});

test('a free user reads what it does and is sent to the profile to upgrade', async ({ page }) => {
  const free = await createAccount(page);
  await signInWithToken(page, free.email, free.password);
  await page.goto('/anywhere');
  await expect(page.getByRole('heading', { name: 'Premium Feature' })).toBeVisible();
  await expect(page.getByText(ANYWHERE_MESSAGES.pitch)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Upgrade to Premium/ })).toHaveAttribute('href', '/profile');
  // The top bar's links (each with its crown for a free user) and the account menu fit from 1024 px, where it starts.
  await page.setViewportSize({ width: 1024, height: 700 });
  await shot(page, 'anywhere-1024-free');
  const menu = await page.getByRole('button', { name: /Account menu/ }).boundingBox();
  expect(menu!.x + menu!.width).toBeLessThanOrEqual(1024);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
});
