import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectAxeClean } from '../fixtures/a11y';
import { expect, signInWithToken, test } from '../fixtures/test';
import { ON_GOWILD_EVE, departuresShown, localDate } from './search-support';

/** docs/product/destination-extras.md: hotels and rental cars at the destination, on the results and the trip summary. */
const PREMIUM = { email: 'extras.premium@example.com', password: 'Sky-high-47', firstName: 'Pat', lastName: 'Premium', premium: true };
const FREE = { email: 'extras.free@example.com', password: 'Sky-high-47', firstName: 'Fran', lastName: 'Free' };
const NOW = ON_GOWILD_EVE.TEST_NOW;
test.use({ seedUsers: { [PREMIUM.email]: PREMIUM, [FREE.email]: FREE }, serverEnv: ON_GOWILD_EVE });

const tomorrow = localDate(1, NOW);
// Each test runs a whole search first, and the panels' queries after it: three times the usual time.
test.beforeEach(() => test.slow());

/** The per-night prices of the hotel cards shown, in order ('' for 'Price unavailable'). */
const prices = (panel: Locator) => panel.getByTestId('hotel-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-price') ?? ''));

/** A round trip from Denver, through the API, as the summary's shared-data link. */
async function summaryLink(request: APIRequestContext, token: string): Promise<{ href: string; destination: string; arrival: string }> {
  const headers = { authorization: `Bearer ${token}` };
  const out = (await (await request.get(`/api/flights/search?origin=DEN&date=${tomorrow}`, { headers })).json()) as {
    flights: Record<string, { arrival_time: string; departure_time: string }[]>;
  };
  const back = localDate(3, NOW);
  for (const [destination, flights] of Object.entries(out.flights)) {
    if (!flights[0]) continue;
    const ret = (await (
      await request.get(`/api/flights/single?origin=${destination}&destination=DEN&date=${back}`, { headers })
    ).json()) as {
      flights: Record<string, unknown[]>;
    };
    const returnFlight = Object.values(ret.flights ?? {}).flat()[0];
    if (!returnFlight) continue;
    const trip = { departure: flights[0], return: returnFlight, origin: 'DEN', destination, date: tomorrow };
    const data = Buffer.from(JSON.stringify(trip), 'utf8').toString('base64url');
    return { href: `/flight-summary?data=${data}`, destination, arrival: flights[0].arrival_time };
  }
  throw new Error('no round trip from DEN found');
}

/** The arrival rounded up to the next full hour unless on the hour (local ISO, no zone). */
function roundedArrival(local: string): string {
  const d = new Date(`${local.slice(0, 19)}Z`);
  if (d.getUTCMinutes() !== 0 || d.getUTCSeconds() !== 0) d.setUTCHours(d.getUTCHours() + 1, 0, 0, 0);
  return d.toISOString().slice(0, 19);
}

async function openFirstDestination(page: Page): Promise<Locator> {
  await page.goto(`/?origin=DEN&date=${tomorrow}&screen=departure_flights`);
  await departuresShown(page);
  // Found by its code: the cards are regrouped while results stream in.
  const code = await page.getByTestId('destination-card').first().getAttribute('data-code');
  const card = page.locator(`[data-testid="destination-card"][data-code="${code}"]`);
  await card.locator('h3 button').click();
  return card;
}

test('premium: a destination shows demo hotels (sorting by price reorders them) and cars (the age re-queries once)', async ({ page }) => {
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  const availabilityAges: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/hertz/availability') availabilityAges.push(url.searchParams.get('driver_age') ?? '');
  });
  const card = await openFirstDestination(page);

  const hotels = card.getByTestId('hotels-panel');
  await expect(hotels.getByTestId('hotel-card')).toHaveCount(12);
  await expect(hotels.getByText('Demo data')).toBeVisible();
  await expect(hotels.getByTestId('hotels-footer')).toHaveText(/^Showing 12 of \d+ hotels • Prices per night, may exclude taxes$/);
  const recommended = await prices(hotels);
  await hotels.getByRole('button', { name: 'Lowest Price' }).click();
  await expect(hotels.getByRole('button', { name: 'Lowest Price' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await prices(hotels)).join()).not.toBe(recommended.join());
  const byPrice = (await prices(hotels)).filter(Boolean).map(Number);
  expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));

  const cars = card.getByTestId('rental-cars-panel');
  await expect(cars.getByTestId('vehicle').first()).toBeVisible();
  const locations = await cars.getByTestId('rental-location').count();
  expect(locations).toBeGreaterThanOrEqual(1);
  expect(locations).toBeLessThanOrEqual(3);
  for (let i = 0; i < locations; i++)
    expect(await cars.getByTestId('rental-location').nth(i).getByTestId('vehicle').count()).toBeLessThanOrEqual(8);
  await expect(cars.getByRole('link', { name: /^Book/ }).first()).toHaveAttribute('href', /hertz\.com.*age=25/);
  expect(availabilityAges.every((a) => a === '25')).toBe(true);

  // Typing '29' then '31' (keystroke by keystroke, well within the 500 ms pause): one query, for the last value only.
  const age = cars.getByLabel('Driver age');
  await age.evaluate((el: HTMLInputElement) => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    for (const v of ['2', '29', '3', '31']) {
      setValue.call(el, v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }
  });
  await expect(cars.getByRole('link', { name: /^Book/ }).first()).toHaveAttribute('href', /age=31/);
  await page.waitForTimeout(800);
  expect(availabilityAges.filter((a) => a === '31')).toHaveLength(locations);
  expect(availabilityAges).not.toContain('29');
  // An age outside 18–99 is not accepted and asks nothing.
  await age.fill('17');
  await expect(cars.getByText('Driver age must be between 18 and 99')).toBeVisible();
  await page.waitForTimeout(800);
  expect(availabilityAges).not.toContain('17');

  await expectAxeClean(page, '[data-testid="hotels-panel"]');
  await expectAxeClean(page, '[data-testid="rental-cars-panel"]');
});

test('premium: the trip summary shows hotels for the stay and cars from the rounded arrival', async ({ page }) => {
  const token = await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  const trip = await summaryLink(page.request, token);
  await page.goto(trip.href);
  const hotels = page.getByTestId('hotels-panel');
  await expect(hotels.getByRole('heading', { name: 'Hotels at Destination' })).toBeVisible();
  await expect(hotels.getByTestId('hotel-card').first()).toBeVisible();
  const arrival = roundedArrival(trip.arrival);
  await expect(hotels.getByLabel('Check-in')).toHaveValue(arrival.slice(0, 10));
  await expect(hotels.getByLabel('Adults')).toHaveValue('2');
  await expect(hotels.getByLabel('Rooms')).toHaveValue('1');
  const cars = page.getByTestId('rental-cars-panel');
  await expect(cars.getByLabel('Pick-up date')).toHaveValue(arrival.slice(0, 10));
  await expect(cars.getByLabel('Pick-up time')).toHaveValue(arrival.slice(11, 16));
  await expect(cars.getByLabel('Return time')).toHaveValue('12:00');
  await expect(cars.getByTestId('vehicle').first()).toBeVisible();
  await expectAxeClean(page, '[data-testid="hotels-panel"]');
  await expectAxeClean(page, '[data-testid="rental-cars-panel"]');
});

test('free: premium teasers in place of the panels, with the catalogue price; the server refuses the calls', async ({ page }) => {
  const token = await signInWithToken(page, FREE.email, FREE.password);
  const card = await openFirstDestination(page);
  const teasers = card.getByTestId('premium-teaser');
  await expect(teasers).toHaveCount(2);
  await expect(teasers.first().getByRole('link', { name: 'Upgrade to Premium - $5/month' })).toHaveAttribute('href', '/plans');
  await expect(card.getByTestId('hotels-panel')).toHaveCount(0);
  await expect(card.getByTestId('rental-cars-panel')).toHaveCount(0);
  await expectAxeClean(page, '[data-testid="premium-teaser"]');
  const res = await page.request.get('/api/hotels/search/airport/DEN', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(403);
});
