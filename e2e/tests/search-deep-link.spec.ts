import { type Page } from '@playwright/test';
import { expect, signInWithToken, test } from '../fixtures/test';
import { departuresShown, localDate, searchDone, twoFrames } from './search-support';

/**
 * A deep link runs its search exactly once (decision 126): the URL is the search page's one source of state, so
 * opening a link starts one streamed search, not one that is started, aborted and started again.
 */
const PREMIUM = { email: 'deeplink.premium@example.com', password: 'Sky-high-47', firstName: 'Dee', lastName: 'Link', premium: true };
test.use({ seedUsers: { [PREMIUM.email]: PREMIUM } });

/**
 * What could start a second search late: the airports list and the sign-in check arriving after the first one had
 * started. Call before the navigation; the function it returns resolves once both have arrived (a page's first
 * load asks for each) and the page has drawn twice since, so any search they would start has been asked for.
 */
function lateStarts(page: Page): () => Promise<void> {
  const arrived = ['/api/airports', '/api/auth/verify-token'].map((path) =>
    page.waitForResponse((r) => new URL(r.url()).pathname === path, { timeout: 30_000 }),
  );
  return async () => {
    await Promise.all(arrived);
    await twoFrames(page);
  };
}

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
  const settled = lateStarts(page);
  await page.goto(link);
  await departuresShown(page);
  await settled();
  expect(searches).toHaveLength(1);
  expect(searches[0]).toContain('origin=DEN');
  // Opening the link never rewrites it.
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(link);
});

test('a link without a screen and an inbound link each start exactly one search', async ({ page }) => {
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  const searches = countSearches(page);
  let settled = lateStarts(page);
  await page.goto(`/?origin=DEN&date=${localDate(3)}`);
  await searchDone(page);
  await settled();
  expect(searches).toHaveLength(1);

  settled = lateStarts(page);
  await page.goto(`/?destination=LAS&date=${localDate(3)}&direction=inbound`);
  await searchDone(page);
  await settled();
  expect(searches).toHaveLength(2);
  expect(searches[1]).toContain('/api/flights/inbound/stream');
});

test('a return_flights link whose flight is gone runs its departure search once and shows the departures', async ({ page }) => {
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  const searches = countSearches(page);
  const settled = lateStarts(page);
  await page.goto(`/?origin=DEN&date=${localDate(2)}&screen=return_flights&flight=nosuchflight`);
  await expect(page.getByText('Could not find the selected departure flight. Please try selecting a different flight.')).toBeVisible();
  await searchDone(page);
  await settled();
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
  const settled = lateStarts(page);
  await page.goto(`/?origin=DEN&date=${date}&screen=return_flights&flight=${flights[0]!.flightHash}`);
  await expect(page.getByTestId('selected-departure')).toContainText(code);
  await expect(page.getByTestId('return-skeleton')).toBeHidden({ timeout: 30_000 });
  await settled();
  expect(departures).toHaveLength(1);
  // One single-route search per airport to fly back from (a city's airports each get one), none of them twice.
  expect(returns.length).toBeGreaterThan(0);
  expect(new Set(returns).size).toBe(returns.length);
});
