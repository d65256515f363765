import type { Locator } from '@playwright/test';
import { expect, shotsAtBothWidths, signInWithToken, test } from '../fixtures/test';
import { ON_GOWILD_EVE } from './search-support';

/**
 * /notifications' own form creates the wider alerts (issue 31; docs/product/alerts.md#notifications-page): seats
 * left on one date, any destination from an origin over a range, and a window-open alert over several days, with the
 * results modal's parts and texts; the list shows each.
 */
const PREMIUM = { email: 'wider.form@example.com', password: 'Sky-high-47', firstName: 'Wyn', lastName: 'Der', premium: true };
test.use({ seedUsers: { [PREMIUM.email]: PREMIUM }, serverEnv: ON_GOWILD_EVE });

async function pickAirport(form: Locator, side: 'Origin' | 'Destination', code: string) {
  await form.getByRole('searchbox', { name: new RegExp(`${side} airport`) }).fill(code);
  await form
    .getByRole('list', { name: `${side} airport choices` })
    .locator(`button[data-value="${code}"]`)
    .click();
}

test('the notifications form creates a seat alert, an any-destination alert and a window-open alert over days', async ({ page }) => {
  test.slow();
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  await page.goto('/notifications');
  const form = page.getByTestId('notification-form');
  const days = form.getByTestId('travel-dates').locator('button[data-date]');
  const created = page.getByRole('status').filter({ hasText: 'Flight Alert Created!' });

  // Seats left: one date, a number of seats, no price.
  await form.getByLabel('GoWild seats drop to a number or fewer').check();
  await expect(form.getByRole('spinbutton', { name: 'Maximum price (USD)' })).toBeHidden();
  await form.getByRole('button', { name: 'Create Alert' }).click();
  await expect(form.getByText('Please select a departure airport')).toBeVisible();
  await pickAirport(form, 'Origin', 'DEN');
  await pickAirport(form, 'Destination', 'LAS');
  await days.first().click();
  await form.getByLabel('Seats left (1 to 20)').fill('2');
  await shotsAtBothWidths(page, 'notifications-form-seats', form.getByTestId('alert-watch'));
  await form.getByRole('button', { name: 'Create Alert' }).click();
  await expect(created.last()).toContainText('Alert set: we will tell you once when GoWild seats drop to your number or fewer.');
  await expect(page.getByTestId('notification')).toHaveCount(1);

  // Any destination from DEN over the first two boxes' days.
  await form.getByLabel(/^Any destination from .* has GoWild$/).check();
  await pickAirport(form, 'Origin', 'DEN');
  await expect(form.getByRole('list', { name: 'Destination airport choices' })).toBeHidden();
  await days.nth(0).click();
  await days.nth(1).click();
  await expect(form.getByTestId('alert-range')).toContainText('Watches every day of');
  await form.getByRole('button', { name: 'Create Alert' }).click();
  await expect(page.getByTestId('notification')).toHaveCount(2);

  // Tell me when GoWild opens, for the third box's day and the two after it.
  await form.getByLabel('When GoWild opens').check();
  await pickAirport(form, 'Origin', 'DEN');
  await pickAirport(form, 'Destination', 'LAS');
  await days.nth(2).click();
  await form.getByLabel('Also watch the days after').selectOption('2');
  await shotsAtBothWidths(page, 'notifications-form-window-range', form.getByTestId('window-range'));
  await form.getByRole('button', { name: 'Alert me when it opens' }).click();
  await expect(page.getByTestId('notification')).toHaveCount(3);
  await expect(form.getByRole('button', { name: 'Maximum 3 alerts reached' })).toBeDisabled();

  const list = page.getByTestId('notification');
  await expect(list.filter({ hasText: 'Seats left' })).toHaveCount(1);
  await expect(list.filter({ hasText: 'Any destination' })).toHaveCount(1);
  await shotsAtBothWidths(page, 'notifications-form-list', list.first());
});
