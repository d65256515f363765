import { flightPrice } from '@gowild/contract/flight-format';
import { computeFlightHash } from '@gowild/contract/flight-hash';
import type { Flight } from '@gowild/contract/flights';
import { legOf, refOf } from '@gowild/contract/trips';
import { expect, signInWithToken, test } from '../fixtures/test';
import { localDate, twoFrames } from './search-support';

/**
 * Links that survive a fare change (decision 197): the flight hash includes the price, so a link made before the fare
 * moved names a hash no flight has now. The link's reference (flight numbers, time, price then) finds the same flight
 * and the page says 'The price changed from $X to $Y' once; a flight that is gone gets the spec's one message.
 */
const PREMIUM = { email: 'farechange.premium@example.com', password: 'Sky-high-47', firstName: 'Fay', lastName: 'Change', premium: true };
test.use({ seedUsers: { [PREMIUM.email]: PREMIUM } });

const dollars = (n: number) => `$${n.toFixed(2)}`;

async function flightsOf(page: import('@playwright/test').Page, token: string, url: string): Promise<Record<string, Flight[]>> {
  const res = await page.request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { flights: Record<string, Flight[]> }).flights;
}

/** The flight as it was when the link was made: every fare $12 dearer, so its hash is not any flight's hash now. */
const before = (f: Flight): Flight => {
  const up = <T extends { total: number } | null>(fare: T): T => (fare ? { ...fare, total: fare.total + 12 } : fare);
  const fares = { go_wild: up(f.fares.go_wild), standard: up(f.fares.standard), discount_den: up(f.fares.discount_den) };
  const then = { ...f, fares, lowest_price: f.lowest_price! + 12 };
  return { ...then, flightHash: computeFlightHash(then) };
};

test('a return link made before the fare moved finds the departure and says the change once', async ({ page }) => {
  const token = await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  const date = localDate(3);
  const all = await flightsOf(page, token, `/api/flights/search?origin=DEN&date=${date}`);
  const [code, flights] = Object.entries(all).find(([, list]) => list.some((f) => f.lowest_price !== null))!;
  const now = flights.find((f) => f.lowest_price !== null)!;
  const then = before(now);
  const q = new URLSearchParams({ origin: 'DEN', date, screen: 'return_flights', flight: then.flightHash, flight_ref: refOf(then) });
  // The link's departure search: its end is what could send the page back to the departures.
  const departures = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/flights/search/stream');
  await page.goto(`/?${q}`);
  await expect(page.getByTestId('selected-departure')).toContainText(code);
  const message = `The price changed from ${dollars(flightPrice(then))} to ${dollars(flightPrice(now))}`;
  await expect(page.getByText(message)).toHaveCount(1);
  await expect(page.getByText('Could not find the selected departure flight. Please try selecting a different flight.')).toHaveCount(0);
  // Still there once the departure search and the returns have ended and the page has drawn since: no jump back.
  await (await departures).finished();
  await expect(page.getByTestId('return-skeleton')).toBeHidden({ timeout: 30_000 });
  await twoFrames(page);
  await expect(page.getByTestId('selected-departure')).toContainText(code);
  await expect(page.getByText(message)).toHaveCount(1);

  // The same link to a flight that is gone (no flight leaves at 03:01): the spec's one message, once.
  const gone = refOf({ ...then, departure_time: `${date}T03:01:00` });
  await page.goto(`/?${new URLSearchParams({ origin: 'DEN', date, screen: 'return_flights', flight: then.flightHash, flight_ref: gone })}`);
  await expect(page.getByText('Could not find the selected departure flight. Please try selecting a different flight.')).toHaveCount(1);
});

test('a summary link made before the fare moved opens in a fresh browser with the change on that flight', async ({ page }) => {
  const token = await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  const outDate = localDate(3);
  const backDate = localDate(6);
  const out = (await flightsOf(page, token, `/api/flights/single?origin=DEN&destination=MCO&date=${outDate}`)).MCO!.find(
    (f) => f.lowest_price !== null,
  )!;
  const back = (await flightsOf(page, token, `/api/flights/single?origin=MCO&destination=DEN&date=${backDate}`)).DEN!.find(
    (f) => f.lowest_price !== null,
  )!;
  const then = before(out);
  const q = new URLSearchParams({
    departure: then.flightHash,
    return: back.flightHash,
    origin: 'DEN',
    destination: 'MCO',
    date: outDate,
    departure_leg: legOf(out),
    return_leg: legOf(back),
    departure_ref: refOf(then),
    return_ref: refOf(back),
  });
  await page.goto(`/flight-summary?${q}`);
  await expect(page.getByTestId('leg-outbound')).toBeVisible();
  const message = `The price changed from ${dollars(flightPrice(then))} to ${dollars(flightPrice(out))}`;
  await expect(page.getByTestId('leg-outbound').getByTestId('price-changed')).toHaveText(message);
  await expect(page.getByTestId('price-changed')).toHaveCount(1);
  // Back to the return flights keeps the reference, so that link survives the next change too.
  await expect(page.getByRole('link', { name: 'Back to return flights' })).toHaveAttribute('href', /flight_ref=/);
});
