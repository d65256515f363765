import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, signInWithToken, test } from '../fixtures/test';
import { goWildEve, localDate } from './search-support';

/**
 * The inbound results' CSV export (issue 31; docs/product/anywhere.md#export): the same button as the outbound results,
 * the inbound call with format=csv, one row per flight into the airport, seats for a premium traveller.
 */
const PREMIUM = { email: 'inbound.export@example.com', password: 'Sky-high-47', firstName: 'Ina', lastName: 'Bound', premium: true };
const NOW = goWildEve();
test.use({ seedUsers: { [PREMIUM.email]: PREMIUM }, serverEnv: { TEST_NOW: NOW } });

async function shots(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByTestId('results-view-tools').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${dir}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('a premium traveller exports the inbound results as CSV', async ({ page }) => {
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  const date = localDate(1, NOW);
  await page.goto(`/?destination=LAS&date=${date}&direction=inbound`);
  await expect(page.getByTestId('search-progress')).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId('destination-card').first()).toBeVisible();
  const shown = await page.getByTestId('destination-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-code')));

  await shots(page, 'inbound-export');
  const download = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`gowild-Inbound-to-LAS-${date}.csv`);
  const csv = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  const [header, ...lines] = csv.trim().split('\r\n');
  expect(header).toContain('Origin,Destination,');
  expect(header).toContain(',Seats,');
  expect(lines.length).toBeGreaterThan(0);
  // Every row flies into LAS, from an origin the results show.
  for (const line of lines) {
    const [origin, destination] = line.split(',');
    expect(destination).toBe('LAS');
    expect(shown).toContain(origin);
  }
});
