import { expect, signInWithToken, test } from '../fixtures/test';
import { dismissWhatsNew, localDate } from './search-support';

// Decision 331: the built page names none of the app's scripts, so the browser's preload scanner cannot fill the six
// HTTP/1.1 connections before a results link's search is asked; the boot script starts the app, on a link once the
// search's answer has begun.
const PREMIUM = { email: 'boot.loader@example.com', password: 'Sky-high-47', firstName: 'Bo', lastName: 'Loader', premium: true };
test.use({ seedUsers: { [PREMIUM.email]: PREMIUM } });

test('the page names no app script; on a link the search leaves before any of them, and each is asked once', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  expect(html).not.toMatch(/<script[^>]*type="module"/);
  expect(html).not.toMatch(/<link[^>]*rel="?modulepreload/);

  await dismissWhatsNew(page);
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.goto(`/?origin=DEN&date=${localDate(1)}&screen=departure_flights`);
  await expect(page.getByTestId('destination-card').first()).toBeVisible();

  const isScript = (p: string) => p.startsWith('/assets/') && p.endsWith('.js');
  const scripts = asked.filter(isScript);
  const search = asked.indexOf('/api/flights/search/stream');
  expect(search).toBeGreaterThanOrEqual(0);
  expect(asked.findIndex(isScript)).toBeGreaterThan(search);
  expect(scripts.length).toBeGreaterThan(10);
  expect(new Set(scripts).size).toBe(scripts.length);
});
