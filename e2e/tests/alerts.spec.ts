import type { Page } from '@playwright/test';
import { expectAxeClean } from '../fixtures/a11y';
import { waitForEmail } from '../fixtures/outbox';
import { expect, signInWithToken, test } from '../fixtures/test';
import { ON_GOWILD_EVE, departuresShown, localDate } from './search-support';

/** docs/product/alerts.md: the alert modal on the results, the /notifications page, and the premium gates. */

const password = 'Fare-watch-38';
const PREMIUM = 'alert.premium@example.com';
const FREE = 'alert.free@example.com';
// A day whose next day has GoWild seats, so the results have destinations to watch.
const NOW = ON_GOWILD_EVE.TEST_NOW;
test.use({
  seedUsers: {
    [PREMIUM]: { password, firstName: 'Paula', lastName: 'Premium', premium: true },
    [FREE]: { password, firstName: 'Fred', lastName: 'Free' },
  },
  serverEnv: ON_GOWILD_EVE,
});

async function searchFromNewYork(page: Page, date: string) {
  await page.goto('/');
  await page.getByRole('searchbox', { name: /Departure Airport/ }).fill('New York');
  await page.locator('button[data-value="CITY:NYC"]').click();
  await page.locator(`button[data-date="${date}"]`).click();
  await page.getByRole('button', { name: 'Search from New York City' }).click();
  await expect(page.getByTestId('results-screen')).toBeVisible();
  await departuresShown(page);
}

test('premium: an alert from the results modal shows on /notifications and can be deleted', async ({ page, server }) => {
  await signInWithToken(page, PREMIUM, password);
  const tomorrow = localDate(1, NOW);
  const later = localDate(3, NOW);
  await searchFromNewYork(page, tomorrow);

  // A destination flown from more than one New York airport, so the alert asks which; the choice offers exactly the
  // airports its flights leave from (never one without the route).
  const cards = page.getByTestId('destination-card');
  let card = cards.first();
  let origins: string[] = [];
  for (let i = 0; i < (await cards.count()); i += 1) {
    card = cards.nth(i);
    await card.locator('h3 button').click();
    await expect(card.getByTestId('flight-row').first()).toBeVisible();
    origins = [...new Set(await card.getByTestId('flight-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-origin')!)))];
    if (origins.length > 1) break;
  }
  expect(origins.length, 'a destination flown from two New York airports').toBeGreaterThan(1);
  const code = await card.getAttribute('data-code');
  const origin = origins.sort()[0]!;
  const alertButton = card.getByRole('button', { name: 'Price alert' });

  // Escape closes the modal and gives focus back to the button.
  await alertButton.click();
  const dialog = page.getByRole('dialog', { name: 'Create Price Alert' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(alertButton).toBeFocused();

  await alertButton.click();
  await expect(dialog).toBeVisible();
  // The searched date is chosen; New York is three airports, so the alert asks for one.
  await expect(dialog.locator(`button[data-date="${tomorrow}"]`)).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('button', { name: 'Create Alert' }).click();
  await expect(dialog.getByText('Please select a departure airport')).toBeVisible();
  await expect(dialog.getByText('Please enter a valid price')).toBeVisible();
  await expectAxeClean(page, '[data-testid="alert-modal"]');

  const choice = dialog.getByRole('group', { name: 'Departure airport' });
  expect((await choice.getByRole('radio').evaluateAll((rs) => rs.map((r) => (r as HTMLInputElement).value))).sort()).toEqual(origins);
  await choice.getByText(origin, { exact: true }).click();
  // $1: no fare is that low, so the checker leaves the alert active while the test deletes it.
  await dialog.getByLabel('Maximum price (USD)').fill('1');
  await dialog.locator(`button[data-date="${later}"]`).click();
  await dialog.getByLabel('GoWild only').check();
  await dialog.getByRole('button', { name: 'Create Alert' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Flight Alert Created!' })).toContainText(
    "Successfully created flight alert for 2 date(s)! Check your email for confirmation and you'll be notified when we find matching flights.",
  );
  await expect(dialog).toBeHidden();
  const confirmation = await waitForEmail(server.dataDir, PREMIUM, new RegExp(`Flight alert set: ${origin} → ${code}`));
  expect(confirmation.text).toContain('$1');

  // The account menu leads to /notifications, where the alert is listed as Active.
  await page.getByRole('button', { name: /Paula Premium/ }).click();
  await page.getByRole('menuitem', { name: 'Flight Notifications' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  const item = page.getByTestId('notification');
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('heading', { name: `${origin} → ${code}` })).toBeVisible();
  await expect(item.getByTestId('notification-status')).toHaveText('Active');
  await expect(item).toContainText('$1 · GoWild only');
  await expect(page.getByTestId('active-count')).toHaveText('1 of 3 active alerts');
  await expectAxeClean(page);

  // Delete, after the confirmation.
  let prompt = '';
  page.once('dialog', (d) => {
    prompt = d.message();
    void d.accept();
  });
  await item.getByRole('button', { name: `Delete alert ${origin} → ${code}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Notification deleted successfully' })).toBeVisible();
  expect(prompt).toBe('Are you sure you want to delete this notification?');
  await expect(page.getByTestId('notification')).toHaveCount(0);
  await page.getByText('Show completed').click();
  await expect(page.getByRole('switch', { name: 'Show completed' })).toBeChecked();
  await expect(page.getByText('You have no alerts yet.')).toBeVisible();
});

test('premium: the notifications page form creates an alert and refuses a fourth active one', async ({ page }) => {
  await signInWithToken(page, PREMIUM, password);
  await page.goto('/notifications');
  const form = page.getByTestId('notification-form');

  await form.getByRole('button', { name: 'Create Alert' }).click();
  await expect(form.getByText('Origin airport is required')).toBeVisible();
  await expect(form.getByText('Max price must be greater than $0')).toBeVisible();

  // Three alerts through the form (prices no fare reaches), then the button says the limit is reached.
  for (const [i, destination] of ['LAS', 'MCO', 'DEN'].entries()) {
    await form.getByRole('searchbox', { name: /Origin airport/ }).fill('ATL');
    await form.getByRole('list', { name: 'Origin airport choices' }).locator('button[data-value="ATL"]').click();
    await form.getByRole('searchbox', { name: /Destination airport/ }).fill(destination);
    await form.getByRole('list', { name: 'Destination airport choices' }).locator(`button[data-value="${destination}"]`).click();
    await form.locator(`button[data-date="${localDate(1 + i, NOW)}"]`).click();
    await form.getByLabel('Maximum price (USD)').fill('1.5');
    await form.getByRole('button', { name: 'Create Alert' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Flight Alert Created!' }).last()).toContainText(
      'Successfully created flight alert for 1 date(s)! Check your email for confirmation.',
    );
    await expect(page.getByTestId('notification')).toHaveCount(i + 1);
  }
  await expect(form.getByRole('button', { name: 'Maximum 3 alerts reached' })).toBeDisabled();
  // Newest first.
  await expect(page.getByTestId('notification').first().getByRole('heading')).toHaveText('ATL → DEN');

  // Clean up for the other tests of this worker's user.
  page.on('dialog', (d) => void d.accept());
  for (let left = 3; left > 0; left--) {
    await page
      .getByTestId('notification')
      .first()
      .getByRole('button', { name: /^Delete alert/ })
      .click();
    await expect(page.getByTestId('notification')).toHaveCount(left - 1);
  }
  await expect(form.getByRole('button', { name: 'Create Alert' })).toBeEnabled();
});

test('a free user meets the premium gates: the card’s alert button, the menu, the page', async ({ page }) => {
  await signInWithToken(page, FREE, password);
  await searchFromNewYork(page, localDate(1, NOW));

  const card = page.getByTestId('destination-card').first();
  await card.locator('h3 button').click();
  const alertButton = card.getByRole('button', { name: /Price alert/ });
  await expect(alertButton.getByRole('img', { name: 'Premium' })).toBeVisible();
  await alertButton.click();
  await expect(card.getByTestId('price-alert-gate')).toHaveText(
    /Flight alerts are a premium feature\. Please upgrade your account to access this feature\./,
  );
  await expect(page.getByRole('dialog')).toHaveCount(0);

  let alertText = '';
  page.once('dialog', (d) => {
    alertText = d.message();
    void d.dismiss();
  });
  await page.getByRole('button', { name: /Fred Free/ }).click();
  await page.getByRole('menuitem', { name: /Flight Notifications/ }).click();
  await expect.poll(() => alertText).toBe('Flight notifications are a premium feature. Upgrade your account to access this feature.');
  await expect(page.getByTestId('results-screen')).toBeVisible();

  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Premium Feature' })).toBeVisible();
  await expect(page.getByTestId('notification-form')).toHaveCount(0);
});
