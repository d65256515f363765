import { expect, type Page } from '@playwright/test';
import { addDays, utcDateOf } from '@gowild/contract/dates';
import blackoutDates from '../../server/src/lib/reference-data/blackout-dates.json' with { type: 'json' };

/** The test run's 'now': the pinned TEST_NOW of a clock-matrix run, else the real time. */
export function runNow(): Date {
  return process.env.TEST_NOW ? new Date(process.env.TEST_NOW) : new Date();
}

/**
 * A calendar date in this machine's time zone (the browser runs on the same machine), `days` from `from` (the
 * server's pinned instant when it has one, else the run's now).
 */
export function localDate(days = 0, from: string | Date = runNow()): string {
  const d = new Date(from);
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * An instant on the first day, from `from`, whose next day is not a GoWild blackout date: noon in US Eastern time,
 * so the origin's and the browser's calendar day agree. A spec that needs GoWild seats 'tomorrow' pins its server
 * there, because on a blackout eve there are none to find.
 */
export function goWildEve(from: Date = runNow()): string {
  const blackouts = new Set(blackoutDates.map((b) => b.date));
  const day = new Date(`${utcDateOf(from)}T17:00:00Z`);
  for (let i = 0; i < 400; i++) {
    if (!blackouts.has(addDays(utcDateOf(day), 1))) return day.toISOString();
    day.setTime(day.getTime() + 24 * 3600 * 1000);
  }
  throw new Error('no day without a blackout on the next day within 400 days');
}

/*
 * Server settings that several spec files share, each as one object. Playwright tells a spec file's worker options
 * apart by the object passed to test.use, not by its contents, and starts a worker (a browser and a server) for each:
 * the specs that each wrote `{ TEST_NOW: NOW }` started 19 workers for one setting. Passing the same object lets them
 * share the run's two workers (decision 323). A spec with a setting of its own still writes its own object.
 */
/** The server pinned to the GoWild eve (goWildEve()): tomorrow has GoWild seats. */
export const ON_GOWILD_EVE: Readonly<{ TEST_NOW: string }> = { TEST_NOW: goWildEve() };
/** Web push to a push service on this machine (a test-only setting, so the server runs as 'test'). */
export const PUSH_TO_THIS_MACHINE: Readonly<Record<string, string>> = { NODE_ENV: 'test', PUSH_TEST_HOSTS: '127.0.0.1' };

/** Picks an origin on a search form with the mouse: its name typed in the airport box, then its button. */
export async function pickOrigin(page: Page, name: string, code: string): Promise<void> {
  await page.getByRole('searchbox', { name: /Departure Airport/ }).fill(name);
  await page.locator(`button[data-value="${code}"]`).click();
  await expect(page.locator(`button[data-value="${code}"]`)).toHaveAttribute('aria-pressed', 'true');
}

/** Keeps the What's New modal (shown once per browser after ~1 s) from covering the page under test. */
export async function dismissWhatsNew(page: Page): Promise<void> {
  const res = await page.request.get('/api/config');
  const { appVersion } = (await res.json()) as { appVersion: string };
  await page.addInitScript((v) => window.localStorage.setItem(`app_update_modal_${v}`, 'seen'), appVersion);
}

interface StoredFlight {
  flight: { fares: Record<'go_wild' | 'standard' | 'discount_den', { total: number } | null> };
}

/** docs/product/search.md#summary-figures: a flight's price is the first available of go_wild, standard, discount_den, else 0. */
export function priceOf(stored: StoredFlight): number {
  const f = stored.flight.fares;
  for (const fare of [f.go_wild, f.standard, f.discount_den]) if (fare && fare.total > 0) return fare.total;
  return 0;
}

/**
 * The search on screen has finished: the results screen says so (`data-status`). Waiting for the progress bar to hide
 * is not enough: right after a page load the search has not started, so there is no bar yet and the cards read are
 * those of a half-streamed answer (or of what the server already knew).
 */
export async function searchDone(page: Page, timeout = 30_000): Promise<void> {
  await expect(page.getByTestId('results-screen')).toHaveAttribute('data-status', 'done', { timeout });
}

/** Resolves once the page has drawn two more frames: whatever a just-arrived answer makes it do has been done. */
export async function twoFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * A departures search has finished on screen with answers: done, the first destination card shows, and the date grid
 * above the results (premium) has loaded. The grid arrives after the search when its own request is the slower one;
 * it then pushes the cards down, and a click aimed at a card meanwhile lands on the grid.
 */
export async function departuresShown(page: Page): Promise<void> {
  await searchDone(page);
  await expect(page.getByTestId('destination-card').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-testid="date-grid"][aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
}
