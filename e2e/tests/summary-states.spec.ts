import { expectAxeClean } from '../fixtures/a11y';
import { expect, test } from '../fixtures/test';
import { dismissWhatsNew } from './search-support';

test('the summary names each problem with its box', async ({ page }) => {
  await dismissWhatsNew(page);
  await page.goto('/flight-summary');
  await expect(page.getByRole('heading', { name: 'Error Loading Flight Summary' })).toBeVisible();
  await expect(page.getByText('Invalid flight summary URL. Missing required parameters.')).toBeVisible();
  await page.goto('/flight-summary?departure=aaa&return=bbb&origin=DEN&destination=LAS&date=2026-04-02');
  // A visitor is asked to log in: only a signed-in browser may ask the server for flights it does not hold.
  await expect(page.getByRole('heading', { name: 'Log in to see this trip' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', /^\/login\?next=%2Fflight-summary%3F/);
  await expectAxeClean(page);
  await page.goto('/flight-summary?data=bm90LWEtdHJpcA');
  await expect(page.getByText('Invalid flight data. The flight information appears to be corrupted.')).toBeVisible();
  await page.getByRole('link', { name: 'Start New Search' }).click();
  await expect(page).toHaveURL(/\/$/);
});
