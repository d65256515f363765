import { addDays } from '@gowild/contract/dates';
import { DIGEST_MESSAGES } from '@gowild/contract/digest';
import { localDate } from '@gowild/contract/local-time';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestDeliveries, digestSettings, discordWebhooks, observedAnswers, pushSubscriptions, telegramLinks } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { manualClock } from '../../lib/clock';
import { noJobs } from '../../test/alerts';
import { fakeDiscordWebhook, fakeTelegramApi } from '../../test/chat-fakes';
import { buildAccountsTestApp, signInAs } from '../../test/factories';
import { decryptPushBody, fakeBrowserKeys, startFakePushService } from '../../test/fake-push-service';

/**
 * docs/product/digest.md#on-each-channel: a premium traveller's digest on web push, Telegram and Discord through the
 * real channel adapters against the local fakes the alert channels are tested with: the shortened content, the link
 * that opens the search, the short "nothing new", and a chat service that fails and recovers gets the digest once.
 */
const TOKEN = '123456:digest-channels-token';
const clock = manualClock(new Date('2026-12-04T15:00:00Z'));
const TZ = 'America/Denver';

let app: FastifyInstance;
let deps: AppDeps;
let telegram: Awaited<ReturnType<typeof fakeTelegramApi>>;
let discord: Awaited<ReturnType<typeof fakeDiscordWebhook>>;
let push: Awaited<ReturnType<typeof startFakePushService>>;
beforeAll(async () => {
  telegram = await fakeTelegramApi(TOKEN);
  discord = await fakeDiscordWebhook();
  push = await startFakePushService();
  ({ app, deps } = await buildAccountsTestApp({
    env: {
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_BOT_USERNAME: 'GoWildTestBot',
      TELEGRAM_API_BASE: telegram.base,
      DISCORD_WEBHOOK_HOSTS: 'discord.com,localhost',
      DISCORD_TEST_ALLOW_HOSTS: `127.0.0.1:${discord.port}`,
      PUSH_TEST_HOSTS: push.host,
    },
    deps: { clock, jobs: noJobs },
  }));
}, 120_000);
afterAll(async () => {
  await app.close();
  await telegram.close();
  await discord.close();
  await push.close();
});

/** A premium traveller with a Telegram chat, a Discord webhook and a browser subscribed to push, opted in to all three. */
async function chatTraveller(chatId: string, origins: string[]) {
  const me = await signInAs(app, deps, 'premium');
  const userId = me.user!.id;
  const browser = fakeBrowserKeys();
  await deps.database.db.insert(telegramLinks).values({ userId, chatId, label: `@t${chatId}` });
  const hookId = `9${chatId.padStart(17, '0')}`;
  await deps.database.db.insert(discordWebhooks).values({ userId, url: discord.url(hookId), label: 'webhook ••••abcd' });
  await deps.database.db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: `${push.url}/push/${chatId}`, ...browser.keys, label: 'Chrome on Linux' });
  const res = await app.inject({
    method: 'PUT',
    url: '/api/digest',
    headers: me.headers,
    payload: {
      enabled: true,
      origins,
      channels: ['push', 'telegram', 'discord'],
      frequency: 'daily',
      weekday: 1,
      local_hour: 8,
      time_zone: TZ,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  await deps.database.db
    .update(digestSettings)
    .set({ nextDueAt: new Date(clock.now().getTime() - 60_000) })
    .where(eq(digestSettings.userId, userId));
  return { me, userId, browser, chatId, hookId };
}

const telegramTo = (chatId: string) =>
  telegram.received
    .filter((r) => r.path.endsWith('/sendMessage') && r.body.chat_id === chatId)
    .map((r) => ({ body: { text: String(r.body.text) }, answered: r.answered }));
const discordTo = (hookId: string) => discord.received.filter((r) => r.path.includes(`/api/webhooks/${hookId}/`));
const pushesTo = (chatId: string) => push.received.filter((r) => r.path === `/push/${chatId}`);

async function observe(destination: string, date: string, cents: number, seats: number) {
  const now = clock.now();
  await deps.database.db.insert(observedAnswers).values({
    origin: 'DEN',
    destination,
    travelDate: date,
    checkedAt: now,
    changedAt: now,
    answerHash: `DEN${destination}${date}${cents}`,
    flights: [],
    flightCount: 1,
    goWildOffered: true,
    lowestGoWildCents: cents,
    lowestFareCents: 9900,
    goWildSeats: seats,
  });
}

describe('the digest on web push, Telegram and Discord', () => {
  it('sends the shortened digest with the link that opens the search on each, once', async () => {
    const tomorrow = addDays(localDate(clock.now(), TZ), 1);
    const [a, b] = deps.reference.destinationsFrom('DEN').slice(0, 2) as [string, string];
    await observe(a, tomorrow, 1900, 2);
    await observe(b, tomorrow, 2900, 9);
    const t = await chatTraveller('7101', ['DEN']);

    expect(await deps.digest.run()).toMatchObject({ planned: 1, queued: 3, sent: 3, failed: 0 });
    const searchLink = `/?origin=DEN&date=${tomorrow}`;
    // Telegram: the title, then the short lines (the top three with fares), and the search link.
    const [tg] = telegramTo(t.chatId);
    expect(tg!.body.text).toMatch(/^Daily GoWild digest: DEN · /);
    expect(tg!.body.text).toContain(`DEN tomorrow: ${b} $29, ${a} $19`);
    expect(tg!.body.text).toContain(`Open the search: http://`);
    expect(tg!.body.text.trimEnd().endsWith(searchLink)).toBe(true);
    // The short form, not the e-mail's: no greeting, no footer.
    expect(tg!.body.text).not.toContain('Hi ');
    expect(tg!.body.text).not.toContain('Unsubscribe');
    // Discord: the title, an embed whose link opens the search.
    const [dc] = discordTo(t.hookId);
    const embed = (dc!.body as { embeds: { title: string; description: string; url: string }[] }).embeds[0]!;
    expect(embed.title).toMatch(/^Daily GoWild digest: DEN/);
    expect(embed.description).toContain(`DEN tomorrow: ${b} $29, ${a} $19`);
    expect(embed.url).toContain(searchLink);
    // Web push: the browser shows the title and the short lines; a click opens the search.
    const [p] = pushesTo(t.chatId);
    const payload = JSON.parse(decryptPushBody(p!.body, t.browser)) as { title: string; body: string; url: string; tag: string };
    expect(payload.title).toMatch(/^Daily GoWild digest: DEN/);
    expect(payload.body).toContain(`DEN tomorrow: ${b} $29, ${a} $19`);
    expect(payload.url).toContain(searchLink);

    // Another run in the period sends nothing more on any channel.
    expect(await deps.digest.run()).toMatchObject({ sent: 0 });
    expect([telegramTo(t.chatId).length, discordTo(t.hookId).length, pushesTo(t.chatId).length]).toEqual([1, 1, 1]);
  });

  it('says "nothing new" in one short line on each chat channel, never an empty message', async () => {
    const t = await chatTraveller('7102', ['MCO']);
    expect(await deps.digest.run()).toMatchObject({ planned: 1, nothingNew: 1, sent: 3 });
    const line = `${DIGEST_MESSAGES.nothingNew} (MCO)`;
    const [title, body, link] = telegramTo(t.chatId)[0]!.body.text.split('\n\n');
    expect([title, body]).toEqual(['GoWild digest: nothing new from MCO', line]);
    expect(link).toMatch(/^Open the search: http:\/\/\S+\/\?origin=MCO&date=\d{4}-\d{2}-\d{2}$/);
    expect((discordTo(t.hookId)[0]!.body as { embeds: { description: string }[] }).embeds[0]!.description).toBe(line);
    const payload = JSON.parse(decryptPushBody(pushesTo(t.chatId)[0]!.body, t.browser)) as { title: string; body: string };
    expect(payload).toMatchObject({ title: 'GoWild digest: nothing new from MCO', body: line });
  });

  it('a chat service that fails gets the digest once it recovers, and never twice', async () => {
    const t = await chatTraveller('7103', ['MCO']);
    // Telegram and Discord are down for the first two tries (a 502, then a 429 that says when to come back).
    telegram.script({ status: 502, body: { ok: false, error_code: 502, description: 'Bad Gateway' } });
    telegram.script({
      status: 429,
      body: { ok: false, error_code: 429, description: 'Too Many Requests', parameters: { retry_after: 40 } },
    });
    discord.script({ status: 502 }, { status: 503 });
    expect(await deps.digest.run()).toMatchObject({ planned: 1, sent: 1, retrying: 2 });
    clock.advance(31_000);
    expect(await deps.digest.run()).toMatchObject({ sent: 0, retrying: 2 });
    // Telegram asked for 40 s: Discord's 1 minute comes first, then Telegram's.
    clock.advance(61_000);
    expect(await deps.digest.run()).toMatchObject({ sent: 2, retrying: 0 });
    clock.advance(3_600_000);
    expect(await deps.digest.run()).toMatchObject({ sent: 0, retrying: 0, failed: 0 });

    const ok = (r: { answered: number | 'hang' }) => typeof r.answered === 'number' && r.answered < 300;
    expect(telegramTo(t.chatId).map((r) => r.answered)).toEqual([502, 429, 200]);
    expect(discordTo(t.hookId).filter(ok)).toHaveLength(1);
    expect(discordTo(t.hookId)).toHaveLength(3);
    expect(pushesTo(t.chatId)).toHaveLength(1);
    const rows = await deps.database.db.select().from(digestDeliveries).where(eq(digestDeliveries.userId, t.userId));
    expect(rows.map((r) => [r.channel, r.attempts, r.deliveredAt !== null]).sort()).toEqual([
      ['discord', 3, true],
      ['push', 1, true],
      ['telegram', 3, true],
    ]);
  });
});
