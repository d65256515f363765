import { z } from 'zod';

/**
 * Web push (docs/product/alerts.md#web-push): the texts both sides show, the browser's subscription as the server takes
 * it, a subscribed device as /notifications lists it, and the payload the service worker receives.
 */

export const PUSH_MESSAGES = {
  loginRequired: 'Please log in to manage push notifications',
  premiumRequired: 'Push notifications are a premium feature. Please upgrade your account to access this feature.',
  endpointInvalid: 'The push subscription must have an https address',
  endpointNotAllowed: 'This browser uses a push service the server does not send to',
  keysInvalid: 'The push subscription keys are not valid',
  notFound: 'Device not found',
  subscribed: 'Push notifications are on for this device',
  unsubscribed: 'Push notifications are off for this device',
  // The control on /notifications.
  controlTitle: 'Push notifications on this device',
  controlHelp: 'Your alerts appear on this device even when GoWild Finder is closed. A click opens the results.',
  unsupported: 'This browser does not support push notifications.',
  denied: 'Notifications are blocked for this site. Allow them in your browser settings, then come back.',
  on: 'On for this device',
  off: 'Off for this device',
  turnOn: 'Turn on',
  turnOff: 'Turn off',
  turnOnFailed: 'Could not turn on push notifications. Please try again.',
  turnOffFailed: 'Could not turn off push notifications. Please try again.',
  devicesTitle: 'Your devices',
  remove: 'Remove',
  sendTest: 'Send a test notification',
  testSent: 'Test notification sent',
  testTitle: 'Test notification from GoWild Finder',
  testBody: 'Push notifications work on this device. Your flight alerts will appear like this.',
  noDevices: 'Turn on push notifications on a device first',
  tooManyTests: 'Too many test notifications. Please wait a minute and try again.',
  thisDevice: 'this device',
} as const;

/** A browser's PushSubscription.toJSON(): the push service's address and the keys to encrypt for it (RFC 8291). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().min(1).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // An uncompressed P-256 point (65 bytes) and a 16-byte secret, in URL-safe base64 (padding tolerated).
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{87}={0,1}$/, PUSH_MESSAGES.keysInvalid),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, PUSH_MESSAGES.keysInvalid),
  }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: z.string().min(1).max(2048) });

export const pushPublicKeyResponseSchema = z.object({ public_key: z.string() });

/** One subscribed browser, as /notifications lists it. */
export const pushDeviceSchema = z.object({
  id: z.string(),
  /** From the browser's user agent: "Chrome on Android". */
  label: z.string(),
  created_at: z.string(),
  last_success_at: z.string().nullable(),
  /** Why the last delivery failed for good, when it did. */
  broken_reason: z.string().nullable(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const pushDevicesResponseSchema = z.object({ devices: z.array(pushDeviceSchema) });
export const pushSubscribedResponseSchema = z.object({ device: pushDeviceSchema, message: z.string() });
export const pushMessageResponseSchema = z.object({ message: z.string() });

/** One device's answer to a test notification. */
export const pushTestResultSchema = z.object({
  id: z.string(),
  label: z.string(),
  status: z.enum(['delivered', 'retry', 'permanent', 'gone']),
  reason: z.string().nullable(),
});
export const pushTestResponseSchema = z.object({ results: z.array(pushTestResultSchema), message: z.string() });

/** What the server sends and the service worker shows (kept small: a push message carries at most about 4 KB). */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The results for that route and date, on the app's address. */
  url: z.string(),
  /** The delivery's id: a repeat of the same delivery replaces the notification instead of showing it twice. */
  tag: z.string().optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
