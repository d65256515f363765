import type { GridResponse } from '@gowild/contract/observations';
import type { Page } from '@playwright/test';
import { expect, shot, signInWithToken, test } from '../fixtures/test';
import { ON_GOWILD_EVE, departuresShown, dismissWhatsNew, localDate } from './search-support';

/**
 * Labels a traveller must be able to read where places crowd (issue 31, defects 4 and 7): the results map's price
 * labels never lie on top of each other (docs/product/results-map.md#crowded-places), at 1280 and 375 px, and the
 * date grid's destination names are never cut on a phone (docs/product/date-grid-and-history.md#date-grid).
 * Each test leaves a screenshot for a person to look at when the run keeps them (shot(), fixtures/test.ts).
 */
const USER = { email: 'crowded.labels@example.com', password: 'Sky-high-47', firstName: 'Cleo', lastName: 'Crowd', premium: true };
const NOW = ON_GOWILD_EVE.TEST_NOW;
test.use({ seedUsers: { [USER.email]: USER }, serverEnv: ON_GOWILD_EVE });

interface Box {
  code: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Every price label shown on the map, as drawn on the screen. */
async function shownLabels(page: Page): Promise<Box[]> {
  return page.getByTestId('results-map').evaluate((map) =>
    Array.from(map.querySelectorAll<HTMLElement>('.gw-results-marker'))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ el, box }) => box.width > 0 && getComputedStyle(el).display !== 'none')
      .map(({ el, box }) => ({ code: el.dataset.code ?? '', left: box.left, top: box.top, right: box.right, bottom: box.bottom })),
  );
}

function overlapping(labels: Box[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < labels.length; i++)
    for (let j = i + 1; j < labels.length; j++) {
      const [a, b] = [labels[i]!, labels[j]!];
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) out.push(`${a.code}/${b.code}`);
    }
  return out;
}

async function openMap(page: Page) {
  await dismissWhatsNew(page);
  await signInWithToken(page, USER.email, USER.password);
  await page.goto(`/?origin=DEN&date=${localDate(1, NOW)}&screen=departure_flights`);
  await departuresShown(page);
  const cards = await page.getByTestId('destination-card').count();
  await page.getByTestId('results-map-toggle').click();
  const map = page.getByTestId('results-map');
  await expect(map).toBeVisible();
  await expect(map.locator('.gw-results-marker')).toHaveCount(cards);
  // The first fit animates: wait until it has settled.
  await page.waitForFunction(() => document.querySelectorAll('.leaflet-zoom-anim').length === 0);
  await page.waitForTimeout(400);
  return { map, cards };
}

for (const width of [1280, 375]) {
  test(`at ${width} px the results map's price labels never cover each other, at the first zoom and closer`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const { map, cards } = await openMap(page);
    const first = await shownLabels(page);
    expect(first.length).toBeGreaterThan(0);
    expect(overlapping(first)).toEqual([]);
    // Every destination keeps its dot, labelled or not.
    await expect(map.locator('.gw-results-dot')).toHaveCount(cards);
    if (first.length < cards)
      await expect(page.getByTestId('results-map-hidden')).toContainText('left off where airports are close together');
    await map.scrollIntoViewIfNeeded();
    await shot(page, `results-map-${width}`);

    // Closer in, twice: more labels, still none on another.
    for (let i = 0; i < 2; i++) {
      await map.locator('.leaflet-control-zoom-in').click();
      await page.waitForFunction(() => document.querySelectorAll('.leaflet-zoom-anim').length === 0);
      await page.waitForTimeout(400);
    }
    const closer = await shownLabels(page);
    expect(overlapping(closer)).toEqual([]);
    await map.scrollIntoViewIfNeeded();
    await shot(page, `results-map-${width}-zoomed`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test('at 375 px the date grid names every destination in full (Cabo San Lucas, not "Cabo Sa…")', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 900 });
  await dismissWhatsNew(page);
  const token = await signInWithToken(page, USER.email, USER.password);
  const date = localDate(1, NOW);
  await page.goto(`/?origin=DEN&date=${date}`);
  await departuresShown(page);
  // The search's answers are kept a moment after it ends: look again once the grid holds one for every card.
  const cards = await page.getByTestId('destination-card').count();
  await expect
    .poll(async () => {
      const res = await request.get(`/api/flights/grid?origin=DEN&from=${date}&days=1`, { headers: { authorization: `Bearer ${token}` } });
      const grid = (await res.json()) as GridResponse;
      return grid.destinations.filter((d) => d.cells[0]?.checked_at).length;
    })
    .toBeGreaterThanOrEqual(cards);
  await page.reload();
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible({ timeout: 30_000 });
  const showAll = page.getByRole('button', { name: /^Show all \d+ destinations$/ });
  if (await showAll.isVisible()) await showAll.click();
  const airports = (await (await request.get('/api/airports')).json()) as { airports: { stationCode: string; cityAndCode: string }[] };
  const names = new Map(airports.airports.map((a) => [a.stationCode, a.cityAndCode]));
  const rows = await grid.locator('tbody th[scope="row"]').evaluateAll((ths) =>
    ths.map((th) => {
      const row = th.closest('tr')!;
      const code = row.querySelector<HTMLElement>('[data-destination]')?.dataset.destination ?? '';
      // A name cut short by CSS is wider inside than its box.
      const cut = Array.from(th.querySelectorAll<HTMLElement>('span')).some((s) => s.scrollWidth > s.clientWidth + 1);
      const nameLine = th.firstElementChild as HTMLElement;
      return { code, text: nameLine.innerText.replace(/\s+/g, ' ').trim(), cut };
    }),
  );
  expect(rows.length).toBeGreaterThan(10);
  const sjd = rows.find((r) => r.code === 'SJD');
  for (const r of rows) {
    expect(r.cut, `${r.code} cut short`).toBe(false);
    expect(r.text, r.code).toBe(names.get(r.code));
  }
  if (sjd) expect(sjd.text).toBe('Cabo San Lucas, Mexico (SJD)');
  await grid.locator('tbody tr').filter({ hasText: 'SJD' }).first().scrollIntoViewIfNeeded();
  await shot(page, 'date-grid-375');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
});
