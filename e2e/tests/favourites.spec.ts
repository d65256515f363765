import type { Page } from '@playwright/test';
import { expectAxeClean } from '../fixtures/a11y';
import { expect, shot, shotsWanted, signInWithToken, test } from '../fixtures/test';
import { ON_GOWILD_EVE, departuresShown, localDate } from './search-support';

/**
 * Favourites (issue 31; docs/product/favourites.md): a home airport set on /profile and a starred airport lead the
 * origin picker; the filters set on a destination card are remembered by the account, so they are back after a
 * reload and in a second browser signed in as the same traveller.
 */
const TRAVELLER = { email: 'fav.passholder@example.com', password: 'Sky-high-47', firstName: 'Fay', lastName: 'Vourite', premium: true };
const NOW = ON_GOWILD_EVE.TEST_NOW;
test.use({ seedUsers: { [TRAVELLER.email]: TRAVELLER }, serverEnv: ON_GOWILD_EVE });

async function shots(page: Page, name: string) {
  if (!shotsWanted()) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** The values of the origin picker's cards, in order, as the collapsed row shows them. */
const pickerValues = (page: Page) =>
  page
    .getByRole('list', { name: 'Departure Airport choices' })
    .locator('button[data-value]')
    .evaluateAll((bs) => bs.map((b) => b.getAttribute('data-value')));

/** Opens the first GoWild destination of tomorrow's search from DEN. */
async function openFirstCard(page: Page) {
  await page.goto(`/?origin=DEN&date=${localDate(1, NOW)}&screen=departure_flights`);
  await departuresShown(page);
  const card = page.getByTestId('group-gowild').getByTestId('destination-card').first();
  await card.locator('h3 button').click();
  await expect(card.getByTestId('flight-row').first()).toBeVisible();
  return card;
}

test('home airport and a star lead the picker; filters follow the traveller across a reload and a second browser', async ({
  page,
  browser,
  server,
}) => {
  test.slow();
  await signInWithToken(page, TRAVELLER.email, TRAVELLER.password);

  // A home airport, set on the profile.
  await page.goto('/profile');
  const panel = page.getByTestId('favourites-panel');
  await panel.getByLabel('Home airports').fill('las');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/favourites') && r.request().method() === 'PUT');
  await panel.getByRole('button', { name: 'Save home airports' }).click();
  expect((await saved).status()).toBe(200);
  await expect(panel.getByRole('status')).toHaveText('Favourites saved');

  // The picker starts with it; a star on Orlando keeps it right after.
  await page.goto('/');
  await expect.poll(() => pickerValues(page)).toEqual(expect.arrayContaining(['LAS']));
  expect((await pickerValues(page))[0]).toBe('LAS');
  await expect(page.locator('li[data-favourite="home"]').first()).toContainText('Home');
  await page.getByRole('searchbox', { name: /Departure Airport/ }).fill('Orlando');
  const starred = page.waitForResponse((r) => r.url().endsWith('/api/favourites') && r.request().method() === 'PUT');
  await page
    .locator('li:has(button[data-value="MCO"])')
    .getByRole('button', { name: /^Add .* to favourites$/ })
    .click();
  expect((await starred).status()).toBe(200);
  await page.getByRole('searchbox', { name: /Departure Airport/ }).fill('');
  await expect.poll(async () => (await pickerValues(page)).slice(0, 2)).toEqual(['LAS', 'MCO']);
  await expect(
    page.locator('li:has(button[data-value="MCO"])').getByRole('button', { name: /^Remove .* from favourites$/ }),
  ).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('list', { name: 'Departure Airport choices' }).scrollIntoViewIfNeeded();
  await shots(page, 'favourites-picker');
  await expectAxeClean(page, 'ul[aria-label="Departure Airport choices"]');

  // Filters set on a card are remembered by the account.
  let card = await openFirstCard(page);
  const remembered = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/favourites') && r.request().method() === 'PUT' && (r.request().postData() ?? '').includes('"fares":"gowild"'),
  );
  await card.getByRole('button', { name: 'Nonstop', exact: true }).click();
  await card.getByRole('button', { name: 'GoWild only', exact: true }).click();
  expect((await remembered).status()).toBe(200);

  // After a reload, every card starts with them.
  await page.reload();
  await departuresShown(page);
  card = page.getByTestId('group-gowild').getByTestId('destination-card').first();
  await card.locator('h3 button').click();
  await expect(card.getByRole('button', { name: 'Nonstop', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByRole('button', { name: 'GoWild only', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await card.scrollIntoViewIfNeeded();
  await shots(page, 'favourites-filters-remembered');

  // Another browser (another device), the same traveller: the same picker and the same filters.
  const other = await browser.newContext({ baseURL: server.url });
  const second = await other.newPage();
  if (server.testNow) await second.clock.setSystemTime(new Date(server.testNow));
  const config = (await (await second.request.get('/api/config')).json()) as { appVersion: string };
  await second.addInitScript((key) => window.localStorage.setItem(key, 'seen'), `app_update_modal_${config.appVersion}`);
  await signInWithToken(second, TRAVELLER.email, TRAVELLER.password);
  await second.goto('/');
  await expect.poll(async () => (await pickerValues(second)).slice(0, 2)).toEqual(['LAS', 'MCO']);
  const theirCard = await openFirstCard(second);
  await expect(theirCard.getByRole('button', { name: 'Nonstop', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(theirCard.getByRole('button', { name: 'GoWild only', exact: true })).toHaveAttribute('aria-pressed', 'true');
  for (const row of await theirCard.getByTestId('flight-row').all()) await expect(row.locator('[data-fare="go_wild"]')).not.toHaveText('—');

  // The profile lists the starred airport, which can be removed there.
  await second.goto('/profile');
  const theirPanel = second.getByTestId('favourites-panel');
  await expect(theirPanel.getByLabel('Home airports')).toHaveValue('LAS');
  await expect(theirPanel.getByRole('list', { name: 'Favourite origins' })).toContainText('MCO');
  // The digest, not saved yet, suggests them as its origins (issue 33), the home airport first.
  await expect(second.getByTestId('digest-panel').getByLabel('Origin airports')).toHaveValue('LAS, MCO');
  await theirPanel.scrollIntoViewIfNeeded();
  await shots(second, 'favourites-profile');
  await expectAxeClean(second, '[data-testid="favourites-panel"]');
  await other.close();
});
