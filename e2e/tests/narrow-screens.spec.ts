import type { Page } from '@playwright/test';
import { expect, shot, signInWithToken, test } from '../fixtures/test';
import { ON_GOWILD_EVE, localDate } from './search-support';

/**
 * No page scrolls sideways on a 375 px phone (docs/product/README.md#rules-that-hold-everywhere): every route, signed out and signed in
 * (premium and admin, so the premium and admin screens render), and the results and trip summary with real flights.
 */
const USER = {
  email: 'narrow.screens@example.com',
  password: 'Sky-high-47',
  firstName: 'Nora',
  lastName: 'Narrow',
  premium: true,
  admin: true,
};
const NOW = ON_GOWILD_EVE.TEST_NOW;
test.use({ seedUsers: { [USER.email]: USER }, serverEnv: ON_GOWILD_EVE });

const PHONE = { width: 375, height: 812 };

interface ApiFlight {
  origin: string;
  destination: string;
  departure_time: string;
  flightHash: string;
}

/** The page's width beyond the viewport: 0 when nothing sticks out. */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

async function expectNoSidewaysScroll(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await shot(page, `${name}-375`, { fullPage: true });
  await shot(page, `${name}-375-top`);
  expect(await sidewaysOverflow(page), `${name} scrolls sideways at 375 px`).toBe(0);
}

test('no page scrolls sideways at 375 px', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(PHONE);
  // Signed out.
  for (const [name, path] of [
    ['home', '/'],
    ['about', '/about'],
    ['plans', '/plans'],
    ['login', '/login'],
    ['register', '/register'],
    ['forgot-password', '/forgot-password'],
    ['reset-password', '/reset-password?token=abc'],
    ['support', '/support'],
    ['status', '/status'],
    ['summary-visitor', '/flight-summary?departure=a&return=b&origin=DEN&destination=MCO&date=2026-04-02'],
  ] as const) {
    await page.goto(path);
    await expectNoSidewaysScroll(page, name);
  }

  // Signed in, premium and admin.
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const p = await context.newPage();
  await p.clock.setSystemTime(new Date(NOW));
  const token = await signInWithToken(p, USER.email, USER.password);
  const config = (await (await p.request.get('/api/config')).json()) as { appVersion: string };
  await p.addInitScript((key) => window.localStorage.setItem(key, 'seen'), `app_update_modal_${config.appVersion}`);
  for (const [name, path] of [
    ['home-premium', '/'],
    ['profile', '/profile'],
    ['notifications', '/notifications'],
    ['routes', '/routes'],
    ['hub-search', '/hub-search'],
    ['get-home', '/get-home'],
    ['trip-finder', '/trips'],
    ['admin', '/admin'],
  ] as const) {
    await p.goto(path);
    await expectNoSidewaysScroll(p, name);
  }

  // At 1280 px the wide pages line up with the top bar (the admin dashboard was wider than the rest).
  await p.setViewportSize({ width: 1280, height: 900 });
  for (const path of ['/notifications', '/hub-search', '/routes', '/admin']) {
    await p.goto(path);
    await expect(p.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const bar = await p.locator('header > div').first().boundingBox();
    const content = await p.locator('main > div').first().boundingBox();
    expect({ path, left: content!.x, width: content!.width }).toEqual({ path, left: bar!.x, width: bar!.width });
  }
  await p.setViewportSize(PHONE);

  // The results, with a card open.
  const tomorrow = localDate(1, NOW);
  await p.goto(`/?origin=DEN&date=${tomorrow}&screen=departure_flights`);
  const card = p.getByTestId('destination-card').first();
  await expect(card).toBeVisible({ timeout: 60_000 });
  await card.getByRole('button').first().click();
  await expectNoSidewaysScroll(p, 'results');

  // A trip summary with a late arrival's long times ('11:45 PM').
  const headers = { authorization: `Bearer ${token}` };
  const first = async (o: string, d: string, date: string) => {
    const res = await p.request.get(`/api/flights/single?origin=${o}&destination=${d}&date=${date}`, { headers });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { flights: Record<string, ApiFlight[]> }).flights[d]![0]!;
  };
  const out = await first('DEN', 'MCO', tomorrow);
  const ret = await first('MCO', 'DEN', localDate(3, NOW));
  const leg = (f: ApiFlight) => `${f.origin}-${f.destination}-${f.departure_time.slice(0, 10)}`;
  await p.goto(
    `/flight-summary?${new URLSearchParams({
      departure: out.flightHash,
      return: ret.flightHash,
      origin: 'DEN',
      destination: 'MCO',
      date: tomorrow,
      departure_leg: leg(out),
      return_leg: leg(ret),
    })}`,
  );
  await expect(p.getByTestId('flight-summary')).toBeVisible({ timeout: 30_000 });
  await expectNoSidewaysScroll(p, 'flight-summary');

  // The widest a summary gets: late times on both ends ('11:45 PM'), an overnight arrival, stops with their airports.
  const wide = (f: ApiFlight, date: string) => {
    const dep = `${date}T23:45:00`;
    const arr = `${localDate(1, `${date}T12:00:00`)}T11:45:00`;
    const hop = (from: string, to: string) => ({
      departure_airport: from,
      arrival_airport: to,
      departure_time: dep,
      arrival_time: arr,
      flight_number: 'F9 1234',
    });
    return {
      ...f,
      departure_time: dep,
      arrival_time: arr,
      stops: 2,
      duration: 1439,
      segments: [hop(f.origin, 'ATL'), hop('ATL', 'PHL'), hop('PHL', f.destination)],
    };
  };
  const trip = { departure: wide(out, tomorrow), return: wide(ret, localDate(3, NOW)), origin: 'DEN', destination: 'MCO', date: tomorrow };
  await p.goto(`/flight-summary?data=${Buffer.from(JSON.stringify(trip)).toString('base64url')}`);
  await expect(p.getByTestId('flight-summary')).toBeVisible({ timeout: 30_000 });
  await expect(p.getByTestId('leg-outbound')).toContainText('11:45 PM');
  await expectNoSidewaysScroll(p, 'flight-summary-late');
  // Nothing inside the summary is wider than its box either (a clipped card hides what sticks out).
  const clipped = await p.evaluate(() =>
    Array.from(document.querySelectorAll('[data-testid="flight-summary"] *'))
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}: ${el.textContent?.slice(0, 40)}`),
  );
  expect(clipped).toEqual([]);
  // A time never breaks between the hour and AM/PM.
  const times = p.getByTestId('leg-outbound').getByText('11:45 PM');
  const box = await times.first().boundingBox();
  expect(box!.height).toBeLessThan(40);
  await context.close();
});
