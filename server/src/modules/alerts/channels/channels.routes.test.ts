import { addDays } from '@gowild/contract/dates';
import { CHANNEL_MESSAGES, alertChannelsResponseSchema } from '@gowild/contract/notifications';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../../deps';
import { manualClock } from '../../../lib/clock';
import { fakeDiscordWebhook, fakeTelegramApi } from '../../../test/chat-fakes';
import { noJobs } from '../../../test/alerts';
import { type SignedIn, buildAccountsTestApp, signInAs } from '../../../test/factories';
import { TELEGRAM_TEXTS } from './telegram';

/** docs/product/alerts.md#channels: linking Telegram, Discord webhooks and their rules, the channel choice of an alert. */
const NOW = new Date('2026-07-15T16:00:00Z');
const TOKEN = '123456:test-bot-token-never-logged';

describe('channels with the real adapters against local fakes', () => {
  const clock = manualClock(NOW);
  let app: FastifyInstance;
  let deps: AppDeps;
  let telegram: Awaited<ReturnType<typeof fakeTelegramApi>>;
  let discord: Awaited<ReturnType<typeof fakeDiscordWebhook>>;
  beforeAll(async () => {
    telegram = await fakeTelegramApi(TOKEN);
    discord = await fakeDiscordWebhook();
    ({ app, deps } = await buildAccountsTestApp({
      env: {
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_BOT_USERNAME: 'GoWildTestBot',
        TELEGRAM_API_BASE: telegram.base,
        DISCORD_WEBHOOK_HOSTS: 'discord.com,localhost',
        DISCORD_TEST_ALLOW_HOSTS: `127.0.0.1:${discord.port}`,
      },
      deps: { clock, jobs: noJobs },
    }));
  }, 120_000);
  afterAll(async () => {
    await deps.alertMailer.idle();
    await app.close();
    await telegram.close();
    await discord.close();
  });

  const status = async (who: SignedIn) => {
    const res = await app.inject({ method: 'GET', url: '/api/alert-channels', headers: who.headers });
    expect(res.statusCode).toBe(200);
    return alertChannelsResponseSchema.parse(res.json()).channels;
  };
  const putDiscord = (who: SignedIn, url: unknown) =>
    app.inject({ method: 'PUT', url: '/api/alert-channels/discord', headers: who.headers, payload: { url } as object });

  it('channels are premium: 401 for a visitor, 403 for a free user', async () => {
    const visitor = await signInAs(app, deps, 'visitor');
    const free = await signInAs(app, deps, 'free');
    expect((await app.inject({ method: 'GET', url: '/api/alert-channels' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/alert-channels/telegram/link', headers: visitor.headers })).statusCode).toBe(401);
    expect((await putDiscord(free, 'https://discord.com/api/webhooks/1/x')).statusCode).toBe(403);
  });

  it('links a Telegram chat with a one-time code from the bot update, once; an expired code links nothing; unlink', async () => {
    const me = await signInAs(app, deps, 'premium');
    expect((await status(me)).find((c) => c.channel === 'telegram')).toMatchObject({ enabled: true, demo: false, targets: [] });
    const res = await app.inject({ method: 'POST', url: '/api/alert-channels/telegram/link', headers: me.headers });
    expect(res.statusCode).toBe(200);
    const start = res.json() as { code: string; link: string; linked: boolean; demo: boolean };
    expect(start).toMatchObject({ demo: false, linked: false });
    expect(start.link).toBe(`https://t.me/GoWildTestBot?start=${start.code}`);

    telegram.start(start.code, 4242, 'traveller');
    expect(await deps.alertChannels.pollTelegram()).toBe(1);
    expect((await status(me)).find((c) => c.channel === 'telegram')!.targets).toEqual([
      expect.objectContaining({ label: '@traveller', broken_reason: null }),
    ]);
    expect(telegram.delivered().at(-1)).toMatchObject({ chat_id: '4242', text: TELEGRAM_TEXTS.linked });

    // The same code again (another chat) links nothing: single use.
    telegram.start(start.code, 5555, 'someone_else');
    expect(await deps.alertChannels.pollTelegram()).toBe(1);
    expect(telegram.delivered().at(-1)).toMatchObject({ chat_id: '5555', text: TELEGRAM_TEXTS.badCode });
    expect((await status(me)).find((c) => c.channel === 'telegram')!.targets[0]!.label).toBe('@traveller');

    // A code older than 15 minutes links nothing.
    const other = await signInAs(app, deps, 'premium');
    const late = (await app.inject({ method: 'POST', url: '/api/alert-channels/telegram/link', headers: other.headers })).json() as {
      code: string;
    };
    clock.advance(16 * 60_000);
    telegram.start(late.code, 6666, 'late');
    await deps.alertChannels.pollTelegram();
    expect((await status(other)).find((c) => c.channel === 'telegram')!.targets).toEqual([]);

    const unlink = await app.inject({ method: 'DELETE', url: '/api/alert-channels/telegram', headers: me.headers });
    expect(unlink.json()).toEqual({ message: CHANNEL_MESSAGES.telegramUnlinked });
    expect((await status(me)).find((c) => c.channel === 'telegram')!.targets).toEqual([]);
    expect((await app.inject({ method: 'DELETE', url: '/api/alert-channels/telegram', headers: me.headers })).statusCode).toBe(404);
    // The bot's token was only ever in the URL path the fake saw.
    for (const r of telegram.received) expect(JSON.stringify(r.body)).not.toContain(TOKEN);
  });

  it('refuses webhook addresses off Discord, over http, malformed, or resolving to a private network', async () => {
    const me = await signInAs(app, deps, 'premium');
    const refused = async (url: string, text: string) => {
      const res = await putDiscord(me, url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: text });
    };
    await refused('https://evil.example.com/api/webhooks/1/abc', CHANNEL_MESSAGES.discordHostRefused('evil.example.com'));
    await refused('http://discord.com/api/webhooks/1/abc', CHANNEL_MESSAGES.discordUrlInvalid);
    await refused('https://discord.com/channels/1/2', CHANNEL_MESSAGES.discordUrlInvalid);
    await refused('not a url', CHANNEL_MESSAGES.discordUrlInvalid);
    // An allowed host name that resolves to loopback is refused (only the explicit test host may be local).
    await refused('https://localhost/api/webhooks/1/abc', CHANNEL_MESSAGES.discordPrivateAddress);
    expect((await putDiscord(me, '')).statusCode).toBe(400);
    expect(discord.received).toHaveLength(0);
  });

  it('saves a webhook after its test message arrived, shows it masked, and removes it', async () => {
    const me = await signInAs(app, deps, 'premium');
    const res = await putDiscord(me, discord.url());
    expect(res.json()).toEqual({ message: CHANNEL_MESSAGES.discordSaved });
    expect(discord.delivered().at(-1)).toMatchObject({ content: 'GoWild Finder: test message', allowed_mentions: { parse: [] } });
    const target = (await status(me)).find((c) => c.channel === 'discord')!.targets[0]!;
    expect(target.label).toContain('••••abcd');
    expect(target.label).not.toContain('secret-webhook-token');

    // A webhook Discord refuses is not saved.
    discord.script({ status: 404, body: { message: 'Unknown Webhook', code: 10015 } });
    const bad = await putDiscord(me, discord.url('999', 'deleted-token'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: CHANNEL_MESSAGES.discordTestFailed('Discord 404: Unknown Webhook') });
    expect((await status(me)).find((c) => c.channel === 'discord')!.targets[0]!.id).toBe(target.id);

    expect((await app.inject({ method: 'DELETE', url: '/api/alert-channels/discord', headers: me.headers })).statusCode).toBe(200);
    expect((await status(me)).find((c) => c.channel === 'discord')!.targets).toEqual([]);
  });

  it('an alert may use only channels set up; its confirmation goes to each, and the history shows it', async () => {
    const me = await signInAs(app, deps, 'premium');
    const alert = { origin_airport: 'DEN', destination_airport: 'MCO', travel_dates: [addDays('2026-07-15', 3)], max_price: 80 };
    const refused = await app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: me.headers,
      payload: { ...alert, channels: ['email', 'discord'] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: CHANNEL_MESSAGES.channelNotSetUp('Discord') });
    expect(
      (await app.inject({ method: 'POST', url: '/api/notifications', headers: me.headers, payload: { ...alert, channels: ['sms'] } }))
        .statusCode,
    ).toBe(400);

    await putDiscord(me, discord.url('555', 'mine-token-wxyz'));
    const before = discord.delivered().length;
    const created = await app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: me.headers,
      payload: { ...alert, channels: ['discord', 'email'] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ notification: { channels: ['email', 'discord'] } });
    await deps.alertMailer.idle();
    await deps.alertMailer.drain();
    expect(discord.delivered().slice(before)).toEqual([expect.objectContaining({ content: 'Flight alert set: DEN → MCO' })]);
    const history = (await app.inject({ method: 'GET', url: '/api/alert-deliveries', headers: me.headers })).json() as {
      deliveries: { channel: string; status: string; kind: string }[];
    };
    expect(history.deliveries.map((d) => [d.channel, d.kind, d.status]).sort()).toEqual([
      ['discord', 'confirmation', 'delivered'],
      ['email', 'confirmation', 'delivered'],
    ]);
    // Admins see the same; others do not.
    const admin = await signInAs(app, deps, 'admin');
    const asAdmin = await app.inject({ method: 'GET', url: `/api/admin/users/${me.user!.id}/deliveries`, headers: admin.headers });
    expect((asAdmin.json() as { deliveries: unknown[] }).deliveries).toHaveLength(2);
    expect((await app.inject({ method: 'GET', url: `/api/admin/users/${me.user!.id}/deliveries`, headers: me.headers })).statusCode).toBe(
      403,
    );
  });
});

describe('the offline demo bot (no TELEGRAM_BOT_TOKEN)', () => {
  let app: FastifyInstance;
  let deps: AppDeps;
  beforeAll(async () => {
    ({ app, deps } = await buildAccountsTestApp({ deps: { clock: manualClock(NOW), jobs: noJobs } }));
  }, 120_000);
  afterAll(async () => {
    await deps.alertMailer.idle();
    await app.close();
  });

  it('links at once through the same update path, labelled demo, and records what it sends', async () => {
    const me = await signInAs(app, deps, 'premium');
    const res = await app.inject({ method: 'POST', url: '/api/alert-channels/telegram/link', headers: me.headers });
    expect(res.json()).toMatchObject({ demo: true, linked: true });
    const channels = alertChannelsResponseSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/alert-channels', headers: me.headers })).json(),
    ).channels;
    expect(channels.find((c) => c.channel === 'telegram')).toMatchObject({ demo: true, targets: [{ label: '@demo_traveller' }] });
    expect((deps.telegramBot as unknown as { sent: { text: string }[] }).sent.at(-1)?.text).toBe(TELEGRAM_TEXTS.linked);
  });
});
