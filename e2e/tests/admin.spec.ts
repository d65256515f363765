import { expectAxeClean } from '../fixtures/a11y';
import { createAccount, expect, signInWithToken, test } from '../fixtures/test';

const password = 'Jet-stream-61';
test.use({
  seedUsers: {
    'ops.admin@example.com': { password, firstName: 'Olive', lastName: 'Operator', admin: true },
    'plain.member@example.com': { password, firstName: 'Fran', lastName: 'Free' },
  },
});

test('an admin finds a user by e-mail, grants premium, deactivates them and sees both in the audit list', async ({
  page,
  browser,
  server,
}) => {
  // A long journey with three axe runs and a second browser: three times the usual time on a loaded machine.
  test.slow();
  // The traveller, signed in in a browser of their own.
  const traveller = await createAccount(page, { firstName: 'Tess', lastName: 'Target' });
  const usage = async () => page.request.get('/api/auth/search-usage', { headers: { authorization: `Bearer ${traveller.token}` } });
  expect((await (await usage()).json()).search_limit).not.toBeNull();
  const theirs = await browser.newContext({ baseURL: server.url });
  await theirs.addInitScript((t) => window.localStorage.setItem('auth-token', t), traveller.token);
  const theirPage = await theirs.newPage();

  await signInWithToken(page, 'ops.admin@example.com', password);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('img', { name: /^Searches per day/ })).toBeVisible();
  await expectAxeClean(page);

  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByLabel('E-mail or name').fill(traveller.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const table = page.getByRole('table', { name: 'Users, newest first' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').filter({ hasText: traveller.email });
  await expect(row).toContainText('Free');
  await expectAxeClean(page);

  // Grant premium, after the confirm step.
  await row.getByRole('button', { name: `Grant premium: ${traveller.email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Grant premium?' });
  await expect(dialog).toContainText(traveller.email);
  await dialog.getByRole('button', { name: 'Grant premium' }).click();
  await expect(page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: 'Premium granted' })).toBeVisible();
  await expect(row).toContainText('Premium (granted)');
  // The traveller's next search is unlimited: no daily limit any more.
  const after = await (await usage()).json();
  expect(after).toMatchObject({ is_premium: true, search_limit: null });

  // Their session is open until the account is deactivated.
  await theirPage.goto('/profile');
  await expect(theirPage.getByRole('heading', { name: /profile/i })).toBeVisible();

  await row.getByRole('button', { name: `Deactivate: ${traveller.email}` }).click();
  await page.getByRole('dialog', { name: 'Deactivate this account?' }).getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: 'Account deactivated' })).toBeVisible();
  await expect(row).toContainText('Inactive');
  expect((await usage()).status()).toBe(401);
  await theirPage.goto('/profile');
  await expect(theirPage).toHaveURL(/\/login/);
  await theirs.close();

  // The audit list on the Overview names both actions, newest first.
  await page.getByRole('tab', { name: 'Overview' }).click();
  const audit = page.getByRole('table', { name: 'Admin actions, newest first' });
  const entries = audit.getByRole('row').filter({ hasText: traveller.email });
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('Deactivated');
  await expect(entries.nth(0)).toContainText('ops.admin@example.com');
  await expect(entries.nth(1)).toContainText('Granted premium');
});

test('the keyboard moves between the tabs, and every list is axe-clean', async ({ page }) => {
  await signInWithToken(page, 'ops.admin@example.com', password);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Overview' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Users' })).toBeFocused();
  await expect(page).toHaveURL(/tab=users/);
  // End: the last tab (the unreadable airline pages, decision 172); then the search log by click.
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Airline pages' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Searches' }).click();
  await expect(page.getByRole('tab', { name: 'Searches' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'Search log, newest first' })).toBeVisible();
  await expectAxeClean(page);
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByRole('table', { name: 'Flight alerts, newest first' })).toBeVisible();
  await expectAxeClean(page);
});

test('a non-admin is turned away with Access Denied', async ({ page }) => {
  await signInWithToken(page, 'plain.member@example.com', password);
  await page.goto('/admin');
  await expect(page.getByRole('alert').filter({ hasText: 'Access Denied' })).toContainText('Admin privileges required.');
  await expect(page).toHaveURL(/\/$/);
});
