import { createHash } from 'node:crypto';
import {
  ALERT_CHANNEL_KINDS,
  ALERT_CHANNEL_LABELS,
  type AlertChannelStatus,
  type AlertDelivery,
  CHANNEL_MESSAGES,
  type TelegramLinkStart,
  channelSelectable,
} from '@gowild/contract/notifications';
import type { FastifyBaseLogger } from 'fastify';
import { historyFields } from '../../../db/outbox';
import type { Clock } from '../../../lib/clock';
import { badRequest, notFound } from '../../../lib/http-error';
import type { AlertDeliveryRow, AlertsRepository } from '../alerts.repository';
import type { AlertChannel } from './alert-channel';
import type { ChannelsRepository } from './channels.repository';
import { type DiscordRules, checkWebhookUrl, executeWebhook } from './discord';
import type { TelegramBot, TelegramLinking } from './telegram';

/** A delivery as the history shows it. */
export function presentDelivery(row: AlertDeliveryRow): AlertDelivery {
  return {
    ...historyFields(row),
    notification_id: row.notificationId,
    kind: row.kind as AlertDelivery['kind'],
    channel: row.channel as AlertDelivery['channel'],
  };
}

/**
 * Setting channels up (docs/product/alerts.md#channels): the status of each channel, linking and unlinking a Telegram
 * chat, saving and removing a Discord webhook, and the delivery history. Premium only, like the alerts.
 */
export function createChannelsService(deps: {
  repo: ChannelsRepository;
  alertsRepo: AlertsRepository;
  channels: readonly AlertChannel[];
  bot: TelegramBot & { press?: (code: string, chatId: number, username: string) => void };
  linking: TelegramLinking;
  discord: DiscordRules;
  clock: Clock;
}) {
  const { repo, alertsRepo, clock } = deps;
  const present = new Map(deps.channels.map((c) => [c.kind, c]));

  async function status(userId: string): Promise<AlertChannelStatus[]> {
    const broken = await alertsRepo.brokenTargets(userId);
    const out: AlertChannelStatus[] = [];
    for (const kind of ALERT_CHANNEL_KINDS) {
      const channel = present.get(kind);
      const targets = channel ? await channel.targetsFor(userId) : [];
      out.push({
        channel: kind,
        enabled: channel !== undefined,
        demo: kind === 'telegram' ? deps.bot.demo : false,
        targets: targets.map((t) => {
          const b = broken.get(`${t.channel}:${t.id}`);
          return { id: t.id, label: t.label, broken_reason: b?.reason ?? null, broken_at: b?.at.toISOString() ?? null };
        }),
      });
    }
    return out;
  }

  return {
    status,

    /** Refuses channels the user has not set up (or whose target is broken); e-mail is always there. */
    async checkChosen(userId: string, chosen: readonly string[]): Promise<void> {
      if (chosen.every((c) => c === 'email')) return;
      const all = await status(userId);
      for (const kind of chosen) {
        const s = all.find((c) => c.channel === kind);
        if (!s) throw badRequest(CHANNEL_MESSAGES.unknownChannel);
        if (channelSelectable(s)) continue;
        const label = ALERT_CHANNEL_LABELS[s.channel];
        throw badRequest(s.targets.length > 0 ? CHANNEL_MESSAGES.channelBroken(label) : CHANNEL_MESSAGES.channelNotSetUp(label));
      }
    },

    /** A new one-time code and its t.me link; the demo bot presses Start at once (the same path a real update takes). */
    async startTelegramLink(userId: string, log?: FastifyBaseLogger): Promise<TelegramLinkStart> {
      const { code, link, expiresAt } = await deps.linking.start(userId);
      let linked = false;
      if (deps.bot.demo && deps.bot.press) {
        const chatId = parseInt(createHash('sha256').update(userId).digest('hex').slice(0, 8), 16);
        deps.bot.press(code, chatId, 'demo_traveller');
        await deps.linking.pollOnce(0, undefined, log);
        linked = (await repo.telegramLinkFor(userId)) !== undefined;
      }
      return { code, link, expires_at: expiresAt.toISOString(), demo: deps.bot.demo, linked };
    },

    /** One getUpdates call without waiting (tests; the worker's job long-polls). Returns how many updates came. */
    pollTelegram: (log?: FastifyBaseLogger) => deps.linking.pollOnce(0, undefined, log),

    async unlinkTelegram(userId: string): Promise<{ message: string }> {
      const row = await repo.unlinkTelegram(userId);
      if (!row) throw notFound(CHANNEL_MESSAGES.telegramNotLinked);
      await alertsRepo.clearTargetHealth('telegram', row.id);
      return { message: CHANNEL_MESSAGES.telegramUnlinked };
    },

    /** Checks the address, sends the test message, and saves it only when Discord took the message. */
    async saveDiscord(userId: string, raw: string): Promise<{ message: string }> {
      const valid = await checkWebhookUrl(raw, deps.discord);
      if ('error' in valid) throw badRequest(valid.error);
      const outcome = await executeWebhook(
        valid.url,
        {
          kind: 'test',
          title: 'GoWild Finder: test message',
          text: 'This channel will receive your GoWild Finder flight alerts.',
          url: '',
        },
        deps.discord,
      );
      if (outcome.status !== 'delivered') throw badRequest(CHANNEL_MESSAGES.discordTestFailed(outcome.reason));
      await repo.saveDiscordWebhook(userId, valid.url, valid.label, clock.now());
      return { message: CHANNEL_MESSAGES.discordSaved };
    },

    async removeDiscord(userId: string): Promise<{ message: string }> {
      const row = await repo.removeDiscordWebhookOf(userId);
      if (!row) throw notFound(CHANNEL_MESSAGES.discordNotLinked);
      await alertsRepo.clearTargetHealth('discord', row.id);
      return { message: CHANNEL_MESSAGES.discordRemoved };
    },

    /** The user's delivery history, newest first (all their alerts). */
    async deliveries(userId: string): Promise<{ deliveries: AlertDelivery[] }> {
      return { deliveries: (await alertsRepo.deliveriesForUser(userId)).map(presentDelivery) };
    },
  };
}
export type ChannelsService = ReturnType<typeof createChannelsService>;
