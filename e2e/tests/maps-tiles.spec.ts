import { expect, signInWithToken, test } from '../fixtures/test';

/** docs/product/maps.md#basemap-and-tiles: with TILE_URL the maps draw that server's tiles instead of the bundled basemap. */
const password = 'Jet-stream-61';
const PREMIUM = 'map.tiles@example.com';
// A host no one serves: the browser test answers its requests itself, after the page's CSP has let them out.
const TILE_URL = 'http://tiles.map.test/{z}/{x}/{y}.png';
test.use({
  seedUsers: { [PREMIUM]: { password, firstName: 'Tia', lastName: 'Tiles', premium: true } },
  serverEnv: { TILE_URL, TILE_ATTRIBUTION: 'Tiles by Map Test' },
});

test('the route map draws those tiles, credits them and loads no bundled basemap', async ({ page }) => {
  // A 1×1 transparent PNG.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
  const tiles: string[] = [];
  await page.route('http://tiles.map.test/**', (route) => {
    tiles.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'image/png', body: png });
  });
  const basemap: string[] = [];
  page.on('request', (r) => {
    if (/countries-110m|states-10m/.test(r.url())) basemap.push(r.url());
  });
  await signInWithToken(page, PREMIUM, password);
  await page.goto('/routes');
  const map = page.getByTestId('route-map');
  await expect(map.locator('path.gw-airport-DEN')).toBeVisible();
  await expect(map.locator('img.leaflet-tile-loaded').first()).toBeVisible();
  expect(tiles.length).toBeGreaterThan(0);
  expect(tiles.every((u) => /^http:\/\/tiles\.map\.test\/4\/\d+\/\d+\.png$/.test(u))).toBe(true);
  await expect(map.locator('.leaflet-control-attribution')).toContainText('Tiles by Map Test');
  await expect(map.locator('.leaflet-control-attribution')).not.toContainText('Natural Earth');
  expect(basemap).toEqual([]);
});
