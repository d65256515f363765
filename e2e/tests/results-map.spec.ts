import { expectAxeClean } from '../fixtures/a11y';
import { expect, signInWithToken, test } from '../fixtures/test';
import { departuresShown, localDate } from './search-support';

/**
 * The results map (docs/product/results-map.md): on the departure results, every destination on a map loaded on
 * demand; GoWild destinations stand out with their lowest fare; a click, or Enter from the keyboard, opens the card.
 */
const USER = { email: 'resultsmap.premium@example.com', password: 'Sky-high-47', firstName: 'Mae', lastName: 'Map', premium: true };
test.use({ seedUsers: { [USER.email]: USER } });

test('the map of the answers loads on demand, marks every destination and opens a card by click or keyboard', async ({ page }) => {
  await signInWithToken(page, USER.email, USER.password);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto(`/?origin=DEN&date=${localDate(2)}&screen=departure_flights`);
  await departuresShown(page);
  const cards = page.getByTestId('destination-card');
  const count = await cards.count();
  expect(count).toBeGreaterThan(1);
  // Nothing of the map is fetched until it is asked for.
  expect(scripts.filter((s) => /results-map|leaflet/i.test(s))).toEqual([]);
  await page.getByTestId('results-map-toggle').click();
  const map = page.getByTestId('results-map');
  await expect(map).toBeVisible();
  await expect(map.locator('.gw-results-marker')).toHaveCount(count);
  const goWildCards = await page.locator('[data-testid="destination-card"][data-gowild="true"]').count();
  await expect(map.locator('.gw-results-marker-gowild')).toHaveCount(goWildCards);
  expect(goWildCards).toBeGreaterThan(0);
  await expect(map.locator('.gw-results-marker').first()).toContainText('$');

  // A click on a marker opens its card. Price labels never overlap (crowded-labels.spec.ts), but where airports crowd
  // some wait for a closer zoom, so the click goes to a GoWild label that is shown and on top at its centre.
  const topGoWildMarker = () =>
    map.evaluate((el) => {
      for (const wrap of Array.from(el.querySelectorAll('.leaflet-marker-icon'))) {
        const marker = wrap.querySelector('.gw-results-marker-gowild') as HTMLElement | null;
        if (!marker) continue;
        const box = marker.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        if (top && wrap.contains(top)) return marker.dataset.code ?? null;
      }
      return null;
    });
  // Polled: the first zoom may still be animating when the markers are counted. In view first: what is above the map
  // (the date grid, taller once the server has observations) can push it below the fold, where no point is on top.
  await map.scrollIntoViewIfNeeded();
  await expect.poll(topGoWildMarker).not.toBeNull();
  const code = (await topGoWildMarker())!;
  await map.locator(`.gw-results-marker[data-code="${code}"]`).click();
  const card = page.locator(`[data-testid="destination-card"][data-code="${code}"]`);
  await expect(card.getByRole('button', { expanded: true }).first()).toBeVisible();
  await expect(card.locator('h3 button')).toBeFocused();

  // The keyboard: a marker is a button in the tab order; Enter opens its card.
  const codes = await map.locator('.gw-results-marker').evaluateAll((ms) => ms.map((m) => (m as HTMLElement).dataset.code!));
  const other = codes.find((c) => c !== code)!;
  const marker = map.locator('.leaflet-marker-icon', { has: page.locator(`[data-code="${other}"]`) });
  await marker.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator(`[data-testid="destination-card"][data-code="${other}"] h3 button`)).toHaveAttribute('aria-expanded', 'true');

  await expectAxeClean(page, '[data-testid="results-map-section"]');
});

test('at 375 px the map fits the screen and the page does not scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInWithToken(page, USER.email, USER.password);
  await page.goto(`/?origin=DEN&date=${localDate(2)}&screen=departure_flights`);
  await departuresShown(page);
  await page.getByTestId('results-map-toggle').click();
  const box = (await page.getByTestId('results-map').boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(375);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
