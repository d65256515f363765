import { addDays, formatLongDate, formatMediumDate } from '@gowild/contract/dates';
import type { Flight } from '@gowild/contract/flights';
import { refOf } from '@gowild/contract/trips';
import blackoutDates from '../../server/src/lib/reference-data/blackout-dates.json' with { type: 'json' };
import { expect, shot, shotsWanted, signInWithToken, test } from '../fixtures/test';
import { ON_GOWILD_EVE, localDate } from './search-support';

/**
 * Returns side by side (issue 31; docs/product/search.md#returns-side-by-side): the return screen shows the return
 * date and the two days after it together, each saying whether GoWild for the way home can be booked now or opens
 * later, and when; a day's 'Show these returns' moves the list to it.
 */
const PREMIUM = { email: 'returns.days@example.com', password: 'Sky-high-47', firstName: 'Remy', lastName: 'Days', premium: true };
const NOW = ON_GOWILD_EVE.TEST_NOW;
test.use({ seedUsers: { [PREMIUM.email]: PREMIUM }, serverEnv: ON_GOWILD_EVE });
const blackouts = new Set(blackoutDates.map((b) => b.date));

test('the next three days of returns together, bookable now or opening later', async ({ page }) => {
  const token = await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  const date = localDate(1, NOW);
  const res = await page.request.get(`/api/flights/search?origin=DEN&date=${date}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const flights = ((await res.json()) as { flights: Record<string, Flight[]> }).flights;
  // A domestic departure that lands the day it leaves: the returns start that day.
  const departure = (flights.MCO ?? flights.LAS ?? Object.values(flights)[0]!).find(
    (f) => f.lowest_price !== null && f.arrival_time.slice(0, 10) === date,
  )!;
  const q = new URLSearchParams({
    origin: 'DEN',
    date,
    screen: 'return_flights',
    flight: departure.flightHash,
    flight_ref: refOf(departure),
  });
  await page.goto(`/?${q}`);
  await expect(page.getByTestId('selected-departure')).toBeVisible({ timeout: 30_000 });

  const days = page.getByTestId('return-day');
  await expect(days).toHaveCount(3);
  await expect(days.nth(0)).toHaveAttribute('data-date', date);
  await expect(days.nth(1)).toHaveAttribute('data-date', addDays(date, 1));
  await expect(days.nth(2)).toHaveAttribute('data-date', addDays(date, 2));
  // Tomorrow's domestic window opened at midnight today; the days after open later, each at midnight the day before.
  await expect(days.nth(0).getByTestId('return-day-window')).toHaveText('GoWild bookable now');
  await expect(days.nth(0)).toHaveAttribute('data-window', 'open');
  for (const i of [1, 2]) {
    const day = addDays(date, i);
    await expect(days.nth(i)).toHaveAttribute('data-window', 'later');
    await expect(days.nth(i).getByTestId('return-day-window')).toHaveText(
      blackouts.has(day)
        ? 'GoWild blacked out'
        : `GoWild opens ${formatMediumDate(addDays(day, -1))}, midnight at ${departure.destination}`,
    );
  }
  for (const i of [0, 1, 2])
    await expect(days.nth(i).getByTestId('return-day-figures')).toHaveText(
      /^(\d+ flights?( · (GoWild (Early Booking |Peak Day )?)?from \$\d+)?|No return flights)$/,
      {
        timeout: 30_000,
      },
    );
  await expect(days.nth(0)).toContainText('Shown below');

  if (shotsWanted())
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByTestId('return-days').scrollIntoViewIfNeeded();
      await shot(page, `returns-side-by-side-${width}`);
    }

  // The second day's returns: the list and the strip move to it.
  await days
    .nth(1)
    .getByRole('button', { name: `Show these returns for ${formatMediumDate(addDays(date, 1))}` })
    .click();
  await expect(page.getByTestId('return-screen')).toContainText(formatLongDate(addDays(date, 1)));
  await expect(days.nth(0)).toHaveAttribute('data-date', addDays(date, 1));
  await expect(days.nth(0)).toContainText('Shown below');
});
