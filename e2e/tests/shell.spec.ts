import { expectAxeClean } from '../fixtures/a11y';
import { expect, test } from '../fixtures/test';

test.describe('app shell', () => {
  test('the home page loads with no console error', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The footer says which providers are demo ones (a fresh checkout runs every one in demo mode).
    await expect(page.getByTestId('demo-data-notice')).toContainText('flights');
  });

  test('a guarded page sends a visitor to /login', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  });

  test('premium-only and admin-only pages send a visitor to /login', async ({ page }) => {
    for (const path of ['/routes', '/notifications', '/admin']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test('an unknown page is a real 404 page', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('about, support and plans render their content', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'About GoWild Finder' })).toBeVisible();
    await page.goto('/support');
    await expect(page.getByRole('heading', { name: 'Need Help?' })).toBeVisible();
    await expect(page.getByTestId('support-email')).toHaveText(/@/);
    await page.getByRole('link', { name: 'Plans' }).first().click();
    await expect(page.getByRole('heading', { name: 'Simple plans for every traveller' })).toBeVisible();
  });

  for (const path of ['/about', '/plans', '/support', '/login', '/register', '/forgot-password']) {
    test(`${path} has no serious accessibility violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAxeClean(page);
    });
  }

  test('the mobile menu opens, lists the links and closes', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Plans' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sign up' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  });
});
