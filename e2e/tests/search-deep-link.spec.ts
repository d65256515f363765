import { type Page } from '@playwright/test';
import { expect, signInWithToken, test } from '../fixtures/test';
import { departuresShown, localDate, searchDone } from './search-support';

/**
 * A deep link runs its search exactly once (decision 126): the URL is the search page's one source of state, so
 * opening a link starts one streamed search, not one that is started, aborted and started again.
 */
const PREMIUM = { email: 'deeplink.premium@example.com', password: 'Sky-high-47', firstName: 'Dee', lastName: 'Link', premium: true };
test.use({ seedUsers: { [PREMIUM.email]: PREMIUM } });

/** Every request the page makes to these paths: by default the streamed searches (outbound or inbound). */
function countSearches(page: Page, paths = ['/api/flights/search/stream', '/api/flights/inbound/stream']): string[] {
  const searches: string[] = [];
  page.on('request', (r) => {
    if (paths.includes(new URL(r.url()).pathname)) searches.push(r.url());
  });
  return searches;
}

test('a departures deep link starts exactly one search', async ({ page }) => {
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  const searches = countSearches(page);
  const link = `/?origin=DEN&date=${localDate(2)}&screen=departure_flights`;
  await page.goto(link);
  await departuresShown(page);
  // Long enough for a late second start (the airports list, the sign-in check) to show up.
  await page.waitForTimeout(1500);
  expect(searches).toHaveLength(1);
  expect(searches[0]).toContain('origin=DEN');
  // Opening the link never rewrites it.
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(link);
});

test('a link without a screen and an inbound link each start exactly one search', async ({ page }) => {
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  const searches = countSearches(page);
  await page.goto(`/?origin=DEN&date=${localDate(3)}`);
  await searchDone(page);
  await page.waitForTimeout(1000);
  expect(searches).toHaveLength(1);

  await page.goto(`/?destination=LAS&date=${localDate(3)}&direction=inbound`);
  await searchDone(page);
  await page.waitForTimeout(1000);
  expect(searches).toHaveLength(2);
  expect(searches[1]).toContain('/api/flights/inbound/stream');
});

test('a return_flights link whose flight is gone runs its departure search once and shows the departures', async ({ page }) => {
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  const searches = countSearches(page);
  await page.goto(`/?origin=DEN&date=${localDate(2)}&screen=return_flights&flight=nosuchflight`);
  await expect(page.getByText('Could not find the selected departure flight. Please try selecting a different flight.')).toBeVisible();
  await searchDone(page);
  await page.waitForTimeout(1000);
  expect(searches).toHaveLength(1);
});

test('a return_flights link runs its departure search once, then one return search per airport', async ({ page }) => {
  const token = await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  const date = localDate(2);
  const res = await page.request.get(`/api/flights/search?origin=DEN&date=${date}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { flights: Record<string, { flightHash: string }[]> };
  const [code, flights] = Object.entries(body.flights).find(([, list]) => list.length > 0)!;
  const departures = countSearches(page);
  const returns = countSearches(page, ['/api/flights/single']);
  await page.goto(`/?origin=DEN&date=${date}&screen=return_flights&flight=${flights[0]!.flightHash}`);
  await expect(page.getByTestId('selected-departure')).toContainText(code);
  await expect(page.getByTestId('return-skeleton')).toBeHidden({ timeout: 30_000 });
  await page.waitForTimeout(1000);
  expect(departures).toHaveLength(1);
  // One single-route search per airport to fly back from (a city's airports each get one), none of them twice.
  expect(returns.length).toBeGreaterThan(0);
  expect(new Set(returns).size).toBe(returns.length);
});
