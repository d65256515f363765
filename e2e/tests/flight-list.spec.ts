import { expectAxeClean } from '../fixtures/a11y';
import { createAccount, expect, shot, signInWithToken, test } from '../fixtures/test';
import { departuresShown, dismissWhatsNew, localDate } from './search-support';

/**
 * The flat list beside the cards and the CSV export on the search results (docs/product/anywhere.md#the-flat-list,
 * #export): a traveller switches the results to one table of every flight, sorts it from the keyboard, and downloads
 * the same search as CSV; a free user's list and file carry no seat counts. At 1280 and 375 px.
 */
for (const width of [1280, 375]) {
  test(`at ${width} px a free user lists every flight of the day, sorts it from the keyboard, and exports it`, async ({ page }) => {
    test.setTimeout(180_000);
    await dismissWhatsNew(page);
    const free = await createAccount(page);
    await signInWithToken(page, free.email, free.password);
    await page.setViewportSize({ width, height: 900 });
    const date = localDate(2);
    // From Austin (ten destinations): from Denver (seventy) the list held every flight to seventy places, and the
    // accessibility check over it took up to 8 s of the browser's CPU; it proves the same on a shorter list.
    await page.goto(`/?origin=AUS&date=${date}&screen=departure_flights`);
    await departuresShown(page);
    const cards = await page.getByTestId('destination-card').count();

    await page.getByRole('group', { name: 'Show results as' }).getByRole('button', { name: 'List' }).click();
    await expect(page.getByTestId('destination-card')).toHaveCount(0);
    const table = page.getByRole('table', { name: /Flights from Austin/ });
    await expect(table).toBeVisible();
    // Free users: no seat counts, here as on the cards.
    await expect(table.getByRole('columnheader', { name: /Seats/ })).toHaveCount(0);
    const rows = await table.locator('tbody tr').count();
    expect(rows).toBeGreaterThanOrEqual(cards);
    expect(new Set(await table.locator('tbody th').allTextContents()).size).toBe(cards);

    // Tab to a header's button and sort with the keyboard: shortest first, then longest first.
    const duration = table.getByRole('columnheader', { name: /Duration/ });
    await duration.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect(duration).toHaveAttribute('aria-sort', 'ascending');
    await page.keyboard.press('Space');
    await expect(duration).toHaveAttribute('aria-sort', 'descending');
    await expect(page.getByRole('status').filter({ hasText: 'Sorted by Duration, descending' })).toHaveCount(1);
    if (width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAxeClean(page);
    await shot(page, `flight-list-${width}`, { fullPage: true });

    const download = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`gowild-AUS-${date}.csv`);
    const csv = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
    const [header, ...lines] = csv.trim().split('\r\n');
    expect(header).not.toContain('Seats');
    expect(lines).toHaveLength(rows);

    // Back to the cards.
    await page.getByRole('group', { name: 'Show results as' }).getByRole('button', { name: 'Cards' }).click();
    await expect(page.getByTestId('destination-card')).toHaveCount(cards);
  });
}
