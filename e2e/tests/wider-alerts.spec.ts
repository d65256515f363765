import type { Page } from '@playwright/test';
import { waitForEmail } from '../fixtures/outbox';
import { expect, shot, signInWithToken, test } from '../fixtures/test';
import { ON_GOWILD_EVE, departuresShown, dismissWhatsNew, localDate } from './search-support';

/**
 * docs/product/alerts.md#kinds-of-alert: the wider alerts on the screens (issues 31, 32). From a results card, an
 * any-destination alert over a range of dates and a seat alert; from the route builder, an alert for every leg of a
 * chain; /notifications lists the three, each counting toward the 3 active alerts. Screenshots at 1280 and 375 px in
 * the test's output folder.
 */
const PREMIUM = { email: 'wide.watcher@example.com', password: 'Sky-high-47', firstName: 'Wanda', lastName: 'Wide', premium: true };
// GoWild seats tomorrow exist only when tomorrow is not a blackout date: this spec lives on such a day.
const NOW = ON_GOWILD_EVE.TEST_NOW;
test.use({ seedUsers: { [PREMIUM.email]: PREMIUM }, serverEnv: ON_GOWILD_EVE });

const noOverflow = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

test('any destination over a range, seats left, and every leg of a chain: created on the screens and listed', async ({ page, server }) => {
  // Three creates, a route builder search and the e-mails they queue: more than the default minute on a loaded machine.
  test.setTimeout(240_000);
  await dismissWhatsNew(page);
  const token = await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  const tomorrow = localDate(1, NOW);
  const third = localDate(3, NOW);

  // The results for DEN tomorrow, and the first card's alert modal.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/?origin=DEN&date=${tomorrow}`);
  await departuresShown(page);
  const card = page.getByTestId('destination-card').first();
  const code = (await card.getAttribute('data-code'))!;
  await card.locator('h3 button').click();
  await card.getByRole('button', { name: 'Price alert' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('group', { name: 'Alert me when' })).toBeVisible();

  // Any destination from DEN, tomorrow to the day after next.
  await dialog.getByLabel('Any destination from DEN has GoWild').check();
  await expect(dialog.getByRole('heading', { name: 'Create Any-Destination Alert' })).toBeVisible();
  await expect(dialog.getByTestId('alert-route')).toContainText('any destination');
  await dialog.locator(`button[data-date="${third}"]`).click();
  await expect(dialog.getByTestId('alert-range')).toContainText('Watches every day of');
  await shot(page, 'wider-alert-modal-origin-wide-1280');
  await dialog.getByRole('button', { name: 'Create Alert' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Flight Alert Created!' })).toContainText(
    'a flight from this airport has GoWild on these dates',
  );
  await expect(dialog).toBeHidden();
  await waitForEmail(server.dataDir, PREMIUM.email, /Alert set: any destination from DEN/);

  // Seats on this card's route, at 375 px.
  await page.setViewportSize({ width: 375, height: 800 });
  await card.getByRole('button', { name: 'Price alert' }).click();
  await dialog.getByLabel('GoWild seats drop to a number or fewer').check();
  await dialog.getByLabel('Seats left (1 to 20)').fill('2');
  await expect(dialog.getByLabel('Maximum price (USD)')).toHaveCount(0);
  await noOverflow(page);
  await shot(page, 'wider-alert-modal-seats-375');
  await dialog.getByRole('button', { name: 'Create Alert' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'GoWild seats drop to your number' })).toContainText('Flight Alert Created!');
  await waitForEmail(server.dataDir, PREMIUM.email, new RegExp(`Seat alert set: DEN → ${code}`));

  // The route builder: every leg of a connecting itinerary.
  const headers = { authorization: `Bearer ${token}` };
  for (const url of [`/api/flights/search?origin=DEN&date=${tomorrow}`, `/api/flights/inbound?destination=MCO&date=${tomorrow}`]) {
    const res = await page.request.get(url, { headers });
    expect(res.status(), await res.text()).toBe(200);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/route-builder?origin=DEN&destination=MCO&date=${tomorrow}`);
  const connecting = page.locator('[data-testid="itinerary"]', { has: page.getByTestId('itinerary-stop') }).first();
  await expect(connecting).toBeVisible({ timeout: 30_000 });
  const path = (await connecting.locator('h3').textContent())!;
  await connecting.getByRole('button', { name: 'Alert me when every leg has GoWild' }).click();
  const panel = connecting.getByTestId('chain-alert-panel');
  await expect(panel.getByRole('group', { name: 'Send this alert by' })).toBeVisible();
  await connecting.scrollIntoViewIfNeeded();
  await shot(page, 'wider-alert-chain-1280');
  await panel.getByRole('button', { name: 'Create alert' }).click();
  await expect(connecting.getByTestId('chain-alert-set')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Chain Alert Created!' })).toBeVisible();
  const chainRoute = path.match(/[A-Z]{3}( → [A-Z]{3})+/)![0];
  await waitForEmail(server.dataDir, PREMIUM.email, new RegExp(`Chain alert set: ${chainRoute}`));

  // A fourth alert of any kind is refused before it is sent: the route builder says so.
  const another = page.locator('[data-testid="itinerary"]', { has: page.getByTestId('itinerary-stop') }).nth(1);
  if ((await another.count()) > 0) {
    await another.getByRole('button', { name: 'Alert me when every leg has GoWild' }).click();
    await expect(another.getByTestId('chain-alert-limit')).toContainText('Maximum 3 alerts reached');
  }

  // /notifications: the three kinds, at 1280 and 375 px.
  await page.goto('/notifications');
  const items = page.getByTestId('notification');
  await expect(items).toHaveCount(3);
  await expect(page.getByTestId('active-count')).toHaveText('3 of 3 active alerts');
  await expect(page.locator('[data-kind="origin_wide"]').getByRole('heading')).toHaveText('DEN → anywhere');
  await expect(page.locator('[data-kind="seats"]')).toContainText('2 or fewer GoWild seats');
  await expect(page.locator('[data-kind="chain"]').getByRole('heading')).toHaveText(chainRoute);
  await expect(page.locator('[data-kind="chain"]').getByTestId('notification-legs')).toBeVisible();
  await page.getByText('3 of 3 active alerts').scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, -120));
  await shot(page, 'wider-alerts-notifications-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await noOverflow(page);
  await page.locator('[data-kind="chain"]').scrollIntoViewIfNeeded();
  await shot(page, 'wider-alerts-notifications-375');
});
