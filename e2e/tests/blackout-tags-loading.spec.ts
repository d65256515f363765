import type { Route } from '@playwright/test';
import { expect, shot, signInWithToken, test } from '../fixtures/test';
import { departuresShown, localDate } from './search-support';

/**
 * docs/product/search.md#date-selector: until the blackout dates are known, no day is tagged (issue 31, defect 3).
 * The server lives on 2026-11-27, whose tomorrow (the 28th, after Thanksgiving) is a blackout date in the reference
 * data: before the fix, the 28th was tagged 'gowild' for as long as the list took to arrive.
 */
const NOW = '2026-11-27T17:00:00.000Z';
const PREMIUM = { email: 'thanksgiving.flyer@example.com', password: 'Sky-high-47', firstName: 'Tom', lastName: 'Turkey', premium: true };
test.use({ serverEnv: { TEST_NOW: NOW }, seedUsers: { [PREMIUM.email]: PREMIUM } });

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
  await shot(page, 'date-selector-loading-1280');
  await page.getByRole('button', { name: 'Calendar view' }).click();
  await expect(page.getByTestId('calendar-cell').first()).toBeVisible();
  await expect(page.getByTestId('calendar-tags')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show less' }).click();

  release();
  await expect(page.getByTestId('blackout-checking')).toBeHidden();
  // With the charge's amount from the server's config (issue 31: a date box that says a charge is needed says how much).
  await expect(tomorrowBox).toHaveAttribute(
    'aria-label',
    /^Saturday, November 28, 2026, blackout, GoWild needs a Peak Day Charge \(from \$\d+\)$/,
  );
  await expect(tomorrowBox).not.toContainText('gowild');
  // Today is not a blackout: it is GoWild.
  await expect(boxes.locator(`button[data-date="${localDate(0, NOW)}"]`)).toContainText('gowild');
});

// docs/product/alerts.md#alert-modal (issue 31, defect 8): on the 27th a search of today cannot be watched; the modal
// chooses December 1 (the 28th to the 30th are blackout dates), starts its boxes there and says why, truly.
for (const width of [1280, 375]) {
  test(`at ${width} px the alert modal for a search of today starts on the first watchable day that is not a blackout`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await signInWithToken(page, PREMIUM.email, PREMIUM.password);
    await page.goto(`/?origin=DEN&date=${localDate(0, NOW)}&screen=departure_flights`);
    await departuresShown(page);
    const card = page.getByTestId('destination-card').first();
    await card.locator('h3 button').click();
    await card.getByRole('button', { name: 'Price alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Price Alert' });
    await expect(dialog).toBeVisible();
    const boxes = dialog.getByRole('list', { name: 'Travel dates (up to 5)' });
    await expect(boxes.locator('button[data-date]')).toHaveCount(3);
    await expect(boxes.locator('button[data-date="2026-12-01"]')).toHaveAttribute('aria-pressed', 'true');
    expect(await boxes.locator('button[data-date]').evaluateAll((bs) => bs.map((b) => (b as HTMLElement).dataset.date))).toEqual([
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
    ]);
    await expect(dialog.getByTestId('alert-date-hint')).toHaveText(
      'Alerts watch tomorrow or later, so today, Friday, November 27, 2026, cannot be watched. Tuesday, December 1, 2026 is chosen instead: the first day from tomorrow that is not a GoWild blackout date.',
    );
    await dialog.getByTestId('alert-date-hint').scrollIntoViewIfNeeded();
    await shot(page, `alert-modal-${width}`);
  });
}
