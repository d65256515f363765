import { CHANNEL_MESSAGES, alertChannelsResponseSchema } from '@gowild/contract/notifications';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertDeliveries, notifications } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { manualClock } from '../../lib/clock';
import { noJobs } from '../../test/alerts';
import { fakeDiscordWebhook } from '../../test/chat-fakes';
import { buildAccountsTestApp, signInAs } from '../../test/factories';
import { BROKEN_AFTER_FAILURES, enqueueAlertMessage } from './alerts.repository';

/** docs/product/alerts.md#broken-channels: a target that keeps failing is marked broken; the others still deliver. */
describe('a channel target that keeps failing', () => {
  const clock = manualClock(new Date('2026-07-15T16:00:00Z'));
  let app: FastifyInstance;
  let deps: AppDeps;
  let discord: Awaited<ReturnType<typeof fakeDiscordWebhook>>;
  beforeAll(async () => {
    discord = await fakeDiscordWebhook();
    ({ app, deps } = await buildAccountsTestApp({
      env: { DISCORD_TEST_ALLOW_HOSTS: `127.0.0.1:${discord.port}` },
      deps: { clock, jobs: noJobs },
    }));
  }, 120_000);
  afterAll(async () => {
    await deps.alertMailer.idle();
    await app.close();
    await discord.close();
  });

  it(`is marked broken after ${BROKEN_AFTER_FAILURES} refused deliveries in a row, gets no more, while e-mail delivers every one`, async () => {
    const me = await signInAs(app, deps, 'premium');
    expect(
      (await app.inject({ method: 'PUT', url: '/api/alert-channels/discord', headers: me.headers, payload: { url: discord.url() } }))
        .statusCode,
    ).toBe(200);
    const refusal = { status: 400, body: { message: 'Invalid Form Body', code: 50035 } };
    const ids: string[] = [];
    for (let i = 0; i < BROKEN_AFTER_FAILURES + 1; i++) {
      const [row] = await deps.database.db
        .insert(notifications)
        .values({
          userId: me.user!.id,
          originAirport: 'DEN',
          destinationAirport: 'MCO',
          travelDates: ['2026-07-20'],
          maxPriceCents: 9000,
          channels: ['email', 'discord'],
        })
        .returning();
      ids.push(row!.id);
      const targets = await deps.alertMailer.targetsForAlert(row!.id);
      expect(targets.map((t) => t.channel)).toEqual(i < BROKEN_AFTER_FAILURES ? ['email', 'discord'] : ['email']);
      await enqueueAlertMessage(
        deps.database.db,
        row!.id,
        { kind: 'test', title: `Message ${i}`, text: 'Hello', url: '' },
        targets,
        clock.now(),
      );
      if (i < BROKEN_AFTER_FAILURES) discord.script(refusal);
      await deps.alertMailer.drain();
    }
    const rows = await deps.database.db.select().from(alertDeliveries);
    const mine = rows.filter((r) => ids.includes(r.notificationId));
    expect(mine.filter((r) => r.channel === 'email' && r.deliveredAt)).toHaveLength(BROKEN_AFTER_FAILURES + 1);
    const discordRows = mine.filter((r) => r.channel === 'discord');
    expect(discordRows).toHaveLength(BROKEN_AFTER_FAILURES);
    expect(discordRows.every((r) => r.failedAt && r.lastError === 'Discord 400: Invalid Form Body' && r.attempts === 1)).toBe(true);

    const channels = alertChannelsResponseSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/alert-channels', headers: me.headers })).json(),
    ).channels;
    expect(channels.find((c) => c.channel === 'discord')!.targets[0]).toMatchObject({ broken_reason: 'Discord 400: Invalid Form Body' });
    const create = await app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: me.headers,
      payload: { origin_airport: 'DEN', destination_airport: 'MCO', travel_dates: ['2026-07-20'], max_price: 90, channels: ['discord'] },
    });
    expect(create.json()).toMatchObject({ error: CHANNEL_MESSAGES.channelBroken('Discord') });

    // Saving the webhook again starts a fresh target.
    await app.inject({ method: 'PUT', url: '/api/alert-channels/discord', headers: me.headers, payload: { url: discord.url() } });
    const again = alertChannelsResponseSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/alert-channels', headers: me.headers })).json(),
    ).channels;
    expect(again.find((c) => c.channel === 'discord')!.targets[0]).toMatchObject({ broken_reason: null });
    const metrics = await deps.metrics.getSingleMetricAsString('alerts_deliveries_total');
    expect(metrics).toContain('channel="discord",kind="test",outcome="failed"} 5');
    await deps.database.db.delete(notifications).where(eq(notifications.userId, me.user!.id));
  });

  it('a webhook Discord says is deleted (404) is removed: the target is gone', async () => {
    const me = await signInAs(app, deps, 'premium');
    await app.inject({
      method: 'PUT',
      url: '/api/alert-channels/discord',
      headers: me.headers,
      payload: { url: discord.url('77', 'gone-token') },
    });
    const [row] = await deps.database.db
      .insert(notifications)
      .values({
        userId: me.user!.id,
        originAirport: 'DEN',
        destinationAirport: 'MCO',
        travelDates: ['2026-07-20'],
        maxPriceCents: 9000,
        channels: ['discord'],
      })
      .returning();
    const targets = await deps.alertMailer.targetsForAlert(row!.id);
    await enqueueAlertMessage(deps.database.db, row!.id, { kind: 'test', title: 'Bye', text: 'Hello', url: '' }, targets, clock.now());
    discord.script({ status: 404, body: { message: 'Unknown Webhook', code: 10015 } });
    expect(await deps.alertMailer.drain()).toMatchObject({ failed: 1 });
    const channels = alertChannelsResponseSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/alert-channels', headers: me.headers })).json(),
    ).channels;
    expect(channels.find((c) => c.channel === 'discord')!.targets).toEqual([]);
  });
});
