import { addDays } from '@gowild/contract/dates';
import { flightPrice } from '@gowild/contract/flight-format';
import { computeFlightHash } from '@gowild/contract/flight-hash';
import type { Flight } from '@gowild/contract/flights';
import { formatDollars } from '@gowild/contract/money';
import { legOf, refOf } from '@gowild/contract/trips';
import type { Page } from '@playwright/test';
import { expect, shot, signInWithToken, test } from '../fixtures/test';
import { localDate } from './search-support';

/**
 * One price for a flight everywhere (issue 31, defect 1; docs/product/prices.md): a trip chosen while the departure
 * had a GoWild seat, opened after GoWild sold out, says the change from the GoWild price to the fare the breakdown
 * now charges, and the total is what the breakdown adds up to.
 */
const PREMIUM = { email: 'price.policy@example.com', password: 'Sky-high-47', firstName: 'Pia', lastName: 'Policy', premium: true };
test.use({ seedUsers: { [PREMIUM.email]: PREMIUM } });

async function flightsOf(page: Page, token: string, url: string): Promise<Flight[]> {
  const res = await page.request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return Object.values(((await res.json()) as { flights: Record<string, Flight[]> }).flights).flat();
}

test('a fare that moved from GoWild to Standard reads the same in the notice, the breakdown, the total and the .ics', async ({ page }) => {
  const token = await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  // A departure with no GoWild seat now but a Standard fare dearer than its Discount Den fare (the case).
  let out: Flight | undefined;
  let outDate = '';
  for (let day = 2; day < 12 && !out; day++) {
    outDate = localDate(day);
    const flights = await flightsOf(page, token, `/api/flights/single?origin=DEN&destination=MCO&date=${outDate}`);
    out = flights.find((f) => !f.fares.go_wild && f.fares.standard && f.fares.discount_den);
  }
  expect(out, 'a DEN-MCO flight without GoWild').toBeDefined();
  const backDate = addDays(outDate, 3);
  const back = (await flightsOf(page, token, `/api/flights/single?origin=MCO&destination=DEN&date=${backDate}`)).find(
    (f) => flightPrice(f) > 0,
  )!;
  // The departure as it was when the trip was chosen: a GoWild seat at $94.41.
  const thenFlight = {
    ...out!,
    fares: { ...out!.fares, go_wild: { total: 94.41, available_seats: null, fare_type: 'standard' as const } },
    lowest_price: 94.41,
  };
  const then: Flight = { ...thenFlight, flightHash: computeFlightHash(thenFlight) };
  const q = new URLSearchParams({
    departure: then.flightHash,
    return: back.flightHash,
    origin: 'DEN',
    destination: 'MCO',
    date: outDate,
    departure_leg: legOf(out!),
    return_leg: legOf(back),
    departure_ref: refOf(then),
    return_ref: refOf(back),
  });
  await page.goto(`/flight-summary?${q}`);
  const standard = out!.fares.standard!.total;
  await expect(page.getByTestId('leg-outbound').getByTestId('price-changed')).toHaveText(
    `The price changed from $94.41 to ${formatDollars(standard)}`,
  );
  const breakdown = page.getByRole('region', { name: 'Price Breakdown' });
  await expect(breakdown.getByText('Outbound Flight')).toBeVisible();
  await expect(breakdown).toContainText(`Outbound Flight(Standard)${formatDollars(standard)}`);
  const total = formatDollars((Math.round(standard * 100) + Math.round(flightPrice(back) * 100)) / 100);
  await expect(page.getByTestId('price-total')).toHaveText(total);
  await expect(page.getByTestId('total-price')).toHaveText(total);

  // The calendar file names the same price and fare.
  const download = page.waitForEvent('download');
  await page.getByTestId('calendar-export').click();
  const file = await (await download).path();
  const ics = (await import('node:fs')).readFileSync(file, 'utf8').replace(/\r\n /g, '');
  expect(ics).toContain(`Price when chosen: ${formatDollars(standard).replace(',', '\\,')} (Standard).`);

  // The link back to the return flights carries the price the summary charges, so the next change is said from it.
  await expect(page.getByRole('link', { name: 'Back to return flights' })).toHaveAttribute(
    'href',
    new RegExp(`flight_ref=[^&]*%7E${standard.toFixed(2)}`),
  );
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `price-policy-summary-${width}`, { fullPage: true });
  }
});
