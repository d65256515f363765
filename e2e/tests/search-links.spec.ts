import { expectAxeClean } from '../fixtures/a11y';
import { expect, shot, signInWithToken, test } from '../fixtures/test';
import { dismissWhatsNew, localDate } from './search-support';

const PREMIUM = { email: 'links.premium@example.com', password: 'Sky-high-47', firstName: 'Lin', lastName: 'Links', premium: true };
test.use({ seedUsers: { [PREMIUM.email]: PREMIUM } });

test('a visitor opening a search link is asked to log in and nothing is searched', async ({ page }) => {
  await dismissWhatsNew(page);
  const searches: string[] = [];
  page.on('request', (r) => r.url().includes('/api/flights/') && searches.push(r.url()));
  await page.goto(`/?origin=DEN&date=${localDate(1)}`);
  await expect(page.getByRole('alert').filter({ hasText: 'Please log in to search flights.' })).toBeVisible();
  // The log-in link carries the search link back (docs/product/accounts-and-plans.md#log-in).
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute(
    'href',
    `/login?next=${encodeURIComponent(`/?origin=DEN&date=${localDate(1)}`)}`,
  );
  await page.goto(`/?origin=DEN&date=${localDate(1)}&screen=return_flights&flight=abc123`);
  await expect(page.getByRole('alert').filter({ hasText: 'Please log in to view return flights.' })).toBeVisible();
  expect(searches).toEqual([]);
  await expectAxeClean(page);
});

test("a link's search is asked before the app has started, and once (decision 282)", async ({ page }) => {
  await dismissWhatsNew(page);
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/')) asked.push(path);
  });
  await page.goto(`/?origin=DEN&date=${localDate(1)}&screen=departure_flights`);
  await expect(page.getByTestId('destination-card').first()).toBeVisible({ timeout: 30_000 });
  // The boot script (inline in the page, allowed by its hash in the CSP) asked for the session check and the search
  // before anything else; the app read those answers instead of asking again.
  expect(asked.slice(0, 2)).toEqual(['/api/auth/verify-token', '/api/flights/search/stream']);
  expect(asked.filter((path) => path === '/api/flights/search/stream')).toHaveLength(1);
  expect(asked.filter((path) => path === '/api/auth/verify-token')).toHaveLength(1);
});

test("a link's first destinations are drawn before the app has started, then the app's cards take their place (decision 326)", async ({
  page,
}) => {
  await dismissWhatsNew(page);
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  // The app's code is held back: whatever shows meanwhile is the boot script's own drawing.
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`/?origin=DEN&date=${localDate(1)}&screen=departure_flights`, { waitUntil: 'commit' });
  const early = page.locator('#gowild-early-results');
  await expect(early.getByTestId('early-destination-card').first()).toBeVisible({ timeout: 30_000 });
  await expect(early.getByRole('heading', { level: 1, includeHidden: true })).toHaveText('Flights from DEN');
  await expect(early.getByText('Demo data')).toBeVisible();
  await expect(early.getByText(/^GoWild Destinations \(\d+\)$/)).toBeVisible();
  await expect(early.getByTestId('early-destination-card').first()).toContainText(/\d+ flights?/);
  await expect(page.getByTestId('destination-card')).toHaveCount(0);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `link-early-view-${width}`);
  }

  release();
  // The app's results screen, once it shows its cards, removes the early view.
  await expect(page.getByTestId('destination-card').first()).toBeVisible({ timeout: 30_000 });
  await expect(early).toHaveCount(0);
  await shot(page, 'link-after-hand-over-375');
});

test.describe('a link opened with an ended session', () => {
  // The boot script's early search meets the ended session first: its 401 is in the console, and nothing else is.
  test.use({ allowedConsoleErrors: [/status of 401 \(Unauthorized\) \(http:\/\/[^)]+\/api\/flights\/search\/stream\?/] });
  test('asks the traveller to log in, as before', async ({ page }) => {
    await dismissWhatsNew(page);
    await page.addInitScript(() => window.localStorage.setItem('auth-token', 'ended-session-token'));
    await page.goto(`/?origin=DEN&date=${localDate(1)}`);
    await expect(page.getByRole('alert').filter({ hasText: 'Please log in to search flights.' })).toBeVisible();
    await expect(page.getByTestId('destination-card')).toHaveCount(0);
  });
});

test('a return_flights link restores the whole state: departures, the chosen flight, the return screen', async ({ page }) => {
  await dismissWhatsNew(page);
  const token = await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  const date = localDate(2);
  // Find a real departure and its hash the way a shared link would carry it.
  const res = await page.request.get(`/api/flights/search?origin=DEN&date=${date}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { flights: Record<string, { flightHash: string; flight_number: string }[]> };
  const [code, flights] = Object.entries(body.flights).find(([, list]) => list.length > 0)!;
  const flight = flights[0]!;

  const link = `/?origin=DEN&date=${date}&screen=return_flights&flight=${flight.flightHash}`;
  await page.goto(link);
  await expect(page.getByTestId('return-screen')).toBeVisible();
  await expect(page.getByTestId('selected-departure')).toContainText(`Flight ${flight.flight_number}`);
  await expect(page.getByTestId('selected-departure')).toContainText(code);
  await expect(page.getByTestId('return-skeleton')).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Select Return' }).first().or(page.getByTestId('no-returns'))).toBeVisible();
  // Loading a link never rewrites it.
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(link);

  // Back to Departures shows the departure results of the same search.
  await page.getByRole('button', { name: 'Back to Departures' }).click();
  await expect(page.getByTestId('results-screen')).toBeVisible();
  await expect(page.locator(`[data-testid="destination-card"][data-code="${code}"]`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?origin=DEN&date=${date}&screen=departure_flights$`));
});

test('the search form works by keyboard alone at 375 px', async ({ page }) => {
  await dismissWhatsNew(page);
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const search = page.getByRole('searchbox', { name: /Departure Airport/ });
  await search.focus();
  await page.keyboard.type('Denver');
  // The picker narrows as the traveller types; Tab goes to the first match once it is the only one on screen (a Tab
  // pressed before the list had narrowed went on to the next control, seen once on a busy machine).
  await expect(page.getByRole('list', { name: 'Departure Airport choices' }).getByRole('listitem')).toHaveCount(1);
  await page.keyboard.press('Tab');
  await expect(page.locator('button[data-value="DEN"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('button[data-value="DEN"]')).toHaveAttribute('aria-pressed', 'true');
  // Picker grid: one row of two cards at this width, with Show More.
  await search.fill('');
  await expect(page.getByRole('list', { name: 'Departure Airport choices' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('button', { name: /^Show More \(\d+ more\)$/ })).toBeVisible();

  // Date by keyboard in the calendar: arrows move, Enter picks.
  await page.getByRole('button', { name: 'Calendar view' }).click();
  await page.locator(`button[data-date="${localDate(0)}"]`).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator(`button[data-date="${localDate(1)}"]`)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator(`button[data-date="${localDate(1)}"]`)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('search-button')).toBeEnabled();
  // Nothing wider than the screen.
  const overflow = await page.evaluate(() => document.querySelector('main')!.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
