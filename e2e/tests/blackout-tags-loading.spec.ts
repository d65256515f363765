import type { Route } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { localDate } from './search-support';

/**
 * docs/product/search.md#date-selector: until the blackout dates are known, no day is tagged (issue 31, defect 3).
 * The server lives on 2026-11-27, whose tomorrow (the 28th, after Thanksgiving) is a blackout date in the reference
 * data: before the fix, the 28th was tagged 'gowild' for as long as the list took to arrive.
 */
const NOW = '2026-11-27T17:00:00.000Z';
test.use({ serverEnv: { TEST_NOW: NOW } });

test('the search form tags no day while the blackout list loads, then tags the blackout day as one', async ({ page }) => {
  // Hold the blackout list back, as a slow network does.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/gowild/blackout-dates', async (route: Route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  const tomorrow = localDate(1, NOW);
  expect(tomorrow).toBe('2026-11-28');
  const boxes = page.getByRole('list', { name: 'Departure Date' });
  const tomorrowBox = boxes.locator(`button[data-date="${tomorrow}"]`);
  await expect(tomorrowBox).toBeVisible();
  // Nothing says GoWild (or available) while the list is not known: not on screen, not to a screen reader.
  await expect(boxes).not.toContainText('gowild');
  await expect(boxes).not.toContainText('available');
  await expect(tomorrowBox).toHaveAttribute('aria-label', 'Saturday, November 28, 2026');
  await expect(page.getByTestId('blackout-checking')).toHaveText('Checking blackout dates…');
  await page.getByRole('button', { name: 'Calendar view' }).click();
  await expect(page.getByTestId('calendar-cell').first()).toBeVisible();
  await expect(page.getByTestId('calendar-tags')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show less' }).click();

  release();
  await expect(page.getByTestId('blackout-checking')).toBeHidden();
  await expect(tomorrowBox).toHaveAttribute('aria-label', 'Saturday, November 28, 2026, blackout, GoWild needs a Peak Day Charge');
  await expect(tomorrowBox).not.toContainText('gowild');
  // Today is not a blackout: it is GoWild.
  await expect(boxes.locator(`button[data-date="${localDate(0, NOW)}"]`)).toContainText('gowild');
});
