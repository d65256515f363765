import { expect, shot, signInWithToken, test } from '../fixtures/test';
import { ON_GOWILD_EVE, departuresShown, dismissWhatsNew, localDate } from './search-support';

// docs/product/observations.md#freshness: a premium traveller's live re-check of one destination, on the real server.
const PREMIUM = { email: 'recheck.premium@example.com', password: 'Sky-high-47', firstName: 'Pat', lastName: 'Premium', premium: true };
const FREE = { email: 'recheck.free@example.com', password: 'Sky-high-47', firstName: 'Fran', lastName: 'Free' };
const NOW = ON_GOWILD_EVE.TEST_NOW;
test.use({ seedUsers: { [PREMIUM.email]: PREMIUM, [FREE.email]: FREE }, serverEnv: ON_GOWILD_EVE });

const tomorrow = localDate(1, NOW);

/** A single-route search DEN → LAS: its one card opens by itself. */
async function searchDenLas(page: import('@playwright/test').Page) {
  await page.goto(`/?origin=DEN&destination=LAS&date=${tomorrow}&screen=departure_flights`);
  await departuresShown(page);
  const card = page.getByTestId('destination-card').first();
  await expect(card.locator('h3 button')).toHaveAttribute('aria-expanded', 'true');
  return card;
}

test('premium: re-check now asks the airline for that destination, is busy meanwhile, then shows the refreshed card', async ({ page }) => {
  await dismissWhatsNew(page);
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  const card = await searchDenLas(page);
  await expect(card.getByTestId('recheck-freshness')).toHaveText(/^Fares checked (just now|\d+ min ago)$/);

  // Hold the request until the busy state has been seen.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const calls: string[] = [];
  await page.route('**/api/flights/recheck?*', async (route) => {
    calls.push(`${route.request().method()} ${new URL(route.request().url()).search}`);
    await held;
    await route.continue();
  });
  const answer = page.waitForResponse((r) => r.url().includes('/api/flights/recheck'));
  await card.getByRole('button', { name: 'Re-check now' }).click();
  const busy = card.getByTestId('recheck-button');
  await expect(busy).toHaveText('Re-checking…');
  await expect(busy).toBeDisabled();
  release();
  expect((await answer).status()).toBe(200);
  expect(calls).toEqual([`POST ?origin=DEN&destination=LAS&date=${tomorrow}`]);
  await expect(card.getByRole('button', { name: 'Re-check now' })).toBeEnabled();
  await expect(card.getByTestId('recheck-freshness')).toHaveText('Fares checked just now');
  await expect(card.getByTestId('checked-ago')).toHaveText(' · checked just now');
  await expect(card.getByTestId('flight-row').first()).toBeVisible();
  await expect(card.getByTestId('recheck-problem')).toHaveCount(0);
});

test.describe('a refusal', () => {
  // The browser logs the refused request itself; that is the case under test.
  test.use({ allowedConsoleErrors: [/status of 429 .*\/api\/flights\/recheck/] });

  test("premium: the server's refusal is shown in its words, and the card keeps its flights", async ({ page }) => {
    await dismissWhatsNew(page);
    await signInWithToken(page, PREMIUM.email, PREMIUM.password);
    const card = await searchDenLas(page);
    const flights = await card.getByTestId('flight-row').count();
    const refusal = 'You have used your share of airline lookups for this minute. Try again in 30 seconds.';
    await page.route('**/api/flights/recheck?*', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        json: { error: 'Too Many Requests', code: 'RATE_LIMITED', message: refusal },
      }),
    );
    await card.getByRole('button', { name: 'Re-check now' }).click();
    await expect(card.getByTestId('recheck-problem')).toHaveText(refusal);
    await expect(card.getByTestId('flight-row')).toHaveCount(flights);
  });
});

for (const width of [1280, 375]) {
  test(`premium at ${width} px: the re-check line fits the card, and the page never scrolls sideways`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await dismissWhatsNew(page);
    await signInWithToken(page, PREMIUM.email, PREMIUM.password);
    const card = await searchDenLas(page);
    const line = card.getByTestId('recheck');
    await expect(line.getByRole('button', { name: 'Re-check now' })).toBeVisible();
    const [pageWidth, lineRight, cardRight] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.querySelector('[data-testid="recheck-button"]')!.getBoundingClientRect().right,
      document.querySelector('[data-testid="destination-card"]')!.getBoundingClientRect().right,
    ]);
    expect(pageWidth).toBe(width);
    expect(lineRight).toBeLessThanOrEqual(cardRight);
    await line.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(page, `recheck-${width}`);
  });
}

test('free: no re-check on the card, and the server refuses one', async ({ page }) => {
  await dismissWhatsNew(page);
  await signInWithToken(page, FREE.email, FREE.password);
  await page.goto(`/?origin=DEN&date=${tomorrow}`);
  await departuresShown(page);
  const card = page.getByTestId('destination-card').first();
  await card.locator('h3 button').click();
  await expect(card.locator('h3 button')).toHaveAttribute('aria-expanded', 'true');
  await expect(card.getByTestId('recheck')).toHaveCount(0);
  const token = await page.evaluate(() => localStorage.getItem('auth-token'));
  const res = await page.request.post(`/api/flights/recheck?origin=DEN&destination=LAS&date=${tomorrow}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(403);
  expect(((await res.json()) as { message: string }).message).toBe(
    'Single route search is a premium feature. Upgrade your account to search specific destinations.',
  );
});
