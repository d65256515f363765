import { chromium } from 'playwright-core';
import { startServer } from './fixtures/server';

const NOW = '2026-11-25T17:00:00.000Z';
const server = await startServer({ TEST_NOW: NOW, EMULATOR_LATENCY_MS: '5' }, [
  { email: 'shot.premium@example.com', password: 'Sky-high-47', firstName: 'Pat', lastName: 'Holder', premium: true },
]);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'shot.premium@example.com', password: 'Sky-high-47' }),
  });
  const { token } = (await res.json()) as { token: string };
  for (const width of [1280, 375]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.clock.setSystemTime(new Date(NOW));
    await page.addInitScript((t) => {
      localStorage.setItem('auth-token', t);
      localStorage.setItem('app_update_modal_3.1', 'seen');
    }, token);
    await page.goto(`${server.url}/?origin=DEN&date=2026-12-01&screen=departure_flights`);
    await page.getByTestId('search-progress').waitFor({ state: 'hidden', timeout: 60_000 });
    await page.locator('[data-testid="destination-card"][data-code="LAS"] h3 button').click();
    await page.getByTestId('gowild-gap').waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/pa/window-${width}.png`, fullPage: false });
    await page.locator('[data-testid="destination-card"][data-code="LAS"]').screenshot({ path: `/tmp/pa/window-card-${width}.png` });
    await page.goto(`${server.url}/?origin=DEN&date=2026-11-28&screen=departure_flights`);
    await page.getByTestId('search-progress').waitFor({ state: 'hidden', timeout: 60_000 });
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/pa/blackout-${width}.png` });
    await page.goto(`${server.url}/?origin=DEN&date=2026-11-26&screen=departure_flights`);
    await page.getByTestId('search-progress').waitFor({ state: 'hidden', timeout: 60_000 });
    const card = page.getByTestId('group-gowild').getByTestId('destination-card').first();
    await card.locator('h3 button').click();
    await page.waitForTimeout(800);
    await card.screenshot({ path: `/tmp/pa/sorted-${width}.png` });
    await card.getByTestId('flight-row').first().getByRole('button', { name: 'Select Departure' }).click();
    await page.getByTestId('return-skeleton').waitFor({ state: 'hidden', timeout: 30_000 });
    await page.getByRole('button', { name: /Next day/ }).click();
    await page.getByTestId('return-skeleton').waitFor({ state: 'hidden', timeout: 30_000 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/pa/return-${width}.png`, fullPage: true });
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Airport View' }).click();
    const filter = page.getByRole('searchbox', { name: /Departure Airport/ });
    await filter.fill('DEN');
    await filter.press('Enter');
    await filter.fill('LAS');
    await filter.press('Enter');
    await page.getByRole('button', { name: 'Calendar view' }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/pa/form-${width}.png`, fullPage: true });
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
