import type { Page } from '@playwright/test';
import type { Flight, SearchStreamEvent } from '@gowild/contract/flights';
import { ANSWER_AT_ONCE_TEXTS } from '@gowild/contract/answer-at-once';
import { expect, shot, signInWithToken, test } from '../fixtures/test';
import { departuresShown, dismissWhatsNew, goWildEve, localDate, searchDone } from './search-support';

// docs/product/search.md#answer-at-once: a search answers at once from what was last seen, then confirms it live.
const PREMIUM = { email: 'at-once.premium@example.com', password: 'Sky-high-47', firstName: 'Pat', lastName: 'Premium', premium: true };
const NOW = goWildEve();
// A slow airline (each page 2.5 s), and answers fresh for 2 s only, so the second search finds them older than that.
test.use({
  seedUsers: { [PREMIUM.email]: PREMIUM },
  serverEnv: { TEST_NOW: NOW, EMULATOR_LATENCY_MS: '2500', FLIGHT_CACHE_TTL_SECONDS: '2' },
});
const tomorrow = localDate(1, NOW);
const searchUrl = `/?origin=DEN&date=${tomorrow}&screen=departure_flights`;

async function signedIn(page: Page) {
  await dismissWhatsNew(page);
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
}

/**
 * The streams the page reads, as they complete, so that a failure can say what each said of the destinations that
 * were not answered at once (the first test failed that way in CI, 69 of 70, and passed on its retry).
 */
function recordStreams(page: Page): SearchStreamEvent[][] {
  const streams: SearchStreamEvent[][] = [];
  page.on('response', (r) => {
    if (!r.url().includes('/api/flights/search/stream')) return;
    r.text().then(
      (t) =>
        streams.push(
          t
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l) as SearchStreamEvent),
        ),
      () => undefined,
    );
  });
  return streams;
}

/** What the first and the last stream said of each code with flights that the last did not answer at once. */
function notAtOnce(streams: SearchStreamEvent[][]): string {
  const [first, last] = [streams[0] ?? [], streams[streams.length - 1] ?? []];
  const told = (events: SearchStreamEvent[], code: string) =>
    events
      .filter((e) => e.type === 'destination' && e.code === code)
      .map((e) => JSON.stringify({ ...e, flights: (e as { flights: unknown[] }).flights.length }));
  const atOnce = new Set(last.flatMap((e) => (e.type === 'destination' && e.confirming ? [e.code] : [])));
  const codes = first.flatMap((e) => (e.type === 'destination' && e.flights.length > 0 && !atOnce.has(e.code) ? [e.code] : []));
  return `${streams.length} streams; not at once: ${codes.map((c) => `${c} first ${told(first, c).join(', ')}; last ${told(last, c).join(', ')}`).join(' | ')}`;
}

test('a search seen before shows every destination at once, being confirmed, then confirmed', async ({ page }) => {
  test.setTimeout(90_000);
  const streams = recordStreams(page);
  await signedIn(page);
  await page.goto(searchUrl);
  await departuresShown(page);
  const cards = await page.getByTestId('destination-card').count();
  expect(cards).toBeGreaterThan(20);
  // The grid shows the search just run in its date's column at once: it asked while the search ran (nothing kept
  // then), and the search's own answers fill the column without waiting for them to be written and read back.
  const column = page.getByRole('grid').locator(`[role="gridcell"][data-date="${tomorrow}"]`);
  await expect(column.first()).toBeVisible();
  await expect(column.and(page.locator('[data-kind="unknown"]'))).toHaveCount(0);
  await expect(column.first()).toHaveAttribute('aria-label', /checked (just now|\d+ min ago|\d+ h ago)$/);
  await page.waitForTimeout(2500);

  // Again, once what was seen is older than the fresh time: the cards come at once, from what was seen, while the
  // airline (2.5 s a page) is asked.
  await page.goto(searchUrl);
  const confirming = page.locator('[data-testid="destination-card"][data-confirming="true"]');
  await expect(confirming)
    .toHaveCount(cards)
    .catch(async (err: Error) => {
      await searchDone(page);
      await expect.poll(() => streams.length).toBe(2);
      throw new Error(`${err.message}\n${notAtOnce(streams)}`);
    });
  // Every card is on screen while the airline has confirmed none of them.
  await expect(page.getByTestId('search-progress')).toContainText(`0 of ${cards} destinations checked`);
  await expect(confirming.first().getByTestId('checked-ago')).toHaveText(/^ · checked (just now|\d+ min ago|\d+ h ago) · confirming…$/);
  await expect(page.getByTestId('search-progress')).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `at-once-confirming-${width}`);
  }

  // Confirmed: none left confirming, the progress done, the fares checked just now.
  await searchDone(page);
  await expect(confirming).toHaveCount(0);
  await expect(page.getByTestId('destination-card').first().getByTestId('checked-ago')).toHaveAttribute('data-state', 'confirmed');
  await expect(page.locator('[data-testid="checked-ago"][data-state="unconfirmed"]')).toHaveCount(0);
});

/** A flight as it would have been seen before: `change` makes the old copy. */
const withFares = (f: Flight, fares: Partial<Flight['fares']>): Flight => ({ ...f, fares: { ...f.fares, ...fares } });
const noGoWild = (f: Flight): Flight => ({ ...withFares(f, { go_wild: null }), lowest_go_wild_price: null });
const cheaper = (f: Flight, by: number): Flight =>
  withFares(f, {
    standard: f.fares.standard ? { total: f.fares.standard.total - by } : null,
    discount_den: f.fares.discount_den ? { total: f.fares.discount_den.total - by } : null,
  });

test('cards say what the live answer changed, and keep the fares last seen with their age when it fails', async ({ page }) => {
  await signedIn(page);
  // Two hours before NOW, the browser's clock too.
  const seenAt = new Date(Date.parse(NOW) - 2 * 3600_000 - 60_000).toISOString();
  const codes: Record<'soldOut' | 'dearer' | 'same' | 'failed', string> = { soldOut: '', dearer: '', same: '', failed: '' };
  // The real answer, told as an answer at once: four places first from what was "seen two hours ago".
  await page.route('**/api/flights/search/stream?*', async (route) => {
    const real = await route.fetch();
    // The server's own answer at once (the test before left observations) is left out: these four stand in for it.
    const events = (await real.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as SearchStreamEvent)
      .filter((e) => !(e.type === 'destination' && e.confirming));
    const dests = events.filter((e): e is Extract<SearchStreamEvent, { type: 'destination' }> => e.type === 'destination');
    const withFlights = dests.filter((d) => d.flights.length > 0);
    [codes.soldOut, codes.dearer, codes.same, codes.failed] = withFlights.slice(0, 4).map((d) => d.code) as [
      string,
      string,
      string,
      string,
    ];
    const live = new Map(dests.map((d) => [d.code, d]));
    // Live: no GoWild on the first two (so their change is the one under test).
    for (const code of [codes.soldOut, codes.dearer])
      live.set(code, { ...live.get(code)!, flights: live.get(code)!.flights.map(noGoWild) });
    const seen: Record<string, Flight[]> = {
      [codes.soldOut]: live.get(codes.soldOut)!.flights.map((f) => withFares(f, { go_wild: { total: 19 } })),
      [codes.dearer]: live.get(codes.dearer)!.flights.map((f) => cheaper(f, 7)),
      [codes.same]: live.get(codes.same)!.flights,
      [codes.failed]: live.get(codes.failed)!.flights,
    };
    live.set(codes.failed, { ...live.get(codes.failed)!, flights: [], failed: true });
    const [start, ...rest] = events;
    const atOnce: SearchStreamEvent[] = Object.entries(seen).map(([code, flights]) => ({
      type: 'destination',
      code,
      flights,
      done: 0,
      total: dests.length,
      checked_at: seenAt,
      confirming: true,
    }));
    const body = [start!, ...atOnce, ...rest.map((e) => (e.type === 'destination' ? live.get(e.code)! : e))]
      .map((e) => JSON.stringify(e))
      .join('\n');
    await route.fulfill({ status: 200, contentType: 'application/x-ndjson', body: `${body}\n` });
  });
  await page.goto(searchUrl);
  await departuresShown(page);
  const card = (code: string) => page.locator(`[data-testid="destination-card"][data-code="${code}"]`);
  await expect(card(codes.soldOut).getByTestId('confirmed-change')).toHaveText(ANSWER_AT_ONCE_TEXTS.goWildSoldOut);
  const dearer = await card(codes.dearer).getByTestId('confirmed-change').textContent();
  const [now, was] = (/^now \$(\d+) \(was \$(\d+)\)$/.exec(dearer ?? '') ?? []).slice(1).map(Number);
  expect(now! - was!).toBe(7);
  await expect(card(codes.same).getByTestId('confirmed-change')).toHaveCount(0);
  await expect(card(codes.same).getByTestId('checked-ago')).toHaveAttribute('data-state', 'confirmed');
  // The airline did not answer: the fares last seen stay, with their age, never as fresh.
  await expect(card(codes.failed).getByTestId('checked-ago')).toHaveText(` · checked 2 h ago · ${ANSWER_AT_ONCE_TEXTS.notConfirmed}`);
  await expect(card(codes.failed)).toContainText(/\d+ flights?/);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, code] of Object.entries(codes)) {
      await card(code).evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await shot(page, `at-once-${name}-${width}`);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
  }
});
