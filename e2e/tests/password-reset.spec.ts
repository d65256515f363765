import { waitForEmail, linkIn } from '../fixtures/outbox';
import { createAccount, expect, test } from '../fixtures/test';

test('forgot password → e-mail from the outbox → reset → log in with the new password', async ({ page, server }) => {
  const account = await createAccount(page, { firstName: 'Jamie' });
  const newPassword = 'Aisle-seat-83';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // The page is lazy-loaded: until it arrives the login form (with its own Email field) is still on screen.
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  const email = await waitForEmail(server.dataDir, account.email);
  const link = linkIn(email, '/reset-password');
  expect(link.searchParams.get('token')).toBeTruthy();

  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText(/Hi Jamie/)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('heading', { name: 'Password reset!' })).toBeVisible();

  await page.getByRole('link', { name: 'Sign in now' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /Jamie Traveller/ })).toBeVisible();

  // The link works once.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Invalid reset link' })).toBeVisible();
});

test('a reset link without a token says so', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('No reset token provided')).toBeVisible();
});
