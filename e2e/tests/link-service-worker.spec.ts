import { expect, signInWithToken, test } from '../fixtures/test';
import { dismissWhatsNew, localDate } from './search-support';

// docs/product/offline.md#the-first-visit: on a link's first visit the service worker installs once the link's search has
// ended (decision 329). A slow airline (each page 4 s) keeps the search open well past the page's load event.
const PREMIUM = { email: 'sw.link@example.com', password: 'Sky-high-47', firstName: 'Sam', lastName: 'Worker', premium: true };
test.use({
  seedUsers: { [PREMIUM.email]: PREMIUM },
  serverEnv: { EMULATOR_LATENCY_MS: '4000' },
  // The browser specs block service workers unless they are what a spec is about.
  serviceWorkers: 'allow',
});

test("a link's first visit installs the service worker only once the link's search has ended (decision 329)", async ({ page }) => {
  await dismissWhatsNew(page);
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  const registered = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined);
  await page.goto(`/?origin=DEN&date=${localDate(1)}&screen=departure_flights`, { waitUntil: 'load' });
  // Before this decision the worker was registered in the load event, well within this second; the search is still
  // waiting for the airline.
  await page.waitForTimeout(1000);
  await expect(page.getByTestId('destination-card')).toHaveCount(0);
  expect(await registered()).toBe(false);
  await expect(page.getByTestId('destination-card').first()).toBeVisible({ timeout: 30_000 });
  await expect.poll(registered, { timeout: 30_000 }).toBe(true);
});
