import { expect, shotsAtBothWidths, signInWithToken, test } from '../fixtures/test';
import { ON_GOWILD_EVE, localDate, searchDone } from './search-support';

/**
 * The inbound results' and get me home's CSV export (issue 31; docs/product/anywhere.md#export,
 * docs/product/get-me-home.md#export): the same button as the outbound results, the call with format=csv, one row per
 * flight, seats for a premium traveller.
 */
const PREMIUM = { email: 'inbound.export@example.com', password: 'Sky-high-47', firstName: 'Ina', lastName: 'Bound', premium: true };
const NOW = ON_GOWILD_EVE.TEST_NOW;
test.use({ seedUsers: { [PREMIUM.email]: PREMIUM }, serverEnv: ON_GOWILD_EVE });

test('a premium traveller exports the inbound results as CSV', async ({ page }) => {
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  const date = localDate(1, NOW);
  await page.goto(`/?destination=LAS&date=${date}&direction=inbound`);
  await searchDone(page);
  const shown = await page.getByTestId('destination-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-code')));

  await shotsAtBothWidths(page, 'inbound-export', page.getByTestId('results-view-tools'));
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

test('a premium traveller exports the ways home of get me home as CSV', async ({ page }) => {
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  await page.goto('/get-home');
  await page.getByLabel('Airport you are at').selectOption('MCO');
  await page.getByRole('combobox', { name: /^Home/ }).selectOption('DEN');
  await page.getByLabel('Drive to another airport').selectOption('100');
  const answer = page.waitForResponse((r) => r.url().includes('/api/flights/home'));
  await page.getByTestId('get-home-button').click();
  const body = (await (await answer).json()) as { options: { flights: { origin: string; destination: string }[] }[] };
  expect(body.options.length).toBeGreaterThan(0);
  await expect(page.getByTestId('export-csv')).toBeVisible();
  await shotsAtBothWidths(page, 'get-home-export', page.getByTestId('export-csv'));

  const download = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^gowild-home-DEN-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  const [header, ...lines] = csv.trim().split('\r\n');
  expect(header).toMatch(/^Option,Origin,Destination,/);
  // The ways home on screen, in their order, a row per flight.
  expect(lines.map((l) => l.split(',').slice(0, 3).join(','))).toEqual(
    body.options.flatMap((o, i) => o.flights.map((f) => `${i + 1},${f.origin},${f.destination}`)),
  );
});
