import { addDays, utcDateOf } from '@gowild/contract/dates';
import blackoutDates from '../../server/src/lib/reference-data/blackout-dates.json' with { type: 'json' };
import { expect, shotsAtBothWidths, signInWithToken, test } from '../fixtures/test';
import { runNow } from './search-support';

/**
 * The charge's amount wherever a date box says a charge is needed (issue 31; docs/product/search.md#date-selector):
 * two days before a blackout date, its box says 'GoWild needs a Peak Day Charge (from $79)', the server's figure.
 */
const PREMIUM = { email: 'datebox.charge@example.com', password: 'Sky-high-47', firstName: 'Dee', lastName: 'Box', premium: true };
const blackouts = blackoutDates.map((b) => b.date).filter((d) => d > addDays(utcDateOf(runNow()), 3));
const NOW = `${addDays(blackouts[0]!, -2)}T17:00:00.000Z`;
test.use({ seedUsers: { [PREMIUM.email]: PREMIUM }, serverEnv: { TEST_NOW: NOW } });

test("the date box that says a Peak Day Charge is needed says the charge's amount", async ({ page }) => {
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  await page.goto('/');
  const box = page.locator(`button[data-date="${blackouts[0]}"]`);
  await expect(box.getByTestId('peak-day-words')).toHaveText('GoWild needs a Peak Day Charge (from $79)');
  await expect(box).toHaveAccessibleName(/GoWild needs a Peak Day Charge \(from \$79\)/);
  await shotsAtBothWidths(page, 'date-box-peak-day-charge', box);
});

test("the alert forms' date boxes say the charge's amount the same way", async ({ page }) => {
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  await page.goto('/notifications');
  const form = page.getByTestId('notification-form');
  const box = form.locator(`button[data-date="${blackouts[0]}"]`);
  await expect(box.getByTestId('peak-day-words')).toHaveText('GoWild needs a Peak Day Charge (from $79)');
  await shotsAtBothWidths(page, 'alert-form-peak-day-charge', box);
});
