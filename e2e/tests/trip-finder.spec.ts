import type { Page } from '@playwright/test';
import { TRIP_FINDER_MESSAGES } from '@gowild/contract/trip-finder';
import { expectAxeClean } from '../fixtures/a11y';
import { createAccount, expect, signInWithToken, test } from '../fixtures/test';
import { ON_GOWILD_EVE, dismissWhatsNew, localDate, pickOrigin } from './search-support';

/**
 * The trip finder (docs/product/trip-finder.md): a premium traveller finds round trips and day trips from an origin
 * over a few days, best first, each return saying when it becomes bookable, with the calendar file and the alert;
 * a free user reads what it does and how to get it.
 */
const NOW = ON_GOWILD_EVE.TEST_NOW;
const PREMIUM = { email: 'trips.premium@example.com', password: 'Sky-high-47', firstName: 'Tia', lastName: 'Trips', premium: true };
test.use({ seedUsers: { [PREMIUM.email]: PREMIUM }, serverEnv: ON_GOWILD_EVE });

interface Answer {
  destinations: { destination: string; pairs: { return_open: boolean; nights: number | null; stay_minutes: number }[] }[];
  search_parameters: { day_trip: boolean; min_hours: number | null };
}

/**
 * From Austin: ten destinations. From Denver (seventy) the answer was hundreds of route-days, and the accessibility
 * check over every card took about 12 s of the browser's CPU; it proves the same on fewer cards.
 */
const chooseAustin = (page: Page) => pickOrigin(page, 'Austin', 'AUS');

test('a premium traveller finds round trips best first, with the return window, the calendar and the alert', async ({ page }) => {
  await dismissWhatsNew(page);
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trip finder' }).click();
  await expect(page).toHaveURL(/\/trips$/);
  await chooseAustin(page);
  await expect(page.getByLabel('First departure date')).toHaveValue(localDate(1, NOW));
  await page.getByLabel('Departure dates').selectOption('2');
  await page.getByLabel('Fewest nights').selectOption('1');
  await page.getByLabel('Most nights').selectOption('2');
  const answer = page.waitForResponse((r) => r.url().includes('/api/flights/trips'));
  await page.getByTestId('trip-finder-button').click();
  const res = await answer;
  expect(res.url()).toContain('min_nights=1');
  expect(res.url()).toContain('max_nights=2');
  const body = (await res.json()) as Answer;
  expect(body.destinations.length).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: 'Round trips from AUS' })).toBeVisible();
  await expect(page.getByTestId('trip-destination')).toHaveCount(body.destinations.length);
  await expect(page.getByTestId('two-bookings')).toContainText('Two bookings');
  await expect(page.getByTestId('trip-finder-sources')).toContainText('fetched live');

  const pairs = page.getByTestId('trip-pair');
  const pending = pairs.filter({ hasText: 'Return bookable from' }).first();
  await expect(pending).toBeVisible();
  // The calendar file: both flights and the reminder for the return's opening.
  const download = page.waitForEvent('download');
  await pending.getByRole('button', { name: 'Add to Calendar' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.ics$/);
  const ics = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(ics.match(/BEGIN:VEVENT/g)?.length).toBe(3);
  expect(ics).toContain('GoWild opens for your return');
  await expectAxeClean(page);

  // The alert on the return's route and date, in the alert modal.
  await pending.getByRole('button', { name: 'Alert me when the return opens' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // A window-open alert: no price asked, one date.
  await expect(dialog.getByRole('heading', { name: 'Alert Me When GoWild Opens' })).toBeVisible();
  await expect(dialog.getByLabel(/Maximum price/i)).toHaveCount(0);
  await expectAxeClean(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a day trip comes back the same day with the hours asked for', async ({ page }) => {
  test.setTimeout(180_000);
  await dismissWhatsNew(page);
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/trips');
  await chooseAustin(page);
  await page.getByLabel('Departure dates').selectOption('2');
  await page.getByRole('radio', { name: 'Day trip' }).check();
  await page.getByLabel('At least (hours there)').selectOption('4');
  const answer = page.waitForResponse((r) => r.url().includes('/api/flights/trips'));
  await page.getByTestId('trip-finder-button').click();
  const body = (await (await answer).json()) as Answer;
  expect(body.search_parameters).toMatchObject({ day_trip: true, min_hours: 4 });
  await expect(page.getByRole('heading', { name: 'Day trips from AUS' })).toBeVisible();
  for (const d of body.destinations)
    for (const p of d.pairs) {
      expect(p.nights).toBeNull();
      expect(p.stay_minutes).toBeGreaterThanOrEqual(240);
    }
  if (body.destinations.length === 0) await expect(page.getByTestId('trip-finder-empty')).toHaveText(TRIP_FINDER_MESSAGES.noTrips);
  else await expect(page.getByTestId('trip-destination')).toHaveCount(body.destinations.length);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAxeClean(page);
});

test('a free user reads what it does and is sent to the profile to upgrade', async ({ page }) => {
  const free = await createAccount(page);
  await signInWithToken(page, free.email, free.password);
  await page.goto('/trips');
  await expect(page.getByRole('heading', { name: 'Premium Feature' })).toBeVisible();
  await expect(page.getByText(TRIP_FINDER_MESSAGES.pitch)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Upgrade to Premium/ })).toHaveAttribute('href', '/profile');
  await expectAxeClean(page);
});
