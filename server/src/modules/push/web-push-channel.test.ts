import { Agent, setGlobalDispatcher } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock';
import { type FakeBrowserKeys, checkVapid, decryptPushBody, fakeBrowserKeys, startFakePushService } from '../../test/fake-push-service';
import type { AlertMessage } from '../alerts/alerts.module';
import type { PushRepository, PushSubscriptionRow } from './push.repository';
import { generateVapidPair } from './vapid-keys';
import { PUSH_TTL_SECONDS, createWebPushChannel, outcomeOf, pushTopic } from './web-push-channel';

/**
 * docs/product/alerts.md#web-push: a delivery is an RFC 8291 message a browser can decrypt with its own keys, signed
 * with the server's VAPID key, and the push service's answer becomes the outbox's outcome. The push service here is
 * local; it decrypts each message with the keys a fake browser made, as a real browser would.
 */
const vapid = { ...generateVapidPair(), subject: 'mailto:support@gowildfinder.app' };
const clock = manualClock(new Date('2026-07-15T16:00:00Z'));
const message: AlertMessage = {
  kind: 'match',
  title: 'Fare found: DEN → MCO on Thu, Jul 16, 2026 for $45.00',
  text: 'F9 1234 departs 6:05 AM, arrives 11:52 AM, nonstop.\nGoWild $45.00',
  url: 'http://localhost:3000/?origin=DEN&destination=MCO&date=2026-07-16',
};

let service: Awaited<ReturnType<typeof startFakePushService>>;
let browser: FakeBrowserKeys;
let rows: Map<string, PushSubscriptionRow>;

/** The repository's calls the channel makes, kept in a map. */
function memoryRepo(): PushRepository {
  return {
    listFor: async (userId) => [...rows.values()].filter((r) => r.userId === userId),
    find: async (id) => rows.get(id),
    delete: async (id) => void rows.delete(id),
    markDelivered: async (id, at) => void rows.set(id, { ...rows.get(id)!, lastSuccessAt: at, brokenReason: null }),
    markBroken: async (id, reason) => void rows.set(id, { ...rows.get(id)!, brokenReason: reason }),
  } as Partial<PushRepository> as PushRepository;
}

const channel = () => createWebPushChannel({ repo: memoryRepo(), vapid, clock, timeoutMs: 5000 });
const target = { channel: 'push' as const, id: 'sub-1', label: 'Chrome on Linux' };

beforeAll(async () => {
  service = await startFakePushService();
});
afterAll(() => service.close());
beforeEach(() => {
  service.received.length = 0;
  browser = fakeBrowserKeys();
  rows = new Map([
    [
      'sub-1',
      {
        id: 'sub-1',
        userId: 'user-1',
        endpoint: `${service.url}/push/browser-1`,
        p256dh: browser.keys.p256dh,
        auth: browser.keys.auth,
        label: 'Chrome on Linux',
        createdAt: new Date('2026-07-01T00:00:00Z'),
        lastSuccessAt: null,
        brokenReason: 'The push service answered 400',
      },
    ],
  ]);
});

describe('pushTopic', () => {
  it("is the delivery id without its dashes: 32 characters of RFC 8030's alphabet", () => {
    expect(pushTopic('0b7c5e0e-8f5a-4c1b-9a51-3f2d6c0a9e11')).toBe('0b7c5e0e8f5a4c1b9a513f2d6c0a9e11');
    expect(pushTopic('delivery-42')).toBe('delivery42');
  });
});

describe('the web push channel', () => {
  it("lists a user's subscribed browsers as its targets", async () => {
    expect(await channel().targetsFor('user-1')).toEqual([target]);
    expect(await channel().targetsFor('someone-else')).toEqual([]);
  });

  it('sends an aes128gcm message the browser decrypts to the title, text, link and delivery id', async () => {
    const outcome = await channel().deliver(target, message, 'delivery-42');
    expect(outcome).toEqual({ status: 'delivered' });
    expect(service.received).toHaveLength(1);
    const [push] = service.received as [(typeof service.received)[number]];
    expect(push.path).toBe('/push/browser-1');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers['ttl']).toBe(String(PUSH_TTL_SECONDS));
    expect(push.headers['urgency']).toBe('high');
    // A repeat of the delivery replaces it at the push service (RFC 8030 section 5.4).
    expect(push.headers['topic']).toBe('delivery42');
    expect(JSON.parse(decryptPushBody(push.body, browser))).toEqual({
      title: message.title,
      body: message.text,
      url: message.url,
      tag: 'delivery-42',
    });
  });

  it("delivers when the process's fetch runs on the npm undici's dispatcher, which refuses a Content-Length given by hand", async () => {
    // Node 20's fetch takes whatever global dispatcher is set, and importing undici 7 (the flights' HTTP client does)
    // sets its own when none is set yet. The channel then failed every delivery, depending on which module came first.
    const key = Symbol.for('undici.globalDispatcher.1');
    const before = (globalThis as Record<symbol, unknown>)[key];
    const agent = new Agent();
    setGlobalDispatcher(agent);
    try {
      expect(await channel().deliver(target, message, 'delivery-7')).toEqual({ status: 'delivered' });
      expect(service.received[0]?.headers['content-length']).toBe(String(service.received[0]?.body.length));
    } finally {
      (globalThis as Record<symbol, unknown>)[key] = before;
      await agent.close();
    }
  });

  it('signs with the VAPID key: the JWT verifies with the announced public key, for the push service origin', async () => {
    await channel().deliver(target, message, 'delivery-1');
    const claims = checkVapid(service.received[0]!.headers.authorization, {
      publicKey: vapid.publicKey,
      audience: service.url,
      nowSeconds: Math.floor(Date.now() / 1000),
    });
    expect(claims.sub).toBe('mailto:support@gowildfinder.app');
  });

  it('a message encrypted for one browser cannot be read with another browser keys', async () => {
    await channel().deliver(target, message, 'delivery-1');
    expect(() => decryptPushBody(service.received[0]!.body, fakeBrowserKeys())).toThrow();
  });

  it('a delivery the push service accepts is noted on the device and clears its broken mark', async () => {
    await channel().deliver(target, message, 'delivery-1');
    expect(rows.get('sub-1')).toMatchObject({ lastSuccessAt: clock.now(), brokenReason: null });
  });

  it('404 and 410 are gone, and forget deletes the subscription', async () => {
    for (const status of [404, 410]) {
      service.answerNext(status, {}, 'push subscription has unsubscribed or expired.');
      const ch = channel();
      const outcome = await ch.deliver(target, message, 'delivery-1');
      expect(outcome).toEqual({
        status: 'gone',
        reason: `The push service answered ${status}: push subscription has unsubscribed or expired.`,
      });
      await ch.forget!(target);
      expect(rows.has('sub-1')).toBe(false);
      expect(await ch.deliver(target, message, 'delivery-1')).toMatchObject({ status: 'gone' });
      rows.set('sub-1', { ...(await memoryRow()) });
    }
  });

  it('429 and 5xx are retried, after Retry-After when the push service gives one', async () => {
    service.answerNext(429, { 'retry-after': '120' });
    expect(await channel().deliver(target, message, 'd')).toEqual({
      status: 'retry',
      reason: 'The push service answered 429',
      retryAfterMs: 120_000,
    });
    service.answerNext(503);
    expect(await channel().deliver(target, message, 'd')).toEqual({ status: 'retry', reason: 'The push service answered 503' });
    expect(rows.get('sub-1')!.lastSuccessAt).toBeNull();
  });

  it('any other 4xx is permanent and marks the device broken with the reason', async () => {
    service.answerNext(403, {}, 'invalid JWT provided');
    const outcome = await channel().deliver(target, message, 'd');
    expect(outcome).toEqual({ status: 'permanent', reason: 'The push service answered 403: invalid JWT provided' });
    expect(rows.get('sub-1')!.brokenReason).toBe('The push service answered 403: invalid JWT provided');
  });

  it('a push service that cannot be reached is retried, and the reason never names the endpoint', async () => {
    rows.set('sub-1', { ...rows.get('sub-1')!, endpoint: 'http://127.0.0.1:1/push/secret-token' });
    const outcome = await channel().deliver(target, message, 'd');
    expect(outcome).toEqual({ status: 'retry', reason: 'The push service could not be reached' });
  });

  it('reads an HTTP-date Retry-After as the time left until then', () => {
    const now = new Date('2026-07-15T16:00:00Z');
    expect(outcomeOf(503, '', 'Wed, 15 Jul 2026 16:01:00 GMT', now)).toMatchObject({ retryAfterMs: 60_000 });
    expect(outcomeOf(201, '', null, now)).toEqual({ status: 'delivered' });
    expect(outcomeOf(413, 'too large', null, now)).toEqual({ status: 'permanent', reason: 'The push service answered 413: too large' });
  });
});

async function memoryRow(): Promise<PushSubscriptionRow> {
  return {
    id: 'sub-1',
    userId: 'user-1',
    endpoint: `${service.url}/push/browser-1`,
    p256dh: browser.keys.p256dh,
    auth: browser.keys.auth,
    label: 'Chrome on Linux',
    createdAt: new Date('2026-07-01T00:00:00Z'),
    lastSuccessAt: null,
    brokenReason: null,
  };
}
