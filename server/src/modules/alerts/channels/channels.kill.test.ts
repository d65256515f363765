import { addDays } from '@gowild/contract/dates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertDeliveries,
  alertDeliveryAttempts,
  discordWebhooks,
  notifications,
  pushSubscriptions,
  telegramLinks,
} from '../../../db/schema';
import { disposeAppDeps } from '../../../deps';
import { manualClock } from '../../../lib/clock';
import { fakeDiscordWebhook, fakeTelegramApi } from '../../../test/chat-fakes';
import { decryptPushBody, fakeBrowserKeys, startFakePushService } from '../../../test/fake-push-service';
import { generateVapidPair } from '../../push/push.module';
import { createUser } from '../../../test/factories';
import { killHarness } from '../../../test/kill-harness';
import { INTERRUPTED_REASONS } from '../alert-outbox';

/**
 * A worker killed (SIGKILL) while it was delivering an alert's match on e-mail, Telegram, Discord and web push at once,
 * on the local PostgreSQL: the mail server, the fake Telegram API, the fake Discord webhook and the fake push service
 * all hold the request unanswered when the process dies. After the restart the Telegram API, the webhook and the push
 * service refuse the first tries (5xx, then 429). Exactly one message per channel is accepted, and the history shows
 * the retries.
 */
const NOW = '2026-07-15T16:00:00Z';
const TOKEN = '987654:kill-test-token-secret';

describe.skipIf(!process.env.TEST_DATABASE_URL)('a worker killed mid-delivery on every channel', () => {
  const harness = killHarness<'mid-send'>({
    databasePrefix: 'gw_chkill',
    child: 'alert-checker-child.ts',
    noMatch: 'the child found no match',
    now: NOW,
    fares: { standard: 50 },
  });
  let telegram: Awaited<ReturnType<typeof fakeTelegramApi>>;
  let discord: Awaited<ReturnType<typeof fakeDiscordWebhook>>;
  let push: Awaited<ReturnType<typeof startFakePushService>>;
  const browser = fakeBrowserKeys();
  let env: Record<string, string>;
  beforeAll(async () => {
    telegram = await fakeTelegramApi(TOKEN);
    discord = await fakeDiscordWebhook();
    push = await startFakePushService();
    // One VAPID pair for the worker that dies and the one after it, as several hosts would share it.
    const vapid = generateVapidPair();
    env = {
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      PUSH_TEST_HOSTS: push.host,
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_BOT_USERNAME: 'GoWildTestBot',
      TELEGRAM_API_BASE: telegram.base,
      DISCORD_TEST_ALLOW_HOSTS: `127.0.0.1:${discord.port}`,
    };
  }, 120_000);
  afterAll(async () => {
    await telegram?.close();
    await discord?.close();
    await push?.close();
  });

  it('delivers the match exactly once per channel after the restart, through refused first attempts', async () => {
    const user = await createUser({ database: harness.database, clock: manualClock(new Date(NOW)) }, { isPremium: true });
    const [tg] = await harness.database.db
      .insert(telegramLinks)
      .values({ userId: user.id, chatId: '4242', label: '@traveller' })
      .returning();
    const [hook] = await harness.database.db
      .insert(discordWebhooks)
      .values({ userId: user.id, url: discord.url(), label: 'webhook ••••abcd' })
      .returning();
    const [device] = await harness.database.db
      .insert(pushSubscriptions)
      .values({ userId: user.id, endpoint: `${push.url}/push/device-1`, ...browser.keys, label: 'Chrome on Linux' })
      .returning();
    const [alert] = await harness.database.db
      .insert(notifications)
      .values({
        userId: user.id,
        originAirport: 'DEN',
        destinationAirport: 'MCO',
        travelDates: [addDays('2026-07-15', 2)],
        maxPriceCents: 8000,
        channels: ['email', 'push', 'telegram', 'discord'],
      })
      .returning();

    // The first request on each chat service is never answered: the worker dies holding it.
    telegram.script('hang');
    discord.script('hang');
    push.hangNext();
    const worker = await harness.reach('mid-send', env);
    await telegram.waitFor((r) => r.path.endsWith('/sendMessage'));
    await discord.waitFor(() => true);
    await expect.poll(() => push.received.length, { timeout: 30_000 }).toBe(1);
    await worker.kill();

    const rows = await harness.database.db.select().from(alertDeliveries).where(eq(alertDeliveries.notificationId, alert!.id));
    const matches = rows.filter((r) => r.kind === 'match');
    expect(matches.map((r) => [r.channel, r.targetId, r.attempts, r.deliveredAt]).sort()).toEqual([
      ['discord', hook!.id, 1, null],
      ['email', user.id, 1, null],
      ['push', device!.id, 1, null],
      ['telegram', tg!.id, 1, null],
    ]);

    // After the restart: Telegram answers 502, then 429 (retry after 3 s), then takes it; Discord 500, then 429.
    telegram.script({ status: 502, body: { ok: false, error_code: 502, description: 'Bad Gateway' } });
    telegram.script({
      status: 429,
      body: { ok: false, error_code: 429, description: 'Too Many Requests: retry after 3', parameters: { retry_after: 3 } },
    });
    discord.script({ status: 500, body: { message: 'Internal Server Error' } });
    discord.script({ status: 429, body: { message: 'You are being rate limited.', retry_after: 1.5, global: false } });
    push.answerNext(503);
    push.answerNext(429, { 'retry-after': '2' });
    const { deps, email, clock } = await harness.restart(0, env);
    try {
      // The rows are the dead worker's until its heartbeat lapses (decision 247): then free, long before their lease
      // (DELIVERY_LEASE_MS) runs out on this clock, which has not moved.
      await expect.poll(() => deps.alertMailer.leftBehind(), { timeout: 30_000, interval: 500 }).toBe(true);
      let delivered = 0;
      for (let i = 0; i < 8; i++) {
        delivered += (await deps.alertMailer.drain()).sent;
        clock.advance(10 * 60_000);
      }
      expect(delivered).toBe(4);
      expect((await deps.alertChecker.run()).matches).toBe(0);
      expect(await deps.alertMailer.drain()).toMatchObject({ sent: 0, retrying: 0, failed: 0 });
    } finally {
      await disposeAppDeps(deps);
    }
    expect(email.sent.filter((m) => m.subject.startsWith('Fare found'))).toHaveLength(1);
    expect(telegram.delivered().filter((m) => String(m.text).startsWith('Fare found'))).toHaveLength(1);
    expect(discord.delivered().filter((m) => String(m.content).startsWith('Fare found'))).toHaveLength(1);
    // The push service saw the held request, two refused ones and the accepted one: each decrypts to the same match.
    expect(push.received).toHaveLength(4);
    const titles = push.received.map((r) => (JSON.parse(decryptPushBody(r.body, browser)) as { title: string }).title);
    expect(new Set(titles).size).toBe(1);
    expect(titles[0]).toMatch(/^Fare found/);

    const after = (await harness.database.db.select().from(alertDeliveries).where(eq(alertDeliveries.notificationId, alert!.id))).filter(
      (r) => r.kind === 'match',
    );
    const byChannel = Object.fromEntries(after.map((r) => [r.channel, r]));
    expect(byChannel.email).toMatchObject({ attempts: 2, lastError: null });
    expect(byChannel.telegram).toMatchObject({ attempts: 4 });
    expect(byChannel.discord).toMatchObject({ attempts: 4 });
    expect(byChannel.push).toMatchObject({ attempts: 4 });
    for (const r of after) expect(r.deliveredAt).not.toBeNull();
    const tgAttempts = await harness.database.db
      .select()
      .from(alertDeliveryAttempts)
      .where(eq(alertDeliveryAttempts.deliveryId, byChannel.telegram!.id));
    // The first attempt died with the request out: the history says it may have arrived (decision 248).
    expect(tgAttempts.map((a) => a.outcome).sort()).toEqual(['delivered', 'interrupted', 'retry', 'retry']);
    expect(tgAttempts.find((a) => a.outcome === 'interrupted')).toMatchObject({ attempt: 1, reason: INTERRUPTED_REASONS.sending });
    // The bot's token is in no stored reason.
    for (const a of tgAttempts) expect(a.reason ?? '').not.toContain(TOKEN);
    const [done] = await harness.database.db.select().from(notifications).where(eq(notifications.id, alert!.id));
    expect(done).toMatchObject({ isCompleted: true, notificationSent: true });
  }, 180_000);
});
