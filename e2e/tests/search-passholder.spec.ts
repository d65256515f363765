import type { Locator, Page } from '@playwright/test';
import blackoutDates from '../../server/src/lib/reference-data/blackout-dates.json' with { type: 'json' };
import { addDays, formatLongDate, formatMediumDate } from '@gowild/contract/dates';
import { createAccount, expect, signInWithToken, test } from '../fixtures/test';
import { dismissWhatsNew, goWildEve, localDate, searchDone } from './search-support';

// docs/product/search.md#sorting, #why-no-gowild, #form-validation; decisions 095-099.
const PREMIUM = { email: 'pass.holder@example.com', password: 'Sky-high-47', firstName: 'Pat', lastName: 'Holder', premium: true };
// A day whose tomorrow has GoWild seats (decision 048); every other date is chosen from it by rule.
const NOW = goWildEve(new Date('2026-11-23T17:00:00Z'));
// Slow enough that the progress bar can be read mid-search, and answers spread out (jitter) so that they do not all
// land in one frame on a quiet machine.
test.use({ seedUsers: { [PREMIUM.email]: PREMIUM }, serverEnv: { TEST_NOW: NOW, EMULATOR_LATENCY_MS: '150', EMULATOR_JITTER_MS: '600' } });

const blackouts = new Set(blackoutDates.map((b) => b.date));
const tomorrow = localDate(1, NOW);
/** The first blackout date from two days on (so the window is shut too: the blackout must win). */
const nextBlackout = (() => {
  for (let i = 2; i < 120; i++) if (blackouts.has(localDate(i, NOW))) return localDate(i, NOW);
  throw new Error('no blackout date ahead');
})();
/** A domestic date whose GoWild window has not opened: a few days ahead and not blacked out. */
const shutDate = (() => {
  for (let i = 3; i < 60; i++) if (!blackouts.has(localDate(i, NOW))) return localDate(i, NOW);
  throw new Error('no open date ahead');
})();

async function signInPremium(page: Page) {
  await dismissWhatsNew(page);
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
}

async function waitForResults(page: Page) {
  await expect(page.getByTestId('results-screen')).toBeVisible();
  await searchDone(page, 60_000);
}

/** Each row's GoWild price (null when not on sale), lowest fare, and departure minutes, read off the screen. */
async function readRows(rows: Locator) {
  return rows.evaluateAll((els) =>
    els.map((el) => {
      const prices = Array.from(el.querySelectorAll('[aria-label="Fares"] > li')).map((li) => {
        const t = li.querySelector('span.text-sm')?.textContent ?? '—';
        return t === '—' ? null : Number(t.replace(/[$,]/g, ''));
      });
      const times = Array.from(el.querySelectorAll('.text-base.font-bold')).map((t) => t.firstChild?.textContent ?? '');
      const toMin = (s: string) => {
        const m = /(\d+):(\d+) (AM|PM)/.exec(s)!;
        return ((Number(m[1]) % 12) + (m[3] === 'PM' ? 12 : 0)) * 60 + Number(m[2]);
      };
      const onSale = prices.filter((p): p is number => p !== null);
      return {
        goWild: prices[0] ?? null,
        lowest: onSale.length ? Math.min(...onSale) : null,
        dep: toMin(times[0] ?? ''),
        arr: toMin(times[1] ?? ''),
        plusOne: el.querySelector('sup')?.textContent === '+1',
      };
    }),
  );
}

test('flights with GoWild seats come first, then the cheapest; the order can be changed on departures and returns', async ({ page }) => {
  await signInPremium(page);
  await page.goto(`/?origin=DEN&date=${tomorrow}&screen=departure_flights`);
  await waitForResults(page);
  const card = page.getByTestId('group-gowild').getByTestId('destination-card').first();
  await card.locator('h3 button').click();
  await expect(card.getByLabel('Sort by')).toHaveValue('gowild_first');
  const rows = card.getByTestId('flight-row');
  await expect(rows.first()).toBeVisible();
  const shown = await readRows(rows);
  // The badge's GoWild fare is the first flight's: no Standard-only flight ahead of a GoWild one.
  // The card's own heading (the open card holds the hotel and car panels' headings too).
  const badge = Number((await card.locator('h3').first().textContent())!.match(/GoWild \$(\d+)/)![1]);
  expect(shown[0]!.goWild).toBe(badge);
  const firstStandardOnly = shown.findIndex((r) => r.goWild === null);
  if (firstStandardOnly >= 0) expect(shown.slice(firstStandardOnly).every((r) => r.goWild === null)).toBe(true);
  const gw = shown.filter((r) => r.goWild !== null).map((r) => r.lowest!);
  expect(gw).toEqual([...gw].sort((a, b) => a - b));

  await card.getByLabel('Sort by').selectOption({ label: 'Earliest departure' });
  const early = await readRows(rows);
  expect(early.map((r) => r.dep)).toEqual([...early.map((r) => r.dep)].sort((a, b) => a - b));

  // The return list has the same filters and orders (a day later, so an evening departure has flights home).
  await rows.first().getByRole('button', { name: 'Select Departure' }).click();
  await expect(page.getByTestId('return-screen')).toBeVisible();
  await expect(page.getByTestId('return-skeleton')).toBeHidden({ timeout: 30_000 });
  await page.getByRole('button', { name: /Next day/i }).click();
  await expect(page.getByTestId('return-skeleton')).toBeHidden({ timeout: 30_000 });
  const returns = page.getByRole('list', { name: 'Return flights' }).getByTestId('flight-row');
  await expect(returns.first()).toBeVisible();
  // The order set on the departures is remembered by the account and the return list starts with it
  // (docs/product/favourites.md#remembered-filters).
  await expect(page.getByLabel('Sort by')).toHaveValue('earliest');
  await page.getByLabel('Sort by').selectOption({ label: 'Cheapest' });
  const cheap = (await readRows(returns)).map((r) => r.lowest ?? Infinity);
  expect(cheap).toEqual([...cheap].sort((a, b) => a - b));
  await page.getByRole('button', { name: 'Nonstop', exact: true }).click();
  await expect(page.getByText(/Showing \d+ of \d+ flights|No flights match your filters/)).toBeVisible();
});

test('a blackout date says why there is no GoWild, with the Peak Day Charge', async ({ page }) => {
  await signInPremium(page);
  await page.goto(`/?origin=DEN&date=${nextBlackout}&screen=departure_flights`);
  await waitForResults(page);
  // GoWild on a blackout date is only ever a Peak Day fare, with its charge (decision 176).
  const gowild = page.getByTestId('group-gowild');
  const peakDayShown = (await gowild.count()) > 0;
  if (peakDayShown) await expect(gowild).toContainText('Peak Day');
  // The header never says "only Standard and Discount Den" beside a Peak Day fare shown above it.
  await expect(page.getByTestId('results-gowild-gap')).toContainText(
    peakDayShown ? 'the GoWild fares shown include a Peak Day Charge' : 'only Standard and Discount Den fares are on sale',
  );
  const card = page.locator('[data-testid="destination-card"][data-gowild="false"]').first();
  await card.locator('h3 button').click();
  const gap = card.getByTestId('gowild-gap');
  await expect(gap).toContainText('GoWild blacked out on this date');
  await expect(gap).toContainText('Peak Day Charge (from $79 per flight)');
});

test('outside the booking window it says when GoWild opens and offers an alert for that date', async ({ page }) => {
  await signInPremium(page);
  await page.goto(`/?origin=DEN&date=${shutDate}&screen=departure_flights`);
  await waitForResults(page);
  // International windows (10 days) may be open; the domestic one (the day before) is not.
  await expect(page.locator('[data-testid="destination-card"][data-code="LAS"]')).toHaveAttribute('data-gowild', 'false');
  await expect(page.getByTestId('results-gowild-gap')).toContainText(
    `GoWild opens on ${formatMediumDate(addDays(shutDate, -1))} for domestic routes`,
  );
  const card = page.locator('[data-testid="destination-card"][data-code="LAS"]');
  await card.locator('h3 button').click();
  const gap = card.getByTestId('gowild-gap');
  await expect(gap).toContainText(`GoWild opens on ${formatMediumDate(addDays(shutDate, -1))} for this route`);
  await expect(gap).toContainText('Early Booking Charge (from $29)');
  await gap.getByRole('button', { name: 'Alert me when it opens' }).click();
  const modal = page.getByRole('dialog', { name: 'Alert Me When GoWild Opens' });
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('alert-route')).toContainText('(LAS)');
  await expect(modal.getByTestId('window-alert-date')).toContainText(formatLongDate(shutDate));
  await modal.getByRole('button', { name: 'Alert me when it opens' }).click();
  await expect(page.getByText('Window Alert Created!')).toBeVisible();
  // It is listed on /notifications with when it opens, waiting.
  await page.goto('/notifications');
  const alert = page.locator('[data-testid="notification"][data-kind="window_open"]').filter({ hasText: 'DEN → LAS' }).first();
  await expect(alert.getByTestId('notification-opens')).toContainText('Opens ');
  await expect(alert.getByTestId('notification-status')).toHaveText('Waiting');
});

test('a single-route search opens its destination; next-day arrivals read +1; the return date beyond the window explains itself', async ({
  page,
}) => {
  await dismissWhatsNew(page);
  const token = await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  // A route with an overnight flight, found the way the screen would: the airline's answer for an eastbound origin.
  const date = localDate(2, NOW);
  const res = await page.request.get(`/api/flights/search?origin=DEN&date=${date}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { flights: Record<string, { departure_time: string; arrival_time: string }[]> };
  const dest = Object.entries(body.flights).find(([, list]) =>
    list.some((f) => f.arrival_time.slice(0, 10) > f.departure_time.slice(0, 10)),
  )?.[0];
  expect(dest, 'some route out of Denver lands after midnight').toBeTruthy();

  await page.goto(`/?origin=DEN&destination=${dest}&date=${date}&screen=departure_flights`);
  await waitForResults(page);
  const card = page.getByTestId('destination-card');
  await expect(card).toHaveCount(1);
  await expect(card.locator('h3 button')).toHaveAttribute('aria-expanded', 'true');
  await card.getByLabel('Sort by').selectOption({ label: 'Earliest departure' });
  const rows = card.getByTestId('flight-row');
  const shown = await readRows(rows);
  const overnight = shown.map((r, i) => ({ ...r, i })).filter((r) => r.arr < r.dep);
  expect(overnight.length).toBeGreaterThan(0);
  expect(overnight.every((r) => r.plusOne)).toBe(true);
  expect(shown.filter((r) => r.arr >= r.dep).every((r) => !r.plusOne)).toBe(true);

  await rows.nth(overnight[0]!.i).getByRole('button', { name: 'Select Departure' }).click();
  await expect(page.getByTestId('selected-departure')).toContainText('(+1)');
  await expect(page.getByTestId('return-skeleton')).toBeHidden({ timeout: 30_000 });
  // A day after landing the domestic window is still shut: standard fares, when it opens, and an alert for that date.
  await page.getByRole('button', { name: /Next day/i }).click();
  await expect(page.getByTestId('return-skeleton')).toBeHidden({ timeout: 30_000 });
  // Either the window is explained, or the airline sells GoWild there anyway: Early Booking or Peak Day (decision 177).
  const gap = page.getByTestId('return-gowild-gap');
  const early = page.getByText(/GoWild (Early Booking|Peak Day)/).first();
  await expect(gap.or(early)).toBeVisible();
  if ((await gap.count()) > 0) await expect(gap).toContainText(/GoWild (opens on .* for this route|blacked out on this date)/);
  if ((await gap.count()) > 0 && (await gap.textContent())!.includes('opens on')) {
    await gap.getByRole('button', { name: 'Alert me when it opens' }).click();
    const modal = page.getByRole('dialog', { name: 'Alert Me When GoWild Opens' });
    await expect(modal.getByTestId('alert-route')).toContainText(`(${dest})`);
    await expect(modal.getByTestId('alert-route')).toContainText('(DEN)');
  }
});

test('the progress bar shows the figure its text says', async ({ page }) => {
  await signInPremium(page);
  // Every frame of the search: the percentage the text says and how full the bar is drawn.
  await page.addInitScript(() => {
    const samples: { pct: number; bar: number }[] = [];
    (window as unknown as { __progress: typeof samples }).__progress = samples;
    const tick = () => {
      const box = document.querySelector('[data-testid="search-progress"]');
      const fill = document.querySelector<HTMLElement>('[data-testid="search-progress-fill"]');
      const m = /(\d+)%/.exec(box?.textContent ?? '');
      if (m && fill?.parentElement)
        samples.push({
          pct: Number(m[1]),
          bar: (fill.getBoundingClientRect().width / fill.parentElement.getBoundingClientRect().width) * 100,
        });
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  // An origin and day no other test searches, so nothing is answered from the cache.
  await page.goto(`/?origin=LAS&date=${localDate(2, NOW)}&screen=departure_flights`);
  await waitForResults(page);
  const samples = await page.evaluate(() => (window as unknown as { __progress: { pct: number; bar: number }[] }).__progress);
  expect(samples.length).toBeGreaterThan(0);
  expect(samples.some((s) => s.pct > 0 && s.pct < 100)).toBe(true);
  for (const s of samples) expect(Math.abs(s.bar - s.pct), JSON.stringify(s)).toBeLessThan(1.5);
});

test('keyboard: Enter says what is missing, submits from Trip Duration, and picks a single match', async ({ page }) => {
  await signInPremium(page);
  await page.goto('/');
  const filter = page.getByRole('searchbox', { name: /Departure Airport/ });
  await filter.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Please select an origin airport and date' })).toBeVisible();

  await filter.fill('Denver');
  await page.keyboard.press('Enter');
  await expect(page.locator('button[data-value="DEN"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(filter).toHaveValue('');
  await expect(page.getByTestId('results-screen')).toHaveCount(0);

  await page.locator(`button[data-date="${tomorrow}"]`).click();
  const days = page.getByRole('spinbutton', { name: 'Trip Duration' });
  await days.fill('3');
  await days.press('Enter');
  await expect(page.getByTestId('results-screen')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`origin=DEN&date=${tomorrow}&screen=departure_flights`));
});

test('Airport View picks several airports, up to the server limit, and searches them together', async ({ page }) => {
  await signInPremium(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Airport View' }).click();
  const filter = page.getByRole('searchbox', { name: /Departure Airport/ });
  // A typed code picks its card on Enter even when other cards match too ('LAS' is in 'Dallas').
  await filter.fill('DEN');
  await filter.press('Enter');
  await filter.fill('LAS');
  await filter.press('Enter');
  await expect(filter).toHaveValue('');
  await expect(page.getByTestId('picker-multiple-hint')).toHaveText('Choose up to 10 airports (2 chosen).');
  await expect(page.locator('button[data-value="DEN"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('button[data-value="LAS"]')).toHaveAttribute('aria-pressed', 'true');
  await page.locator(`button[data-date="${tomorrow}"]`).click();
  await page.getByRole('button', { name: /^Search from Denver, CO \(DEN\), Las Vegas, NV \(LAS\)$/ }).click();
  await expect(page).toHaveURL(new RegExp(`origin=DEN%2CLAS&date=${tomorrow}`));
  await waitForResults(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Denver, CO (DEN), Las Vegas, NV (LAS)');
});

test('the calendar view shows the gowild and international tags', async ({ page }) => {
  await signInPremium(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Calendar view' }).click();
  const cell = (d: string) => page.locator(`[data-testid="calendar-cell"][data-date="${d}"]`);
  await expect(cell(tomorrow).locator('[data-tag="gowild"]')).toBeVisible();
  await expect(cell(tomorrow).locator('[data-tag="international"]')).toBeVisible();
  const later = localDate(12, NOW);
  if (later.slice(0, 7) === tomorrow.slice(0, 7)) await expect(cell(later).getByTestId('calendar-tags')).toHaveCount(0);
});

test('a visitor who logs in or registers from a search link lands back on it, search running', async ({ page }) => {
  await dismissWhatsNew(page);
  const account = await createAccount(page);
  const link = `/?origin=DEN&date=${tomorrow}&screen=departure_flights`;
  await page.goto(link);
  await expect(page.getByRole('alert').filter({ hasText: 'Please log in to search flights.' })).toBeVisible();
  await page.getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL((u) => u.pathname + u.search === link);
  await expect(page.getByTestId('results-screen')).toBeVisible();
  await expect(page.getByTestId('destination-card').first()).toBeVisible({ timeout: 60_000 });
});

test('registering from a search link lands back on it too', async ({ page }) => {
  await dismissWhatsNew(page);
  const link = `/?origin=DEN&date=${tomorrow}&screen=departure_flights`;
  await page.goto(link);
  await page.getByRole('link', { name: 'create an account' }).click();
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Wright');
  await page.getByLabel('Email').fill(`robin.${Date.now()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('Sky-high-47');
  await page.getByLabel('Confirm password').fill('Sky-high-47');
  await page.getByRole('button', { name: /Create account/i }).click();
  await expect(page).toHaveURL((u) => u.pathname + u.search === link);
  await expect(page.getByTestId('results-screen')).toBeVisible();
});
