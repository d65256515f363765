import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestDeliveries, discordWebhooks, pushSubscriptions, telegramLinks } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { fakeDiscordWebhook, fakeTelegramApi } from '../../test/chat-fakes';
import { type Worker, fakeMailServer, startWorker, until } from '../../test/dead-worker';
import { createUser } from '../../test/factories';
import { fakeBrowserKeys, startFakePushService } from '../../test/fake-push-service';
import { ownPostgresDatabase } from '../../test/kill-harness';
import { generateVapidPair } from '../push/push.module';

/**
 * The digest's outbox across a dead worker (decision 287; `npm run test:pg`): two worker processes with the pg-boss
 * job runner and the digest's jobs on one PostgreSQL database. The one that takes the `digest.send` tick is sending a
 * traveller's digest on e-mail, Telegram, Discord and web push and other travellers' e-mail digests when it is killed
 * (SIGKILL) with every service holding its requests unanswered. The other must take over within 15 s, deliver every
 * digest, and repeat only the sends that were in flight, with the same Message-ID and push Topic. The figures are
 * printed for docs/benchmarks.md.
 */
const TOKEN = '987654:digest-kill-token';
const RESUME_WITHIN_MS = 15_000;
const GIVE_UP_MS = Number(process.env.DEAD_WORKER_GIVE_UP_MS ?? 60_000);
const EMAIL_TRAVELLERS = 25;

describe.skipIf(!process.env.TEST_DATABASE_URL)('the digest outbox, its worker killed mid-send', () => {
  const pg = ownPostgresDatabase('gw_digest_kill');
  let mail: Awaited<ReturnType<typeof fakeMailServer>>;
  let telegram: Awaited<ReturnType<typeof fakeTelegramApi>>;
  let discord: Awaited<ReturnType<typeof fakeDiscordWebhook>>;
  let push: Awaited<ReturnType<typeof startFakePushService>>;
  const browser = fakeBrowserKeys();
  let env: Record<string, string>;
  const workers: Worker[] = [];

  beforeAll(async () => {
    mail = await fakeMailServer();
    telegram = await fakeTelegramApi(TOKEN);
    discord = await fakeDiscordWebhook();
    push = await startFakePushService();
    const vapid = generateVapidPair();
    env = {
      DATABASE_URL: pg.url,
      CHILD_JOBS: 'digest',
      MAIL_URL: mail.url,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      PUSH_TEST_HOSTS: push.host,
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_BOT_USERNAME: 'GoWildTestBot',
      TELEGRAM_API_BASE: telegram.base,
      DISCORD_TEST_ALLOW_HOSTS: `127.0.0.1:${discord.port}`,
      LOG_LEVEL: 'silent',
    };
  }, 120_000);
  afterAll(async () => {
    for (const w of workers) w.proc.kill('SIGKILL');
    await Promise.all(workers.map((w) => w.exited));
    await mail?.close();
    await telegram?.close();
    await discord?.close();
    await push?.close();
  });

  /** A digest row as the planner writes it, due a minute ago (older first: `i` orders them). */
  function digestRow(userId: string, channel: string, targetId: string, label: string, i: number) {
    const now = Date.now();
    return {
      userId,
      period: 'daily:2026-11-28',
      channel,
      targetId,
      targetLabel: label,
      title: `Daily GoWild digest ${i}: DEN`,
      textBody: `Tomorrow from DEN: MCO $19 (${i})`,
      htmlBody: channel === 'email' ? `<p>Tomorrow from DEN: MCO $19 (${i})</p>` : null,
      url: 'http://localhost:3000/results?origin=DEN',
      nextAttemptAt: new Date(now - 60_000 + i),
      expiresAt: new Date(now + 24 * 3_600_000),
    };
  }

  it(
    'the survivor takes over within 15 s, every digest is delivered, and only the sends in flight come twice',
    async () => {
      const clock = manualClock(new Date());
      const premium = await createUser({ database: pg.database, clock }, { isPremium: true });
      const [tg] = await pg.database.db.insert(telegramLinks).values({ userId: premium.id, chatId: '4343', label: '@digest' }).returning();
      const [hook] = await pg.database.db
        .insert(discordWebhooks)
        .values({ userId: premium.id, url: discord.url(), label: 'webhook ••••dgst' })
        .returning();
      const [device] = await pg.database.db
        .insert(pushSubscriptions)
        .values({ userId: premium.id, endpoint: `${push.url}/push/digest-device`, ...browser.keys, label: 'Firefox on Linux' })
        .returning();
      const rows = [
        digestRow(premium.id, 'telegram', tg!.id, '@digest', 0),
        digestRow(premium.id, 'discord', hook!.id, 'webhook ••••dgst', 1),
        digestRow(premium.id, 'push', device!.id, 'Firefox on Linux', 2),
        digestRow(premium.id, 'email', premium.id, premium.email, 3),
      ];
      for (let i = 0; i < EMAIL_TRAVELLERS; i++) {
        const user = await createUser({ database: pg.database, clock }, { email: `digest-kill-${i}@example.com` });
        rows.push(digestRow(user.id, 'email', user.id, user.email, 4 + i));
      }
      const inserted = await pg.database.db.insert(digestDeliveries).values(rows).returning();
      const ids = inserted.map((r) => r.id);
      const byChannel = (channel: string) => inserted.find((r) => r.userId === premium.id && r.channel === channel)!;

      // Every service holds the sender's requests unanswered (a channel its slots do not reach first gets none).
      telegram.script('hang');
      discord.script('hang');
      push.hangNext();
      const pair = { A: startWorker('A', env), B: startWorker('B', env) };
      workers.push(pair.A, pair.B);
      await Promise.all([pair.A.waitFor('ready'), pair.B.waitFor('ready')]);
      pair.A.send('tick digest.send');

      // The sender has taken every row (its slots take ten at a time) and each slot's first send is with its service.
      const received = () =>
        mail.received.length +
        telegram.received.filter((r) => r.path.endsWith('/sendMessage')).length +
        discord.received.length +
        push.received.length;
      const state = async () => pg.database.db.select().from(digestDeliveries).where(inArray(digestDeliveries.id, ids));
      expect(
        await until(async () => {
          const now = await state();
          const sending = now.filter((r) => r.sendingAttempt !== null && r.sendingAttempt === r.attempts).length;
          return now.every((r) => r.lockedBy !== null) && sending > 0 && sending === received();
        }, 30_000),
        'a worker holds every digest and is mid-send',
      ).toBe(true);
      const held = await state();
      const holders = new Set(held.map((r) => r.lockedBy));
      expect(holders.size, 'one worker holds them all').toBe(1);
      const holderPid = Number(
        String([...holders][0])
          .split(':')
          .at(-2),
      );
      const deadName = pair.A.proc.pid === holderPid ? 'A' : 'B';
      const survivorName = deadName === 'A' ? 'B' : 'A';
      expect(pair[deadName].proc.pid).toBe(holderPid);
      const inFlight = new Set(held.filter((r) => r.sendingAttempt === r.attempts).map((r) => r.id));
      // From now on every service answers: a hold the dead sender did not reach is not the survivor's.
      mail.release();
      telegram.unscript();
      discord.unscript();
      push.unqueue();

      pair[deadName].proc.kill('SIGKILL');
      expect(await pair[deadName].exited).toBe('SIGKILL');
      const killedAt = Date.now();
      const delivered = async () => (await state()).filter((r) => r.deliveredAt !== null).length;
      const allDone = await until(async () => (await delivered()) === ids.length, GIVE_UP_MS, 200);
      const allMs = Date.now() - killedAt;
      const fromSurvivor = mail.received.filter((m) => m.worker === survivorName).map((m) => m.at);
      const resumeMs = fromSurvivor.length ? Math.min(...fromSurvivor) - killedAt : Number.POSITIVE_INFINITY;

      const mailById = new Map<string, number>();
      for (const m of mail.received) {
        const id = /^<digest\.([0-9a-f-]+)@/.exec(m.messageId)?.[1] ?? m.messageId;
        mailById.set(id, (mailById.get(id) ?? 0) + 1);
      }
      const tgSent = telegram.received.filter((r) => r.path.endsWith('/sendMessage'));
      const topics = push.received.map((r) => String(r.headers['topic'] ?? '(none)'));
      console.log(
        `digest dead-worker figures ${JSON.stringify({
          inFlightAtKill: inFlight.size,
          takeOverSeconds: Number.isFinite(resumeMs) ? +(resumeMs / 1000).toFixed(1) : 'none',
          allDeliveredSeconds: allDone ? +(allMs / 1000).toFixed(1) : `not within ${GIVE_UP_MS / 1000}`,
          delivered: `${await delivered()}/${ids.length}`,
          emailsReceived: mail.received.length,
          emailMessageIds: mailById.size,
          telegramReceived: tgSent.length,
          discordReceived: discord.received.length,
          pushReceived: push.received.length,
        })}`,
      );

      expect(allDone, 'every digest delivered').toBe(true);
      expect(resumeMs, 'the survivor sent within 15 s of the kill').toBeLessThanOrEqual(RESUME_WITHIN_MS);
      // Nothing lost, nothing repeated beyond the sends in flight: each in-flight e-mail twice with one Message-ID.
      const emails = inserted.filter((r) => r.channel === 'email');
      expect(mailById.size).toBe(emails.length);
      for (const r of emails) expect(mailById.get(r.id), `e-mail ${r.targetLabel}`).toBe(inFlight.has(r.id) ? 2 : 1);
      expect(tgSent).toHaveLength(inFlight.has(byChannel('telegram').id) ? 2 : 1);
      expect(discord.received).toHaveLength(inFlight.has(byChannel('discord').id) ? 2 : 1);
      expect(push.received).toHaveLength(inFlight.has(byChannel('push').id) ? 2 : 1);
      // A repeated push carries the first's Topic (and tag): the browser shows one notification.
      expect(new Set(topics).size).toBe(1);
      expect(topics[0]).not.toBe('(none)');
      const [premiumMail] = await pg.database.db
        .select()
        .from(digestDeliveries)
        .where(eq(digestDeliveries.id, byChannel('email').id));
      expect(premiumMail).toMatchObject({ failedAt: null });
    },
    GIVE_UP_MS + 180_000,
  );
});
