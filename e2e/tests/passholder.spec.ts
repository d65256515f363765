import { readFile } from 'node:fs/promises';
import { expect, signInWithToken, test } from '../fixtures/test';
import { ON_GOWILD_EVE, dismissWhatsNew, localDate } from './search-support';

const PREMIUM = { email: 'hub.flyer@example.com', password: 'Sky-high-47', firstName: 'Hana', lastName: 'Hub', premium: true };
const FREE = { email: 'free.flyer@example.com', password: 'Sky-high-47', firstName: 'Fran', lastName: 'Free' };
// GoWild seats tomorrow exist only when tomorrow is not a blackout date: this spec lives on such a day.
const NOW = ON_GOWILD_EVE.TEST_NOW;
test.use({ seedUsers: { [PREMIUM.email]: PREMIUM, [FREE.email]: FREE }, serverEnv: ON_GOWILD_EVE });

interface ApiFlight {
  origin: string;
  destination: string;
  departure_time: string;
  flightHash: string;
}

test('a hash-style summary address opened in a fresh browser (premium, signed in) shows the trip, and exports it to a calendar', async ({
  page,
  browser,
  baseURL,
}) => {
  const token = await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  const headers = { authorization: `Bearer ${token}` };
  const tomorrow = localDate(1, NOW);
  const back = localDate(3, NOW);
  const first = async (o: string, d: string, date: string) => {
    const res = await page.request.get(`/api/flights/single?origin=${o}&destination=${d}&date=${date}`, { headers });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { flights: Record<string, ApiFlight[]> }).flights[d]![0]!;
  };
  const out = await first('DEN', 'MCO', tomorrow);
  const ret = await first('MCO', 'DEN', back);
  // The address the return screen makes (web/src/features/flight-summary/utils/summary-link.ts).
  const leg = (f: ApiFlight) => `${f.origin}-${f.destination}-${f.departure_time.slice(0, 10)}`;
  const address = `/flight-summary?${new URLSearchParams({
    departure: out.flightHash,
    return: ret.flightHash,
    origin: 'DEN',
    destination: 'MCO',
    date: tomorrow,
    departure_leg: leg(out),
    return_leg: leg(ret),
  })}`;

  // Another browser: nothing in its storage but the sign-in.
  const context = await browser.newContext({ baseURL, acceptDownloads: true });
  const other = await context.newPage();
  await other.clock.setSystemTime(new Date(NOW));
  await dismissWhatsNew(other);
  await signInWithToken(other, PREMIUM.email, PREMIUM.password);
  await other.goto(address);
  await expect(other.getByTestId('flight-summary')).toBeVisible();
  await expect(other.getByRole('heading', { name: /Your trip to Orlando/ })).toBeVisible();
  expect(await other.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('flight_summary_')))).toEqual([]);

  const download = other.waitForEvent('download');
  await other.getByRole('button', { name: 'Add to Calendar' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`gowild-DEN-MCO-${tomorrow}.ics`);
  const ics = await readFile((await file.path())!, 'utf8');
  expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
  expect(ics).toContain(`DTSTART;TZID=America/Denver:${out.departure_time.replace(/[-:]/g, '')}`);
  expect(ics).toContain(`DTSTART;TZID=America/New_York:${ret.departure_time.replace(/[-:]/g, '')}`);
  expect(ics).toContain('BEGIN:VALARM');
  await context.close();

  // Signed out, the same address asks to log in (never 'may have expired'), and signing in comes back to the trip.
  const visitor = await browser.newContext({ baseURL });
  const v = await visitor.newPage();
  await v.clock.setSystemTime(new Date(NOW));
  await dismissWhatsNew(v);
  await v.goto(address);
  await expect(v.getByRole('heading', { name: 'Log in to see this trip' })).toBeVisible();
  await expect(v.getByText(/may have expired/)).toHaveCount(0);
  await v.getByRole('link', { name: 'Log in' }).click();
  await v.getByLabel('Email').fill(PREMIUM.email);
  await v.getByLabel('Password').fill(PREMIUM.password);
  await v.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(v).toHaveURL((u) => u.pathname + u.search === address);
  await expect(v.getByRole('heading', { name: /Your trip to Orlando/ })).toBeVisible();
  await visitor.close();
});

test('search via a hub: premium users get two-ticket trips with the risk stated; free users the teaser', async ({
  page,
  browser,
  baseURL,
}) => {
  await dismissWhatsNew(page);
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Via a Hub' }).click();
  await expect(page.getByRole('heading', { name: 'Search via a Hub' })).toBeVisible();
  await page.getByLabel('From').selectOption('DEN');
  await page.getByLabel('Date').fill(localDate(1, NOW));
  await page.getByRole('button', { name: 'Search via a hub' }).click();
  await expect(page.getByTestId('hub-summary')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('hub-risk')).toContainText('Separate tickets');
  const card = page.getByTestId('hub-connection').first();
  await expect(card).toBeVisible();
  await expect(card.getByText('Ticket 1', { exact: true })).toBeVisible();
  await expect(card.getByText('Ticket 2', { exact: true })).toBeVisible();
  await expect(card.getByTestId('hub-layover')).toContainText(/at [A-Z]{3}/);

  const context = await browser.newContext({ baseURL });
  const free = await context.newPage();
  await dismissWhatsNew(free);
  await signInWithToken(free, FREE.email, FREE.password);
  await free.goto('/hub-search');
  await expect(free.getByTestId('hub-teaser')).toContainText('Hub search is a premium feature.');
  await expect(free.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/plans');
  await context.close();
});
