import { PUSH_MESSAGES } from '@gowild/contract/push';
import { eq } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { JobRunner } from '../../jobs/job-runner';
import { decryptPushBody, fakeBrowserKeys, startFakePushService } from '../../test/fake-push-service';
import { type SignedIn, buildAccountsTestApp, signInAs } from '../../test/factories';
import { VAPID_KEYS_FILE } from './vapid-keys';

/**
 * docs/product/alerts.md#web-push: the push API's rules on the server (who may subscribe, which addresses are taken,
 * whose devices one may remove) and the channel on the real table: a 410 from the push service removes the device.
 */
const noJobs: JobRunner = { start: async () => {}, stop: async () => {} };
const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let app: FastifyInstance;
let deps: AppDeps;
let dataDir: string;
let service: Awaited<ReturnType<typeof startFakePushService>>;
beforeAll(async () => {
  service = await startFakePushService();
  ({ app, deps, dataDir } = await buildAccountsTestApp({ deps: { jobs: noJobs }, env: { PUSH_TEST_HOSTS: service.host } }));
}, 120_000);
afterAll(async () => {
  await app.close();
  await service.close();
});

let endpoints = 0;
const newEndpoint = () => `${service.url}/push/device-${++endpoints}`;
const subscribe = (who: SignedIn, payload: unknown, ua = CHROME_UA) =>
  app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: { ...who.headers, 'user-agent': ua }, payload: payload as object });
const devices = (who: SignedIn) => app.inject({ method: 'GET', url: '/api/push/subscriptions', headers: who.headers });
const unsubscribe = (who: SignedIn, endpoint: string) =>
  app.inject({ method: 'DELETE', url: '/api/push/subscriptions', headers: who.headers, payload: { endpoint } });

describe('the public key', () => {
  it('is the pair generated into DATA_DIR on first start, served to anyone', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/push/public-key' });
    expect(res.statusCode).toBe(200);
    const stored = JSON.parse(await readFile(path.join(dataDir, VAPID_KEYS_FILE), 'utf8')) as { publicKey: string };
    expect(res.json()).toEqual({ public_key: stored.publicKey });
    expect(Buffer.from(stored.publicKey, 'base64url')).toHaveLength(65);
  });
});

describe('who may subscribe', () => {
  it('a visitor hears 401 and a free user 403 PREMIUM_REQUIRED, before the body is read', async () => {
    const visitor = await signInAs(app, deps, 'visitor');
    const free = await signInAs(app, deps, 'free');
    const body = fakeBrowserKeys().subscription(newEndpoint());
    for (const payload of [body, { nonsense: true }]) {
      expect((await subscribe(visitor, payload)).json()).toMatchObject({ error: PUSH_MESSAGES.loginRequired, code: 'UNAUTHORIZED' });
      const refused = await subscribe(free, payload);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: PUSH_MESSAGES.premiumRequired, code: 'PREMIUM_REQUIRED' });
    }
    expect((await devices(visitor)).statusCode).toBe(401);
    expect((await devices(free)).json()).toEqual({ devices: [] });
  });

  it('a premium user subscribes; the device is listed with a label from the browser', async () => {
    const premium = await signInAs(app, deps, 'premium');
    const res = await subscribe(premium, fakeBrowserKeys().subscription(newEndpoint()));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: PUSH_MESSAGES.subscribed, device: { label: 'Chrome on Linux', broken_reason: null } });
    const listed = (await devices(premium)).json() as { devices: { id: string; label: string }[] };
    expect(listed.devices).toEqual([
      expect.objectContaining({ id: res.json().device.id, label: 'Chrome on Linux', last_success_at: null }),
    ]);
  });
});

describe('which subscriptions are taken', () => {
  it('refuses an http address, an unknown push service, bad keys, and takes the known push services', async () => {
    const premium = await signInAs(app, deps, 'premium');
    const keys = fakeBrowserKeys().keys;
    const cases: [string, object, number, string?][] = [
      ['http, not a test host', { endpoint: 'http://fcm.googleapis.com/fcm/send/abc', keys }, 400, PUSH_MESSAGES.endpointInvalid],
      ['not a URL', { endpoint: 'not a url', keys }, 400, PUSH_MESSAGES.endpointInvalid],
      ['a private address', { endpoint: 'https://10.0.0.5/push/abc', keys }, 400, PUSH_MESSAGES.endpointNotAllowed],
      ['an unknown host', { endpoint: 'https://evil.example.com/fcm/send/abc', keys }, 400, PUSH_MESSAGES.endpointNotAllowed],
      ['a look-alike', { endpoint: 'https://fcm.googleapis.com.evil.example/x', keys }, 400, PUSH_MESSAGES.endpointNotAllowed],
      ['another port', { endpoint: 'https://fcm.googleapis.com:8443/fcm/send/abc', keys }, 400, PUSH_MESSAGES.endpointNotAllowed],
      ['a short key', { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { ...keys, p256dh: 'abc' } }, 400],
      ['no keys', { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' }, 400],
      ['Chrome', { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys }, 201],
      ['Firefox', { endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/abc', keys }, 201],
      ['Safari', { endpoint: 'https://web.push.apple.com/QGx', keys }, 201],
    ];
    for (const [what, payload, status, error] of cases) {
      const res = await subscribe(premium, payload);
      expect(res.statusCode, what).toBe(status);
      if (error) expect(res.json().error, what).toBe(error);
    }
    expect(((await devices(premium)).json() as { devices: unknown[] }).devices).toHaveLength(3);
  });

  it('the same browser subscribing again under another account becomes that account’s, once', async () => {
    const first = await signInAs(app, deps, 'premium');
    const second = await signInAs(app, deps, 'premium');
    const body = fakeBrowserKeys().subscription(newEndpoint());
    expect((await subscribe(first, body)).statusCode).toBe(201);
    expect((await subscribe(second, body)).statusCode).toBe(201);
    expect((await devices(first)).json()).toEqual({ devices: [] });
    expect(((await devices(second)).json() as { devices: unknown[] }).devices).toHaveLength(1);
  });

  it('keeps at most 10 devices a user: the 11th replaces the oldest', async () => {
    const premium = await signInAs(app, deps, 'premium');
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) ids.push((await subscribe(premium, fakeBrowserKeys().subscription(newEndpoint()))).json().device.id);
    const listed = ((await devices(premium)).json() as { devices: { id: string }[] }).devices.map((d) => d.id);
    expect(listed).toHaveLength(10);
    expect(listed).not.toContain(ids[0]);
    expect(listed).toContain(ids[10]);
  });
});

describe('unsubscribing', () => {
  it('by endpoint or by id, only one’s own: anyone else’s is 404', async () => {
    const owner = await signInAs(app, deps, 'premium');
    const other = await signInAs(app, deps, 'free');
    const endpoint = newEndpoint();
    const id = (await subscribe(owner, fakeBrowserKeys().subscription(endpoint))).json().device.id as string;
    const second = (await subscribe(owner, fakeBrowserKeys().subscription(newEndpoint()))).json().device.id as string;
    expect((await unsubscribe(other, endpoint)).statusCode).toBe(404);
    const byIdOther = await app.inject({ method: 'DELETE', url: `/api/push/subscriptions/${id}`, headers: other.headers });
    expect(byIdOther.statusCode).toBe(404);
    expect(byIdOther.json().error).toBe(PUSH_MESSAGES.notFound);
    expect((await app.inject({ method: 'DELETE', url: '/api/push/subscriptions/not-an-id', headers: owner.headers })).statusCode).toBe(404);

    const off = await unsubscribe(owner, endpoint);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: PUSH_MESSAGES.unsubscribed });
    expect((await unsubscribe(owner, endpoint)).statusCode).toBe(404);
    // A free user (premium ended) may still switch a device off.
    await deps.database.db.update(users).set({ isPremium: false }).where(eq(users.id, owner.user!.id));
    expect((await app.inject({ method: 'DELETE', url: `/api/push/subscriptions/${second}`, headers: owner.headers })).statusCode).toBe(200);
    expect((await devices(owner)).json()).toEqual({ devices: [] });
  });
});

describe('the channel on the table', () => {
  it('delivers to the subscribed browser, notes the success, and a 410 removes the subscription', async () => {
    const premium = await signInAs(app, deps, 'premium');
    const browser = fakeBrowserKeys();
    await subscribe(premium, browser.subscription(newEndpoint()));
    const channel = deps.pushChannel;
    const [target] = await channel.targetsFor(premium.user!.id);
    expect(target).toMatchObject({ channel: 'push', label: 'Chrome on Linux' });
    const message = { kind: 'test' as const, title: 'Test alert', text: 'It works.', url: 'http://localhost:3000/notifications' };

    service.received.length = 0;
    expect(await channel.deliver(target!, message, 'delivery-1')).toEqual({ status: 'delivered' });
    expect(JSON.parse(decryptPushBody(service.received[0]!.body, browser))).toMatchObject({ title: 'Test alert', body: 'It works.' });
    const listed = ((await devices(premium)).json() as { devices: { last_success_at: string | null }[] }).devices;
    expect(listed[0]!.last_success_at).not.toBeNull();

    service.answerNext(410);
    const gone = await channel.deliver(target!, message, 'delivery-2');
    expect(gone.status).toBe('gone');
    await channel.forget!(target!);
    expect((await devices(premium)).json()).toEqual({ devices: [] });
    expect(await channel.targetsFor(premium.user!.id)).toEqual([]);
  });

  it('a permanent refusal shows on the device as broken, with the reason', async () => {
    const premium = await signInAs(app, deps, 'premium');
    await subscribe(premium, fakeBrowserKeys().subscription(newEndpoint()));
    const [target] = await deps.pushChannel.targetsFor(premium.user!.id);
    service.answerNext(400, {}, 'Bad payload');
    const outcome = await deps.pushChannel.deliver(target!, { kind: 'test', title: 'T', text: 'x', url: 'http://localhost:3000/' }, 'd');
    expect(outcome).toEqual({ status: 'permanent', reason: 'The push service answered 400: Bad payload' });
    expect((await devices(premium)).json().devices[0].broken_reason).toBe('The push service answered 400: Bad payload');
  });
});

describe('a test notification', () => {
  const sendTest = (who: SignedIn) => app.inject({ method: 'POST', url: '/api/push/test', headers: who.headers });

  it("reaches each of the user's devices, says what each push service answered, and drops a device that is gone", async () => {
    const premium = await signInAs(app, deps, 'premium');
    const kept = fakeBrowserKeys();
    const keptId = (await subscribe(premium, kept.subscription(newEndpoint()))).json().device.id as string;
    await subscribe(premium, fakeBrowserKeys().subscription(newEndpoint()));
    service.received.length = 0;
    service.answerNext(201);
    service.answerNext(410);
    const res = await sendTest(premium);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PUSH_MESSAGES.testSent);
    expect(res.json().results.map((r: { status: string }) => r.status)).toEqual(['delivered', 'gone']);
    expect(JSON.parse(decryptPushBody(service.received[0]!.body, kept))).toMatchObject({
      title: PUSH_MESSAGES.testTitle,
      body: PUSH_MESSAGES.testBody,
      url: `${deps.config.APP_URL}/notifications`,
    });
    expect(((await devices(premium)).json() as { devices: { id: string }[] }).devices.map((d) => d.id)).toEqual([keptId]);
  });

  it('needs premium and a device, and is limited to 5 a minute', async () => {
    expect((await sendTest(await signInAs(app, deps, 'free'))).statusCode).toBe(403);
    const premium = await signInAs(app, deps, 'premium');
    const none = await sendTest(premium);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe(PUSH_MESSAGES.noDevices);
    await subscribe(premium, fakeBrowserKeys().subscription(newEndpoint()));
    for (let i = 0; i < 4; i++) expect((await sendTest(premium)).statusCode).toBe(200);
    const limited = await sendTest(premium);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe(PUSH_MESSAGES.tooManyTests);
  });
});
