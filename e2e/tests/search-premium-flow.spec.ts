import { expectAxeClean } from '../fixtures/a11y';
import { expect, signInWithToken, test } from '../fixtures/test';
import { formatDollars } from '@gowild/contract/money';
import { ON_GOWILD_EVE, departuresShown, dismissWhatsNew, localDate, priceOf } from './search-support';

const PREMIUM = { email: 'premium.flyer@example.com', password: 'Sky-high-47', firstName: 'Pat', lastName: 'Premium', premium: true };
// GoWild seats 'tomorrow' exist only when tomorrow is not a blackout date: this spec lives on such a day.
const NOW = ON_GOWILD_EVE.TEST_NOW;
test.use({ seedUsers: { [PREMIUM.email]: PREMIUM }, serverEnv: ON_GOWILD_EVE });

test('premium: city origin for tomorrow → GoWild first → nonstop → weather → return → summary → shared link', async ({
  page,
  browser,
  baseURL,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await dismissWhatsNew(page);
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  const tomorrow = localDate(1, NOW);

  await page.goto('/');
  await page.getByRole('searchbox', { name: /Departure Airport/ }).fill('New York');
  await page.locator('button[data-value="CITY:NYC"]').click();
  await page.locator(`button[data-date="${tomorrow}"]`).click();
  await page.getByRole('button', { name: 'Search from New York City' }).click();

  // Results stream in; the URL follows 100 ms after the search.
  await expect(page.getByTestId('results-screen')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?origin=CITY%3ANYC&date=${tomorrow}&screen=departure_flights$`));
  await departuresShown(page);
  const gowild = page.getByTestId('group-gowild');
  await expect(gowild).toBeVisible();

  // GoWild destinations first, then Standard; every card is in the right group.
  const groups = await page.locator('[data-testid^="group-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
  expect(groups[0]).toBe('group-gowild');
  expect(await gowild.locator('[data-testid="destination-card"][data-gowild="false"]').count()).toBe(0);
  expect(await page.locator('[data-testid="group-standard"] [data-testid="destination-card"][data-gowild="true"]').count()).toBe(0);
  await expectAxeClean(page);

  // Open a GoWild destination with a nonstop flight: weather loads, then filter to nonstop.
  const card = gowild.locator('[data-testid="destination-card"]', { hasText: 'nonstop available' }).first();
  const code = await card.getAttribute('data-code');
  await card.locator('h3 button').click();
  await expect(card.getByRole('region', { name: `7-day forecast for ${code}` }).locator('li')).toHaveCount(7);
  await card.getByRole('button', { name: 'Nonstop', exact: true }).click();
  const rows = card.getByTestId('flight-row');
  await expect(rows.first()).toBeVisible();
  expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-stops')))).toEqual(expect.arrayContaining(['0']));
  expect(new Set(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-stops'))))).toEqual(new Set(['0']));
  // Only one card is open at a time.
  await expect(page.locator('[data-testid="destination-card"] h3 button[aria-expanded="true"]')).toHaveCount(1);

  // Pick the departure: the return screen, with the URL naming the flight.
  await rows.first().getByRole('button', { name: 'Select Departure' }).click();
  await expect(page.getByTestId('return-screen')).toBeVisible();
  await expect(page).toHaveURL(/screen=return_flights&flight=[A-Za-z0-9_-]+/);
  await expect(page.getByTestId('selected-departure')).toBeVisible();
  await expect(page.getByTestId('return-skeleton')).toBeHidden({ timeout: 30_000 });

  // The return date starts at the arrival date; step forward until there are flights back.
  for (let i = 0; i < 5 && (await page.getByRole('button', { name: 'Select Return' }).count()) === 0; i++) {
    await page.getByRole('button', { name: /^Next day/ }).click();
    await expect(page.getByTestId('return-skeleton')).toBeHidden({ timeout: 30_000 });
  }
  await expect(page.getByTestId('days-badge').first()).toBeVisible();
  await page.getByRole('button', { name: 'Select Return' }).first().click();

  // The summary, with totals by the rule of docs/product/search.md#summary-figures from the stored flights.
  await expect(page).toHaveURL(/\/flight-summary\?departure=.+&return=.+&origin=CITY%3ANYC&destination=[A-Z]{3}&date=/);
  const url = new URL(page.url());
  const stored = await page.evaluate(
    ([dep, ret]) => [localStorage.getItem(`flight_summary_${dep}`), localStorage.getItem(`flight_summary_${ret}`)],
    [url.searchParams.get('departure'), url.searchParams.get('return')],
  );
  const total = priceOf(JSON.parse(stored[0]!)) + priceOf(JSON.parse(stored[1]!));
  await expect(page.getByTestId('total-price')).toHaveText(formatDollars(total));
  await expect(page.getByTestId('price-total')).toHaveText(formatDollars(total));
  await expect(page.getByText('Round trip • Economy • 1 passenger')).toBeVisible();
  await expectAxeClean(page);

  // Share: the data link opens the same trip in a fresh browser with nothing stored.
  await page.getByRole('button', { name: 'Share Flight Summary' }).click();
  await expect(page.getByText('Shareable flight summary URL copied to clipboard!')).toBeVisible();
  const shared = await page.evaluate(() => navigator.clipboard.readText());
  expect(shared).toMatch(/\/flight-summary\?data=[A-Za-z0-9_-]+$/);
  const other = await browser.newContext({ baseURL });
  try {
    const visitor = await other.newPage();
    await visitor.goto(shared);
    await expect(visitor.getByTestId('total-price')).toHaveText(formatDollars(total));
    await expect(visitor.getByTestId('leg-outbound')).toBeVisible();
    await expect(visitor.getByTestId('leg-return')).toBeVisible();
  } finally {
    await other.close();
  }
});
