import { readFile } from 'node:fs/promises';
import { expect, shot, signInWithToken, test } from '../fixtures/test';
import { ON_GOWILD_EVE, dismissWhatsNew, localDate } from './search-support';

const PREMIUM = { email: 'route.builder@example.com', password: 'Sky-high-47', firstName: 'Rita', lastName: 'Route', premium: true };
// GoWild seats tomorrow exist only when tomorrow is not a blackout date: this spec lives on such a day.
const NOW = ON_GOWILD_EVE.TEST_NOW;
test.use({ seedUsers: { [PREMIUM.email]: PREMIUM }, serverEnv: ON_GOWILD_EVE });

test('the route builder: itineraries of up to three GoWild flights, each a separate booking, with a calendar and a share link', async ({
  page,
  baseURL,
}) => {
  // Every request goes to our own server: the itineraries' maps draw the basemap that ships with the app.
  const outside: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(baseURL!) && !url.startsWith('data:') && !url.startsWith('blob:')) outside.push(url);
  });
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

  // Each itinerary's flights on its own small map: a curve per flight, the hub where the traveller changes marked and
  // named, and the trip in words for a screen reader.
  await expect(first.getByTestId('itinerary-map')).toBeVisible();
  await expect(first.getByTestId('itinerary-map')).toHaveAttribute('role', 'img');
  await expect(first.getByTestId('itinerary-map')).toHaveAttribute(
    'aria-label',
    /^Map of this trip from Denver \(DEN\) to Orlando \(MCO\)/,
  );
  const map = connecting.getByTestId('itinerary-map');
  await connecting.scrollIntoViewIfNeeded();
  await expect(map).toBeVisible();
  const flights = await connecting.getByTestId('itinerary-leg').count();
  const hubs = (await connecting.getByTestId('itinerary-stop').allTextContents()).map((t) => /at ([A-Z]{3}): self-transfer/.exec(t)![1]!);
  expect(hubs.length).toBe(flights - 1);
  await expect(map.locator('path.gw-leg-1').first()).toBeVisible();
  await expect(map.locator(`path.gw-leg-${flights}`).first()).toBeVisible();
  await expect(map.locator('path.gw-itinerary-hub')).toHaveCount(hubs.length);
  for (const hub of hubs) await expect(map.locator('.leaflet-tooltip', { hasText: hub })).toBeVisible();
  await expect(map).toHaveAttribute('aria-label', new RegExp(`flight 1 to [^,]*\\(${hubs[0]}\\), a self-transfer there`));
  // A still picture: no zoom buttons, and dragging it does not move it.
  await expect(map.locator('.leaflet-control-zoom')).toHaveCount(0);
  await shot(page, 'route-builder-1280');

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
  await shot(page, 'route-builder-375');
  // The map sits above the flights on a phone, the card's full width, its codes readable.
  // (Drawn once it comes near the screen: a list of 50 itineraries does not make 50 maps up front.)
  await shared.getByTestId('itinerary-map-box').scrollIntoViewIfNeeded();
  const phoneMap = shared.getByTestId('itinerary-map');
  await expect(phoneMap).toBeVisible();
  const box = (await phoneMap.boundingBox())!;
  expect(box.width).toBeGreaterThan(250);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(box.y).toBeLessThan((await shared.getByTestId('itinerary-leg').first().boundingBox())!.y);
  await shot(page, 'route-builder-375-itinerary');
  expect(outside).toEqual([]);
});
