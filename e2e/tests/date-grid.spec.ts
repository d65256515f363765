import { expect, signInWithToken, test } from '../fixtures/test';
import { addDays } from '@gowild/contract/dates';
import blackoutDates from '../../server/src/lib/reference-data/blackout-dates.json' with { type: 'json' };
import { ON_GOWILD_EVE, departuresShown, dismissWhatsNew, localDate } from './search-support';

// docs/product/date-grid-and-history.md: the grid, the route line and the price history, on the real server, from
// the observations a traveller's own search leaves behind.
const PREMIUM = { email: 'grid.premium@example.com', password: 'Sky-high-47', firstName: 'Pat', lastName: 'Premium', premium: true };
const FREE = { email: 'grid.free@example.com', password: 'Sky-high-47', firstName: 'Fran', lastName: 'Free' };
const NOW = ON_GOWILD_EVE.TEST_NOW;
test.use({ seedUsers: { [PREMIUM.email]: PREMIUM, [FREE.email]: FREE }, serverEnv: ON_GOWILD_EVE });

const today = localDate(0, NOW);
const tomorrow = localDate(1, NOW);

async function searchDen(page: import('@playwright/test').Page) {
  await page.goto(`/?origin=DEN&date=${tomorrow}`);
  await departuresShown(page);
}

test('premium: the grid shows what the search saw, with its freshness; the keyboard opens a cell as the search', async ({ page }) => {
  await dismissWhatsNew(page);
  const token = await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  await searchDen(page);
  // The search's answers are kept as it ends, at the latest 5 s after (decision 236); on a loaded machine that can be
  // after the page has drawn the grid. Wait for them, as a traveller's next look would find them.
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/flights/grid?origin=DEN&from=${today}&days=14`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const grid = (await res.json()) as { destinations: { cells: { date: string; checked_at: string | null }[] }[] };
        return grid.destinations.length > 0 && grid.destinations.every((d) => d.cells.some((c) => c.date === tomorrow && c.checked_at));
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  // The grid asked while the search ran; a second look reads what the search left behind (and asks the airline nothing).
  await page.reload();
  const grid = page.getByRole('grid');
  const tomorrowCells = grid.locator(`[role="gridcell"][data-date="${tomorrow}"]`);
  await expect(tomorrowCells.first()).toHaveAttribute(
    'aria-label',
    /: (GoWild \$\d+|no GoWild), lowest fare \$\d+.*, checked (just now|\d+ min ago)$/,
  );
  await expect(grid.locator('[role="gridcell"][data-kind^="gowild"]').first()).toBeVisible();
  // Days never checked say so.
  await expect(grid.locator(`[role="gridcell"][data-date="${addDays(today, 9)}"]`).first()).toHaveAttribute(
    'aria-label',
    /not checked yet$/,
  );
  // Blackout days in the 14 are marked in their column.
  const blackout = blackoutDates.map((b) => b.date).find((d) => d >= today && d <= addDays(today, 13));
  if (blackout) await expect(grid.locator('th', { hasText: 'Blackout' }).first()).toBeVisible();
  await expect(page.getByTestId('grid-likelihood').first()).toHaveText(/^(GoWild on \d+ of the last \d+ days?|Not enough history yet)$/);

  // Keyboard: the searched day's column holds the one tab stop; arrows move; Enter opens that destination that day.
  const start = grid.locator('[role="gridcell"][tabindex="0"]');
  await expect(start).toHaveAttribute('data-date', tomorrow);
  await start.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowLeft');
  const focused = page.locator('[role="gridcell"]:focus');
  const destination = await focused.getAttribute('data-destination');
  expect(await focused.getAttribute('data-date')).toBe(today);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`\\?origin=DEN&destination=${destination}&date=${today}&screen=departure_flights$`));
  await expect(page.getByRole('grid').locator(`[role="gridcell"][aria-selected="true"]`)).toHaveAttribute('data-destination', destination!);
});

test('premium: an open card has its route line and its price history in words', async ({ page }) => {
  await dismissWhatsNew(page);
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  await searchDen(page);
  const card = page.getByTestId('destination-card').first();
  await expect(card.getByTestId('route-insight')).toHaveText(/GoWild on \d+ of the last \d+ days?|Not enough history yet/);
  await card.locator('h3 button').click();
  await expect(card.getByTestId('price-history-text')).toHaveText(/^Over \d+ checks? since .+: (Standard|Discount Den) /);
});

test('at 375 px the grid scrolls inside itself, never the page', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await dismissWhatsNew(page);
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  await searchDen(page);
  await expect(page.getByRole('grid')).toBeVisible();
  const [pageWidth, gridScroll] = await page.evaluate(() => {
    const box = document.querySelector('[data-testid="date-grid-scroll"]')!;
    return [document.documentElement.scrollWidth, box.scrollWidth > box.clientWidth];
  });
  expect(pageWidth).toBe(375);
  expect(gridScroll).toBe(true);
});

test('free: a teaser says what the grid does and how to get premium; the grid is never asked for', async ({ page }) => {
  await dismissWhatsNew(page);
  await signInWithToken(page, FREE.email, FREE.password);
  const gridCalls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/flights/grid') && gridCalls.push(r.url()));
  await searchDen(page);
  const teaser = page.getByRole('region', { name: 'Date grid (Premium feature)' });
  await expect(teaser).toContainText('across the next two weeks');
  await expect(teaser.getByRole('link', { name: /^Upgrade to Premium/ })).toHaveAttribute('href', '/plans');
  expect(gridCalls).toEqual([]);
  // The server refuses it too.
  const token = await page.evaluate(() => localStorage.getItem('auth-token'));
  const res = await page.request.get(`/api/flights/grid?origin=DEN&from=${today}&days=14`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(403);
});
