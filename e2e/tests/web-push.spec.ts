import { type Page } from '@playwright/test';
import { PUSH_MESSAGES } from '../../contract/src/push';
import { checkVapid, decryptPushBody, fakeBrowserKeys, startFakePushService } from '../../server/src/test/fake-push-service';
import { expect, signInWithToken, test } from '../fixtures/test';
import { localDate, PUSH_TO_THIS_MACHINE } from './search-support';

/**
 * Web push end to end (docs/product/alerts.md#web-push; decisions 210-214): /notifications subscribes this browser
 * with the server's key; the server's channel encrypts a message to the subscription and posts it to the push
 * service; the service worker shows it as a notification whose link opens the results.
 *
 * Headless Chromium refuses a real subscription (pushManager.subscribe rejects with "AbortError: Registration failed -
 * permission denied", notifications permission granted or not; its push service is Google's, out of reach here anyway),
 * so the page's PushManager hands out a subscription whose endpoint is a local push service (this test's) and whose
 * keys this test made, as a browser makes them. That push service decrypts what the server sent with those keys and
 * hands the plain message to the real service worker with the DevTools protocol (ServiceWorker.deliverPushMessage),
 * as a browser does once it has decrypted a push.
 */
const PREMIUM = { email: 'push.premium@example.com', password: 'Sky-high-47', firstName: 'Push', lastName: 'Ready', premium: true };
test.use({
  serviceWorkers: 'allow',
  seedUsers: { [PREMIUM.email]: PREMIUM },
  // Any port of the local push service this spec starts.
  serverEnv: PUSH_TO_THIS_MACHINE,
});

let service: Awaited<ReturnType<typeof startFakePushService>>;
test.beforeAll(async () => {
  service = await startFakePushService();
});
test.afterAll(async () => {
  await service?.close();
});

/** The page's PushManager, standing in for a browser's own push service registration (see above). */
async function stubPushManager(page: Page, endpoint: string, keys: { p256dh: string; auth: string }) {
  await page.addInitScript(
    ({ endpoint, keys }) => {
      // Kept across page loads, as a browser keeps its subscription.
      const KEY = 'e2e-push-subscription';
      const make = (key: number[]) => ({
        endpoint,
        expirationTime: null,
        options: { applicationServerKey: new Uint8Array(key).buffer, userVisibleOnly: true },
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        getKey: () => null,
        unsubscribe: async () => {
          window.localStorage.removeItem(KEY);
          return true;
        },
      });
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey;
        const bytes =
          key instanceof ArrayBuffer
            ? new Uint8Array(key)
            : key && typeof key !== 'string'
              ? new Uint8Array(key.buffer as ArrayBuffer)
              : new Uint8Array();
        window.localStorage.setItem(KEY, JSON.stringify([...bytes]));
        return make([...bytes]) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        const stored = window.localStorage.getItem(KEY);
        return stored ? (make(JSON.parse(stored) as number[]) as unknown as PushSubscription) : null;
      };
    },
    { endpoint, keys },
  );
}

async function controlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      icon: n.icon,
      tag: n.tag,
      data: n.data as { url: string },
    })),
  );

test('subscribe on /notifications, receive the server’s push in the service worker, see the notification; its link opens the results', async ({
  page,
  context,
  baseURL,
}) => {
  const browser = fakeBrowserKeys();
  const endpoint = `${service.url}/push/e2e-device`;
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await stubPushManager(page, endpoint, browser.keys);
  await signInWithToken(page, PREMIUM.email, PREMIUM.password);
  await page.goto('/notifications');
  await controlled(page);

  // Turning it on: subscribed with the server's key, saved on the server, listed as this device.
  const control = page.getByRole('region', { name: PUSH_MESSAGES.controlTitle });
  await control.getByRole('button', { name: PUSH_MESSAGES.turnOn }).click();
  await expect(control.getByTestId('push-state')).toHaveText(PUSH_MESSAGES.on);
  await expect(control.getByText('(this device)')).toBeVisible();
  const publicKey = ((await (await page.request.get('/api/push/public-key')).json()) as { public_key: string }).public_key;

  // The server's channel: a test notification, encrypted to this browser's keys and signed with the VAPID key.
  service.received.length = 0;
  await control.getByRole('button', { name: PUSH_MESSAGES.sendTest }).click();
  await expect(control.getByText(new RegExp(`^${PUSH_MESSAGES.testSent}: Chrome on \\w+: accepted$`))).toBeVisible();
  expect(service.received).toHaveLength(1);
  const push = service.received[0]!;
  expect(push.path).toBe('/push/e2e-device');
  expect(push.headers.urgency).toBe('high');
  checkVapid(push.headers.authorization, { publicKey, audience: service.url, nowSeconds: Math.floor(Date.now() / 1000) });
  const plain = decryptPushBody(push.body, browser);
  expect(JSON.parse(plain)).toMatchObject({ title: PUSH_MESSAGES.testTitle, body: PUSH_MESSAGES.testBody });

  // The push service hands it to the browser's service worker, which shows it.
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const deliver = async (data: string) =>
    cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId: await registrationId, data });
  await deliver(plain);
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([
      expect.objectContaining({
        title: PUSH_MESSAGES.testTitle,
        body: PUSH_MESSAGES.testBody,
        icon: `${baseURL}/icon-192.png`,
        data: { url: `${baseURL}/notifications` },
      }),
    ]);

  // A fare alert: the notification's link is the results for that route and date, on this site.
  const date = localDate(2);
  const alert = {
    title: `Fare found: DEN → MCO on ${date} for $45.00`,
    body: 'GoWild $45.00',
    url: `http://localhost:1/?origin=DEN&destination=MCO&date=${date}`,
    tag: 'delivery-9',
  };
  await deliver(JSON.stringify(alert));
  await expect
    .poll(async () => (await shownNotifications(page)).find((n) => n.tag === 'delivery-9')?.data.url)
    .toBe(`${baseURL}/?origin=DEN&destination=MCO&date=${date}`);
  // The same delivery again (a retry) replaces the notification rather than showing a second one.
  await deliver(JSON.stringify(alert));
  await expect.poll(async () => (await shownNotifications(page)).filter((n) => n.tag === 'delivery-9').length).toBe(1);
  const link = (await shownNotifications(page)).find((n) => n.tag === 'delivery-9')!.data.url;
  await page.goto(link);
  await expect(page.getByTestId('destination-card').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('destination-card').first()).toContainText('MCO');

  // Turning it off: the server forgets this browser.
  await page.goto('/notifications');
  const again = page.getByRole('region', { name: PUSH_MESSAGES.controlTitle });
  await again.getByRole('button', { name: PUSH_MESSAGES.turnOff }).click();
  await expect(again.getByTestId('push-state')).toHaveText(PUSH_MESSAGES.off);
  const token = await page.evaluate(() => window.localStorage.getItem('auth-token'));
  const devices = async () =>
    (
      (await (await page.request.get('/api/push/subscriptions', { headers: { authorization: `Bearer ${token}` } })).json()) as {
        devices: unknown[];
      }
    ).devices;
  expect(await devices()).toEqual([]);

  // Logging out turns push off on this device, so the next person on it gets none of these alerts.
  await again.getByRole('button', { name: PUSH_MESSAGES.turnOn }).click();
  await expect(again.getByTestId('push-state')).toHaveText(PUSH_MESSAGES.on);
  expect(await devices()).toHaveLength(1);
  await page
    .getByRole('button', { name: /account|menu|Push/i })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect
    .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) === null))
    .toBe(true);
});
