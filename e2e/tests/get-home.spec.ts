import { GET_HOME_MESSAGES } from '@gowild/contract/get-home';
import { expectAxeClean } from '../fixtures/a11y';
import { createAccount, expect, signInWithToken, test } from '../fixtures/test';

/**
 * Get me home (docs/product/get-me-home.md): a premium traveller finds the ways home from an airport or from where the
 * browser says they are, soonest home first; a free user reads what it does and how to get it.
 */
const PREMIUM = { email: 'gethome.premium@example.com', password: 'Sky-high-47', firstName: 'Gus', lastName: 'Home', premium: true };
test.use({ seedUsers: { [PREMIUM.email]: PREMIUM } });

test('a premium traveller gets the ways home from an airport, soonest first, within the drive', async ({ page }) => {
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Get me home' }).click();
  await expect(page).toHaveURL(/\/get-home$/);
  await page.getByLabel('Airport you are at').selectOption('MCO');
  await page.getByRole('combobox', { name: /^Home/ }).selectOption('DEN');
  await page.getByLabel('Drive to another airport').selectOption('100');
  const answer = page.waitForResponse((r) => r.url().includes('/api/flights/home'));
  await page.getByTestId('get-home-button').click();
  const body = (await (await answer).json()) as {
    options: { arrival_utc: string; from: string }[];
    search_parameters: { nearby: { code: string }[] };
  };
  await expect(page.getByRole('heading', { name: /^Get me home to Denver/ })).toBeVisible();
  await expect(page.getByTestId('get-home-summary')).toContainText('TPA');
  const cards = page.getByTestId('home-option');
  await expect(cards).toHaveCount(body.options.length);
  expect(body.options.length).toBeGreaterThan(0);
  const arrivals = body.options.map((o) => o.arrival_utc);
  expect(arrivals).toEqual([...arrivals].sort());
  await expectAxeClean(page);
});

test.describe('from the browser location', () => {
  // Lakeland, Florida: between Orlando and Tampa.
  test.use({ geolocation: { latitude: 28.04, longitude: -81.95 }, permissions: ['geolocation'] });

  test('"Use my location" searches from the airports around the traveller', async ({ page }) => {
    await signInWithToken(page, PREMIUM.email, PREMIUM.password);
    await page.goto('/get-home');
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(page.getByRole('button', { name: '✓ Using my location' })).toBeVisible();
    await page.getByRole('combobox', { name: /^Home/ }).selectOption('CITY:NYC');
    await page.getByLabel('Drive to another airport').selectOption('60');
    const answer = page.waitForResponse((r) => r.url().includes('/api/flights/home'));
    await page.getByTestId('get-home-button').click();
    expect((await answer).url()).toContain('lat=28.04');
    await expect(page.getByRole('heading', { name: /^Get me home to New York/ })).toBeVisible();
    await expect(page.getByTestId('get-home-summary')).toContainText('MCO');
    await expect(page.getByTestId('get-home-summary')).toContainText('TPA');
  });
});

test('a free user reads what it does and is sent to the profile to upgrade', async ({ page }) => {
  const free = await createAccount(page);
  await signInWithToken(page, free.email, free.password);
  await page.goto('/get-home');
  await expect(page.getByRole('heading', { name: 'Premium Feature' })).toBeVisible();
  await expect(page.getByText(GET_HOME_MESSAGES.pitch)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Upgrade to Premium/ })).toHaveAttribute('href', '/profile');
  await expectAxeClean(page);
});
