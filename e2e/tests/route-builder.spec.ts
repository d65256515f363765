import { readFile } from 'node:fs/promises';
import { expect, signInWithToken, test } from '../fixtures/test';
import { dismissWhatsNew, goWildEve, localDate } from './search-support';

const PREMIUM = { email: 'route.builder@example.com', password: 'Sky-high-47', firstName: 'Rita', lastName: 'Route', premium: true };
// GoWild seats tomorrow exist only when tomorrow is not a blackout date: this spec lives on such a day.
const NOW = goWildEve();
test.use({ seedUsers: { [PREMIUM.email]: PREMIUM }, serverEnv: { TEST_NOW: NOW } });

test('the route builder: itineraries of up to three GoWild flights, each a separate booking, with a calendar and a share link', async ({
  page,
}, testInfo) => {
  await dismissWhatsNew(page);
  const token = await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  const date = localDate(1, NOW);
  // Other travellers' searches leave the day's answers in the observations: every route out of DEN, every route into MCO.
  const headers = { authorization: `Bearer ${token}` };
  for (const url of [`/api/flights/search?origin=DEN&date=${date}`, `/api/flights/inbound?destination=MCO&date=${date}`]) {
    const res = await page.request.get(url, { headers });
    expect(res.status(), await res.text()).toBe(200);
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  // The old address still works, one tab away from the route builder.
  await page.goto('/hub-search');
  await expect(page.getByRole('heading', { name: 'Search via a Hub' })).toBeVisible();
  await page.getByRole('link', { name: 'Route builder: up to 3 flights' }).click();
  await expect(page.getByRole('heading', { name: 'Route Builder' })).toBeVisible();

  await page.getByLabel('From').selectOption('DEN');
  await page.locator('select[name="destination"]').selectOption('MCO');
  await page.getByLabel('Date').fill(date);
  await page.getByRole('button', { name: 'Build routes' }).click();
  await expect(page.getByTestId('route-builder-summary')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('route-builder-risk')).toContainText('Separate bookings');
  const first = page.getByTestId('itinerary').first();
  await expect(first).toBeVisible();
  // The best itinerary's flights were asked live before it is shown as bookable.
  await expect(first).toHaveAttribute('data-status', 'confirmed');
  await expect(first.getByTestId('itinerary-status')).toHaveText('Confirmed live');
  await expect(page).toHaveURL(/origin=DEN.*destination=MCO/);
  const connecting = page.locator('[data-testid="itinerary"]', { has: page.getByTestId('itinerary-stop') }).first();
  await expect(connecting.getByTestId('itinerary-stop').first()).toContainText(/at [A-Z]{3}: self-transfer/);
  await expect(connecting.getByTestId('itinerary-notice')).toContainText('A missed connection is not protected');
  await expect(connecting.getByTestId('leg-fare').first()).toContainText('GoWild');
  await page.screenshot({ path: testInfo.outputPath('route-builder-1280.png'), fullPage: false });

  // "Add to Calendar": one event per flight of the chain.
  const legs = await connecting.getByTestId('itinerary-leg').count();
  const download = page.waitForEvent('download');
  await connecting.getByRole('button', { name: 'Add to Calendar' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.ics$/);
  const ics = await readFile((await file.path())!, 'utf8');
  expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(legs);

  // A share link names the itinerary by its flights: opened again, it is confirmed and shown first.
  const id = (await connecting.getAttribute('data-itinerary-id'))!;
  await page.goto(`/route-builder?origin=DEN&destination=MCO&date=${date}&pick=${encodeURIComponent(id)}`);
  const shared = page.getByTestId('itinerary').first();
  await expect(shared).toHaveAttribute('data-itinerary-id', id, { timeout: 30_000 });
  await expect(shared).toHaveAttribute('data-status', 'confirmed');

  // Usable at 375 px: nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(shared).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('route-builder-375.png'), fullPage: false });
  await page.getByTestId('itinerary').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('route-builder-375-itinerary.png'), fullPage: false });
});
