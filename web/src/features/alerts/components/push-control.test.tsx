import { PUSH_MESSAGES } from '@gowild/contract/push';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RecordedCall, buildUser, mockAnyApi, renderWithProviders, reply, resetTestState, signedInAs } from '@/test/test-utils';
import { type PushBrowser, base64UrlToBytes } from '../utils/browser-push';
import { PushControl } from './push-control';

configure({ asyncUtilTimeout: 5000 });

/** docs/product/alerts.md#web-push: the "Push notifications on this device" control, on a fake browser. */
const PUBLIC_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc';
const DEVICE = { id: 'd1', label: 'Chrome on Linux', created_at: '2026-11-20T10:00:00.000Z', last_success_at: null, broken_reason: null };

function fakeSubscription() {
  return {
    endpoint: ENDPOINT,
    options: { applicationServerKey: base64UrlToBytes(PUBLIC_KEY).buffer },
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } }),
    unsubscribe: vi.fn(async () => true),
  };
}

function fakeBrowser(
  opts: { supported?: boolean; permission?: NotificationPermission; answer?: NotificationPermission; subscribed?: boolean } = {},
) {
  let current: ReturnType<typeof fakeSubscription> | null = opts.subscribed ? fakeSubscription() : null;
  let permission = opts.permission ?? 'default';
  const subscribe = vi.fn(async (_options: PushSubscriptionOptionsInit) => {
    current = fakeSubscription();
    return current;
  });
  const registration = { pushManager: { getSubscription: async () => current, subscribe } } as unknown as ServiceWorkerRegistration;
  const browser: PushBrowser = {
    supported: opts.supported ?? true,
    permission: () => permission,
    requestPermission: vi.fn(async () => (permission = opts.answer ?? 'granted')),
    registration: async () => registration,
  };
  return { browser, subscribe, current: () => current };
}

function start(browser: PushBrowser, handlers: Record<string, (c: RecordedCall) => unknown> = {}) {
  const devices = [] as (typeof DEVICE)[];
  const api = mockAnyApi({
    ...(signedInAs(buildUser({ is_premium: true })) as Record<string, (c: RecordedCall) => unknown>),
    'GET /api/push/public-key': () => ({ public_key: PUBLIC_KEY }),
    'GET /api/push/subscriptions': () => ({ devices }),
    'POST /api/push/subscriptions': () => {
      devices.splice(0, devices.length, DEVICE);
      return reply(201, { device: DEVICE, message: PUSH_MESSAGES.subscribed });
    },
    'DELETE /api/push/subscriptions': () => {
      devices.length = 0;
      return { message: PUSH_MESSAGES.unsubscribed };
    },
    ...handlers,
  });
  renderWithProviders(<PushControl browser={browser} />);
  return { api, user: userEvent.setup() };
}

describe('Push notifications on this device', { timeout: 20_000 }, () => {
  afterEach(() => resetTestState());

  it('says plainly when the browser cannot receive push, and offers no button', async () => {
    start(fakeBrowser({ supported: false }).browser);
    expect(await screen.findByText(PUSH_MESSAGES.unsupported)).toBeTruthy();
    expect(screen.queryByRole('button', { name: PUSH_MESSAGES.turnOn })).toBeNull();
  });

  it('says plainly when notifications are blocked for the site', async () => {
    start(fakeBrowser({ permission: 'denied' }).browser);
    expect(await screen.findByText(PUSH_MESSAGES.denied)).toBeTruthy();
    expect(screen.queryByRole('button', { name: PUSH_MESSAGES.turnOn })).toBeNull();
  });

  it("turns on: asks permission, subscribes with the server's key, saves the subscription and lists this device", async () => {
    const fake = fakeBrowser();
    const { api, user } = start(fake.browser);
    await user.click(await screen.findByRole('button', { name: PUSH_MESSAGES.turnOn }));
    await waitFor(() => expect(screen.getByTestId('push-state').textContent).toBe(PUSH_MESSAGES.on));
    expect(fake.browser.requestPermission).toHaveBeenCalledOnce();
    const options = fake.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect([...(options.applicationServerKey as Uint8Array)]).toEqual([...base64UrlToBytes(PUBLIC_KEY)]);
    expect(api.callsTo('POST /api/push/subscriptions')[0]!.body).toMatchObject({ endpoint: ENDPOINT, keys: { auth: 'a'.repeat(22) } });
    expect(await screen.findByText('(this device)')).toBeTruthy();
    expect(screen.getByText('Chrome on Linux')).toBeTruthy();
  });

  it('a refused permission leaves it off and says how to allow it', async () => {
    const fake = fakeBrowser({ answer: 'denied' });
    const { user } = start(fake.browser);
    await user.click(await screen.findByRole('button', { name: PUSH_MESSAGES.turnOn }));
    expect(await screen.findByText(PUSH_MESSAGES.denied)).toBeTruthy();
    expect(fake.subscribe).not.toHaveBeenCalled();
  });

  it("a subscription the server refuses is undone in the browser, with the server's text", async () => {
    const fake = fakeBrowser();
    const { user } = start(fake.browser, {
      'POST /api/push/subscriptions': () => reply(400, { error: PUSH_MESSAGES.endpointNotAllowed, code: 'BAD_REQUEST' }),
    });
    await user.click(await screen.findByRole('button', { name: PUSH_MESSAGES.turnOn }));
    expect(await screen.findByText(PUSH_MESSAGES.endpointNotAllowed)).toBeTruthy();
    expect(fake.current()!.unsubscribe).toHaveBeenCalledOnce();
  });

  it('turns off: the server forgets the endpoint and the browser unsubscribes', async () => {
    const fake = fakeBrowser({ permission: 'granted', subscribed: true });
    const sub = fake.current()!;
    const { api, user } = start(fake.browser);
    await user.click(await screen.findByRole('button', { name: PUSH_MESSAGES.turnOff }));
    await waitFor(() => expect(api.callsTo('DELETE /api/push/subscriptions')).toHaveLength(1));
    expect(api.callsTo('DELETE /api/push/subscriptions')[0]!.body).toEqual({ endpoint: ENDPOINT });
    await waitFor(() => expect(sub.unsubscribe).toHaveBeenCalledOnce());
  });
});
