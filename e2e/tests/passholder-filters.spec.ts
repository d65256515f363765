import type { Locator } from '@playwright/test';
import { expect, shotsAtBothWidths, signInWithToken, test } from '../fixtures/test';
import { ON_GOWILD_EVE, departuresShown, localDate } from './search-support';

/**
 * The filters pass holders ask for (issue 31; docs/product/search.md#filters): GoWild only, the usual GoWild fare only,
 * lands by a time.
 */
const PREMIUM = { email: 'filters.passholder@example.com', password: 'Sky-high-47', firstName: 'Fil', lastName: 'Ters', premium: true };

const toMinutes = (clock: string) => {
  const m = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(clock.trim())!;
  return ((Number(m[1]) % 12) + (m[3] === 'PM' ? 12 : 0)) * 60 + Number(m[2]);
};

// GoWild seats tomorrow: a day whose next day is not a blackout.
const NOW = ON_GOWILD_EVE.TEST_NOW;
test.use({ seedUsers: { [PREMIUM.email]: PREMIUM }, serverEnv: ON_GOWILD_EVE });

test('GoWild only, the usual GoWild fare only and lands by narrow a destination card', async ({ page }) => {
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  await page.goto(`/?origin=DEN&date=${localDate(1, NOW)}&screen=departure_flights`);
  await departuresShown(page);
  const card = page.getByTestId('group-gowild').getByTestId('destination-card').first();
  await card.locator('h3 button').click();
  const rows = card.getByTestId('flight-row');
  await expect(rows.first()).toBeVisible();
  const all = await rows.count();

  await card.getByRole('button', { name: 'GoWild only', exact: true }).click();
  await expect(rows.locator('[data-fare="go_wild"]', { hasText: '—' })).toHaveCount(0);
  await expect(rows.first()).toBeVisible();
  await card.getByRole('button', { name: 'Usual GoWild fare only', exact: true }).click();
  for (const label of await card.locator('[data-fare="go_wild"] > span:first-child').allTextContents()) expect(label).toBe('GoWild');
  await card.getByRole('button', { name: 'Any fare', exact: true }).click();
  await expect(rows).toHaveCount(all);

  // Lands by the earliest landing of the list (to the next half hour): that flight stays, every row left lands by then
  // on the day it leaves.
  const arrivalOf = async (row: Locator) =>
    toMinutes((await row.locator('.text-center').nth(1).locator('div').first().innerText()).replace(/\+1$/, ''));
  const sameDay = rows.filter({ hasNot: page.locator('sup') });
  const earliest = Math.min(...(await Promise.all((await sameDay.all()).map(arrivalOf))));
  const limit = Math.ceil(earliest / 30) * 30;
  await card.getByLabel(/^Lands by/).fill(String(limit));
  await expect(card.getByText(/^Lands by: \d{1,2}:\d{2} [AP]M$/)).toBeVisible();
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeLessThanOrEqual(all);
  for (const row of await rows.all()) {
    expect(await row.locator('sup').count()).toBe(0);
    expect(await arrivalOf(row)).toBeLessThanOrEqual(limit);
  }
  await card.scrollIntoViewIfNeeded();
  await shotsAtBothWidths(page, 'filters-lands-by');
});
