import type { PushSubscriptionJson } from '@gowild/contract/push';

/**
 * This browser's side of web push (docs/product/alerts.md#web-push): whether it can, whether the traveller allowed it,
 * and its subscription with the app's service worker.
 */
export type PushState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

/** What the page needs of the browser, so tests can give their own. */
export interface PushBrowser {
  supported: boolean;
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  /** The app's service worker registration; null when none is registered (yet). */
  registration(): Promise<ServiceWorkerRegistration | null>;
}

export function realPushBrowser(): PushBrowser {
  const supported = typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  return {
    supported,
    permission: () => Notification.permission,
    requestPermission: () => Notification.requestPermission(),
    registration: async () => (await navigator.serviceWorker.getRegistration()) ?? null,
  };
}

/** The state the control shows, from the browser alone. */
export async function readPushState(browser: PushBrowser): Promise<{ state: PushState; subscription: PushSubscription | null }> {
  if (!browser.supported) return { state: 'unsupported', subscription: null };
  if (browser.permission() === 'denied') return { state: 'denied', subscription: null };
  const registration = await browser.registration();
  if (!registration) return { state: 'unsupported', subscription: null };
  const subscription = await registration.pushManager.getSubscription();
  return { state: subscription ? 'on' : 'off', subscription };
}

/**
 * Subscribes this browser with the server's key: asks for permission first (the browser's own prompt), and replaces a
 * subscription made with another key (the server's keys were changed). Null when permission was refused.
 */
export async function subscribeBrowser(browser: PushBrowser, publicKey: string): Promise<PushSubscription | null> {
  const permission = browser.permission() === 'granted' ? 'granted' : await browser.requestPermission();
  if (permission !== 'granted') return null;
  const registration = await browser.registration();
  if (!registration) throw new Error('no service worker');
  const key = base64UrlToBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing) {
    const current = existing.options.applicationServerKey;
    if (current && sameBytes(new Uint8Array(current), key)) return existing;
    await existing.unsubscribe();
  }
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** The subscription as the server takes it. */
export function subscriptionJson(subscription: PushSubscription): PushSubscriptionJson {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
