import type { Page } from '@playwright/test';
import { createAccount, expect, shot, signInWithToken, test } from '../fixtures/test';
import { ON_GOWILD_EVE, departuresShown, localDate } from './search-support';

/** docs/product/maps.md: the route map page and the flight map on a result card, offline (no TILE_URL). */
const password = 'Jet-stream-61';
const PREMIUM = 'map.premium@example.com';
const NOW = ON_GOWILD_EVE.TEST_NOW;
test.use({
  seedUsers: { [PREMIUM]: { password, firstName: 'Pat', lastName: 'Premium', premium: true } },
  serverEnv: ON_GOWILD_EVE,
});

/** Every request the page makes goes to our own server: the basemap ships with the app. */
function recordOutsideRequests(page: Page, baseURL: string): string[] {
  const outside: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(baseURL) && !url.startsWith('data:') && !url.startsWith('blob:')) outside.push(url);
  });
  return outside;
}

/** The popup's figures worked out from the route table itself. */
async function expectedRoutes(page: Page, token: string, code: string) {
  const res = await page.request.get('/api/routes', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const { routes } = (await res.json()) as { routes: { origin: string; destination: string }[] };
  const outbound = [...new Set(routes.filter((r) => r.origin === code).map((r) => r.destination))].sort();
  const inbound = [...new Set(routes.filter((r) => r.destination === code).map((r) => r.origin))].sort();
  return { outbound, inbound, linked: new Set([...outbound, ...inbound]) };
}

test('premium: DEN on /routes shows its arcs, the popup counts and the list; Clear resets; the search box selects', async ({
  page,
  baseURL,
}) => {
  const outside = recordOutsideRequests(page, baseURL!);
  const token = await signInWithToken(page, PREMIUM, password);
  const den = await expectedRoutes(page, token, 'DEN');
  expect(den.outbound.length).toBeGreaterThan(20);

  await page.goto('/routes');
  const map = page.getByTestId('route-map');
  await expect(map.locator('path.gw-airport-DEN')).toBeVisible();
  // The hubs have their own colour.
  expect(await map.locator('path.gw-hub').count()).toBe(9);
  const hubFill = await map.locator('path.gw-airport-DEN').getAttribute('fill');
  const otherFill = await map.locator('path.gw-airport-MCO').getAttribute('fill');
  expect(hubFill).not.toBe(otherFill);

  // Hover: the tooltip names the airport and its route count.
  await map.locator('path.gw-airport-DEN').hover();
  await expect(page.locator('.leaflet-tooltip')).toContainText(`DEN`);
  await expect(page.locator('.leaflet-tooltip')).toContainText(`${den.linked.size} routes`);

  await map.locator('path.gw-airport-DEN').click();
  await expect(map).toHaveAttribute('data-selected', 'DEN');
  await expect(map.locator('path.gw-route-arc')).toHaveCount(den.linked.size);
  const popup = page.getByTestId('route-popup');
  await expect(popup.getByTestId('popup-outbound')).toContainText(`Outbound (${den.outbound.length})`);
  await expect(popup.getByTestId('popup-outbound')).toContainText(den.outbound.join(', '));
  await expect(popup.getByTestId('popup-inbound')).toContainText(`Inbound (${den.inbound.length})`);
  await expect(popup.getByTestId('popup-inbound')).toContainText(den.inbound.join(', '));
  // The side list: DEN's destinations, nearest first, each with a search for tomorrow.
  const list = page.getByTestId('destination-list');
  await expect(list.locator('li')).toHaveCount(den.outbound.length);
  const miles = await list
    .locator('li')
    .evaluateAll((els) => els.map((e) => Number(e.textContent!.match(/([\d,]+) mi/)![1]!.replace(/,/g, ''))));
  expect(miles).toEqual([...miles].sort((a, b) => a - b));
  await expect(page.getByRole('link', { name: 'Search from here' })).toHaveAttribute('href', `/?origin=DEN&date=${localDate(1, NOW)}`);
  await shot(page, 'routes-den-1280');

  await popup.getByRole('button', { name: 'Clear' }).click();
  await expect(map).toHaveAttribute('data-selected', '');
  await expect(map.locator('path.gw-route-arc')).toHaveCount(0);
  await expect(page.getByTestId('route-popup')).toHaveCount(0);

  // A second click on the same airport deselects it.
  await map.locator('path.gw-airport-LAS').click();
  await expect(map).toHaveAttribute('data-selected', 'LAS');
  await map.locator('path.gw-airport-LAS').click({ force: true });
  await expect(map).toHaveAttribute('data-selected', '');

  // Keyboard: the search box selects an airport.
  await page.getByRole('combobox', { name: 'Find an airport' }).fill('Orlando');
  await page.keyboard.press('Enter');
  await expect(map).toHaveAttribute('data-selected', 'MCO');
  expect(outside).toEqual([]);
});

test.describe('at 375 px with touch', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('a tap selects an airport on /routes', async ({ page }) => {
    await signInWithToken(page, PREMIUM, password);
    await page.goto('/routes');
    const map = page.getByTestId('route-map');
    await expect(map.locator('path.gw-airport-DEN')).toBeVisible();
    await map.locator('path.gw-airport-DEN').tap();
    await expect(map).toHaveAttribute('data-selected', 'DEN');
    await expect(page.getByTestId('route-popup')).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await shot(page, 'routes-den-375', { fullPage: true });
  });
});

test('a free user sees the route map panel with the catalogue price, and the server refuses the data', async ({ page }) => {
  const free = await createAccount(page);
  const refused = await page.request.get('/api/routes', { headers: { authorization: `Bearer ${free.token}` } });
  expect(refused.status()).toBe(403);
  await page.addInitScript((t) => window.localStorage.setItem('auth-token', t), free.token);
  await page.goto('/routes');
  await expect(page.getByRole('heading', { name: 'Premium Feature' })).toBeVisible();
  await expect(page.getByText(/everywhere you can fly from your airport/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade to Premium - $5/month' })).toHaveAttribute('href', '/profile');
  await expect(page.getByText('$15')).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to Search' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('premium: an open result card shows its flight map, drawn offline', async ({ page, baseURL }) => {
  const outside = recordOutsideRequests(page, baseURL!);
  await signInWithToken(page, PREMIUM, password);
  await page.goto(`/?origin=DEN&date=${localDate(1, NOW)}`);
  await departuresShown(page);
  await expect(page.getByTestId('group-gowild')).toBeVisible();
  // By its code: the list can still reorder as the last destinations arrive.
  const code = await page.locator('[data-testid="destination-card"]').first().getAttribute('data-code');
  const card = page.locator(`[data-testid="destination-card"][data-code="${code}"]`);
  await card.locator('h3 button').click();
  await card.getByRole('button', { name: 'Show flight map' }).click();
  const map = card.getByTestId('flight-map');
  await expect(map.locator('path.gw-flight-path-chosen').first()).toBeVisible();
  await expect(map.locator('path.gw-airport-DEN')).toBeVisible();
  await expect(card.getByText('Unable to display map')).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'flight-map-1280');
  expect(outside).toEqual([]);
});
