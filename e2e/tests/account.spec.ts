import { expect, test, uniqueEmail } from '../fixtures/test';

test('register → welcome modal → log out → log in → edit profile', async ({ page }) => {
  const email = uniqueEmail('newcomer');
  const password = 'Window-seat-29';

  await page.goto('/register');
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Wright');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone (optional)').fill('5551234567');
  await expect(page.getByLabel('Phone (optional)')).toHaveValue('(555) 123-4567');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();

  const welcome = page.getByRole('dialog', { name: /Welcome to GoWild Finder, Robin/ });
  await expect(welcome).toBeVisible();
  await expect(welcome).toContainText('3 free searches per day');
  await welcome.getByRole('button', { name: 'Start Searching Flights' }).click();
  await expect(welcome).toBeHidden();
  await expect(page).toHaveURL(/\/$/);

  // Log out from the avatar menu.
  await page.getByRole('button', { name: /Robin Wright/ }).click();
  await expect(page.getByRole('menu')).toContainText('Free plan');
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('auth-token'))).toBeNull();

  // Log in again.
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog')).toBeHidden();

  // Edit the profile.
  await page.getByRole('button', { name: /Robin Wright/ }).click();
  await page.getByRole('menuitem', { name: 'Manage Subscription' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-email')).toContainText(email);
  await expect(page.getByTestId('profile-phone_number')).toHaveText('(555) 123-4567');
  await page.getByRole('button', { name: 'Edit first name' }).click();
  await page.getByLabel('First name').fill('Roberta');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('First name updated successfully!')).toBeVisible();
  await expect(page.getByTestId('profile-first_name')).toHaveText('Roberta');
  await expect(page.getByRole('button', { name: /Roberta Wright/ })).toBeVisible();

  // The change is stored on the server.
  await page.reload();
  await expect(page.getByTestId('profile-first_name')).toHaveText('Roberta');
});
