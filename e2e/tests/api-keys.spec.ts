import type { Page } from '@playwright/test';
import { createAccount, expect, shot, signInWithToken, test } from '../fixtures/test';

/** docs/product/public-api.md: personal API keys on /profile, and the /developers page. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The page fits 1280 and 375 px (nothing wider than the window); shot() keeps the whole page at each width. */
async function fitsBothWidths(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await overflow(page), `${name} overflows at ${width} px`).toBeLessThanOrEqual(0);
    await shot(page, `${name}-${width}`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a key made on /profile is shown once, copied, works on the API, is listed with its calls and revoked in one click', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const account = await createAccount(page);
  await signInWithToken(page, account.email, account.password);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'API keys' });
  await expect(section).toContainText('No API keys yet.');
  await section.getByLabel('Key name').fill('My spreadsheet');
  await section.getByRole('button', { name: 'Create key' }).click();
  const fresh = section.getByTestId('new-api-key');
  await expect(fresh).toContainText('it will not be shown again');
  const key = (await fresh.locator('code').textContent())!;
  expect(key).toMatch(/^gwk_[A-Za-z0-9_-]{43}$/);
  await fresh.getByRole('button', { name: 'Copy' }).click();
  await expect(fresh.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await fitsBothWidths(page, 'profile-api-key-created');

  const call = await page.request.get('/api/airports', { headers: { 'x-api-key': key } });
  expect(call.status()).toBe(200);
  expect(call.headers()['ratelimit-limit']).toBe('100');
  expect(call.headers()['ratelimit-remaining']).toBe('99');
  const refused = await page.request.get('/api/auth/profile', { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(403);

  await page.reload();
  await expect(section.getByTestId('new-api-key')).toHaveCount(0);
  const row = section.getByTestId('api-key-row');
  await expect(row).toContainText('My spreadsheet');
  await expect(row).toContainText('Calls today 1 / 100');
  await expect(page.locator('body')).not.toContainText(key);
  await fitsBothWidths(page, 'profile-api-keys-list');

  await row.getByRole('button', { name: 'Revoke My spreadsheet' }).click();
  await expect(section).toContainText('No API keys yet.');
  expect((await page.request.get('/api/airports', { headers: { 'x-api-key': key } })).status()).toBe(401);
});

test('/developers lists the endpoints a key may call from the OpenAPI document, with freshness, an example and the quotas', async ({
  page,
}) => {
  await page.goto('/developers');
  await expect(page.getByRole('heading', { name: 'GoWild Finder API', level: 1 })).toBeVisible();
  await expect(page.getByTestId('developers-quotas')).toContainText('100 calls a day per key on the free plan, 1,000 on premium');
  const endpoints = page.getByTestId('developers-endpoint');
  // Every keyed route (the grid, price history, route insights, connections, anywhere, airports, blackout dates).
  await expect(endpoints).toHaveCount(7);
  await expect(endpoints.filter({ hasText: '/api/flights/anywhere' })).toContainText('Freshness:');
  const grid = endpoints.filter({ hasText: '/api/flights/grid' });
  await expect(grid).toContainText('Every destination by date from kept observations');
  await expect(grid).toContainText('Freshness:');
  await expect(grid).toContainText('curl -H "X-API-Key: gwk_…"');
  await expect(page.locator('body')).not.toContainText('/api/admin');
  await fitsBothWidths(page, 'developers');
});
