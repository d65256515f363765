import { expect, signInWithToken, test } from '../fixtures/test';

const password = 'Jet-stream-61';
test.use({
  seedUsers: {
    'premium.member@example.com': { password, firstName: 'Pat', lastName: 'Premium', premium: true },
    'site.admin@example.com': { password, firstName: 'Alex', lastName: 'Admin', admin: true },
    'free.member@example.com': { password, firstName: 'Fran', lastName: 'Free' },
  },
});

test('a free user gets the Premium Feature panel on /notifications and the alert in the menu', async ({ page }) => {
  await signInWithToken(page, 'free.member@example.com', password);
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Premium Feature' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Search' }).click();
  await expect(page).toHaveURL(/\/$/);

  let alertText = '';
  page.once('dialog', (dialog) => {
    alertText = dialog.message();
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: /Fran Free/ }).click();
  await page.getByRole('menuitem', { name: /Flight Notifications/ }).click();
  await expect.poll(() => alertText).toBe('Flight notifications are a premium feature. Upgrade your account to access this feature.');
  await expect(page).toHaveURL(/\/$/);
});

test('a free user is turned away from /admin with Access Denied', async ({ page }) => {
  await signInWithToken(page, 'free.member@example.com', password);
  await page.goto('/admin');
  await expect(page.getByRole('alert').filter({ hasText: 'Access Denied' })).toContainText('Admin privileges required.');
  await expect(page).toHaveURL(/\/$/);
});

test('a premium member reaches /notifications and sees "Premium plan"', async ({ page }) => {
  await signInWithToken(page, 'premium.member@example.com', password);
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Flight Notifications' })).toBeVisible();
  await page.getByRole('button', { name: /Pat Premium/ }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText('Premium plan');
  await expect(menu.getByRole('menuitem', { name: 'Upgrade plan' })).toHaveCount(0);
});

test('an admin reaches /admin from the avatar menu', async ({ page }) => {
  await signInWithToken(page, 'site.admin@example.com', password);
  await page.goto('/about');
  await page.getByRole('button', { name: /Alex Admin/ }).click();
  await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
});
