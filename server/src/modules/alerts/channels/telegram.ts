import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../lib/clock';
import { withTimeout } from '../../../lib/upstream/timeout';
import type { AlertChannel, AlertMessage, ChannelTarget, DeliveryOutcome } from './alert-channel';
import type { ChannelsRepository } from './channels.repository';

/** The Bot API's update, as far as linking reads it. */
export interface TelegramUpdate {
  update_id: number;
  message?: {
    text?: string;
    chat: { id: number; type?: string; username?: string; first_name?: string; title?: string };
    from?: { username?: string; first_name?: string };
  };
}

/** The bot as the channel and the linking use it: the real Bot API, or the offline demo bot. */
export interface TelegramBot {
  demo: boolean;
  username: string;
  getUpdates(offset: number | undefined, timeoutSeconds: number, signal?: AbortSignal): Promise<TelegramUpdate[]>;
  sendMessage(chatId: string, text: string): Promise<DeliveryOutcome>;
}

/** Telegram's limit for one message's text. */
const MAX_TEXT = 4096;
const SEND_TIMEOUT_MS = 10_000;

/** The demo bot's name, shown (labelled demo) when no TELEGRAM_BOT_TOKEN is set. */
export const DEMO_BOT_USERNAME = 'GoWildFinderDemoBot';

/** A message's text for a chat: its title, a blank line, the text; cut to Telegram's limit. */
export function chatText(message: AlertMessage): string {
  const text = `${message.title}\n\n${message.text}`;
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

/**
 * The real Bot API (https://core.telegram.org/bots/api): JSON POSTs to `{base}/bot{token}/{method}`. The token is in
 * the URL path, so no URL and no library error text leaves this function: every failure is described in our words
 * (the HTTP status, Telegram's `description`, or the network error's code), and any trace of the token is cut.
 */
export function createTelegramBotApi(opts: { token: string; apiBase: string; username: string }): TelegramBot {
  const base = opts.apiBase.replace(/\/+$/, '');
  const hide = (s: string) => s.split(opts.token).join('<token>');
  async function call(method: string, body: unknown, timeoutMs: number, signal?: AbortSignal) {
    const outcome = await withTimeout(
      async (s) => {
        const res = await fetch(`${base}/bot${opts.token}/${method}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: s,
        });
        const json = (await res.json().catch(() => ({}))) as {
          ok?: boolean;
          result?: unknown;
          description?: string;
          error_code?: number;
          parameters?: { retry_after?: number };
        };
        return { status: res.status, json, retryAfter: res.headers.get('retry-after') };
      },
      timeoutMs,
      [signal],
    );
    if (outcome.ok) return outcome.value;
    if (outcome.cause === 'timeout') return { error: 'Telegram did not answer in time' };
    const err = outcome.error as { cause?: { code?: string }; code?: string; name?: string };
    return { error: `Telegram could not be reached (${hide(String(err?.cause?.code ?? err?.code ?? err?.name ?? 'network error'))})` };
  }
  return {
    demo: false,
    username: opts.username,
    async getUpdates(offset, timeoutSeconds, signal) {
      const r = await call(
        'getUpdates',
        { offset, timeout: timeoutSeconds, allowed_updates: ['message'] },
        (timeoutSeconds + 10) * 1000,
        signal,
      );
      if ('error' in r) throw new Error(r.error);
      if (!r.json.ok) throw new Error(hide(`Telegram getUpdates: ${r.status} ${r.json.description ?? ''}`.trim()));
      return (r.json.result as TelegramUpdate[]) ?? [];
    },
    async sendMessage(chatId, text) {
      const r = await call('sendMessage', { chat_id: chatId, text, link_preview_options: { is_disabled: true } }, SEND_TIMEOUT_MS);
      if ('error' in r) return { status: 'retry', reason: r.error };
      if (r.status === 200 && r.json.ok) return { status: 'delivered' };
      const reason = hide(`Telegram ${r.status}: ${r.json.description ?? 'no description'}`);
      if (r.status === 429) {
        const after = r.json.parameters?.retry_after ?? Number(r.retryAfter ?? '');
        return { status: 'retry', reason, ...(Number.isFinite(after) && after > 0 ? { retryAfterMs: after * 1000 } : {}) };
      }
      // The user blocked the bot, deleted the chat, or the chat no longer exists: the link is gone.
      if (r.status === 403 || (r.status === 400 && /chat not found|user is deactivated/i.test(r.json.description ?? '')))
        return { status: 'gone', reason };
      // The bot's token refused (401) or unknown (404): the operator's to mend, not the target's.
      if (r.status === 400) return { status: 'permanent', reason };
      return { status: 'retry', reason };
    },
  };
}

/**
 * The offline demo bot (no TELEGRAM_BOT_TOKEN): it answers getUpdates from updates queued by `press`, which plays the
 * traveller opening the t.me link and pressing Start; it records every message it "sends".
 */
export function createDemoTelegramBot() {
  const queued: TelegramUpdate[] = [];
  let nextId = 1;
  const sent: { chatId: string; text: string }[] = [];
  const bot: TelegramBot & { sent: typeof sent; press(code: string, chatId: number, username: string): void } = {
    demo: true,
    username: DEMO_BOT_USERNAME,
    sent,
    press(code, chatId, username) {
      queued.push({ update_id: nextId++, message: { text: `/start ${code}`, chat: { id: chatId, type: 'private', username } } });
    },
    async getUpdates(offset) {
      const due = queued.filter((u) => offset === undefined || u.update_id >= offset);
      queued.splice(0, queued.length, ...due);
      return [...due];
    },
    async sendMessage(chatId, text) {
      sent.push({ chatId, text });
      return { status: 'delivered' };
    },
  };
  return bot;
}

/** How long a linking code lives. */
export const LINK_CODE_TTL_MS = 15 * 60_000;
const OFFSET_KEY = 'telegram.update_offset';
export const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** The chat's name as the pages show it. */
function chatLabel(chat: NonNullable<TelegramUpdate['message']>['chat']): string {
  if (chat.username) return `@${chat.username}`;
  return chat.title ?? chat.first_name ?? `chat ${chat.id}`;
}

export const TELEGRAM_TEXTS = {
  linked: 'Linked: GoWild Finder will send your flight alerts to this chat. Unlink it any time on the Flight Notifications page.',
  badCode: 'This link has expired or was already used. Open Flight Notifications on GoWild Finder and press "Link Telegram" again.',
  hello: 'Open Flight Notifications on GoWild Finder and press "Link Telegram" to get your flight alerts here.',
} as const;

/**
 * Linking a chat (decision 208): the user gets a one-time code (stored hashed, 15 minutes, single use) in a
 * `https://t.me/<bot>?start=<code>` link; pressing Start sends the bot `/start <code>`, which the worker's getUpdates
 * job reads, linking that chat to the code's user. The update offset is kept in the database, so a restarted or
 * another worker goes on where the last stopped; an update is processed at least once, and the code's single use
 * makes a repeat harmless.
 */
export function createTelegramLinking(deps: { repo: ChannelsRepository; bot: TelegramBot; clock: Clock; log?: FastifyBaseLogger }) {
  const { repo, bot, clock } = deps;

  async function handle(update: TelegramUpdate, log?: FastifyBaseLogger) {
    const msg = update.message;
    if (!msg?.text) return;
    const m = /^\/start(?:@\w+)?(?:\s+(\S+))?/.exec(msg.text.trim());
    if (!m) return;
    const chatId = String(msg.chat.id);
    if (!m[1]) {
      await bot.sendMessage(chatId, TELEGRAM_TEXTS.hello);
      return;
    }
    const userId = await repo.useLinkCode(hashCode(m[1]), clock.now());
    if (!userId) {
      await bot.sendMessage(chatId, TELEGRAM_TEXTS.badCode);
      return;
    }
    await repo.linkTelegram(userId, chatId, chatLabel(msg.chat), bot.demo, clock.now());
    (log ?? deps.log)?.info({ userId }, 'telegram chat linked');
    await bot.sendMessage(chatId, TELEGRAM_TEXTS.linked);
  }

  const linking = {
    /** A new code and its link for the user. */
    async start(userId: string): Promise<{ code: string; link: string; expiresAt: Date }> {
      const code = randomBytes(12).toString('base64url');
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + LINK_CODE_TTL_MS);
      await repo.saveLinkCode(userId, hashCode(code), expiresAt, now);
      return { code, link: `https://t.me/${bot.username}?start=${code}`, expiresAt };
    },
    /** One getUpdates call (long-polling up to `timeoutSeconds`) and the updates it brought. Returns how many. */
    async pollOnce(timeoutSeconds: number, signal?: AbortSignal, log?: FastifyBaseLogger): Promise<number> {
      const stored = await repo.state(OFFSET_KEY);
      const updates = await bot.getUpdates(stored === undefined ? undefined : Number(stored), timeoutSeconds, signal);
      for (const update of updates) {
        await handle(update, log);
        await repo.setState(OFFSET_KEY, String(update.update_id + 1), clock.now());
      }
      return updates.length;
    },
    /** The worker's job: long-polls for about `forMs` (a job tick), then returns. */
    async poll(forMs: number, log: FastifyBaseLogger, signal?: AbortSignal): Promise<void> {
      const until = Date.now() + forMs;
      while (!signal?.aborted && Date.now() < until) {
        const left = Math.floor((until - Date.now()) / 1000);
        await linking.pollOnce(Math.max(0, Math.min(25, left)), signal, log);
        if (bot.demo) return;
      }
    },
  };
  return linking;
}
export type TelegramLinking = ReturnType<typeof createTelegramLinking>;

/** The Telegram channel: the user's linked chat is its one target. */
export function createTelegramChannel(deps: { repo: ChannelsRepository; bot: TelegramBot }): AlertChannel {
  return {
    kind: 'telegram',
    async targetsFor(userId: string): Promise<ChannelTarget[]> {
      const link = await deps.repo.telegramLinkFor(userId);
      return link ? [{ channel: 'telegram', id: link.id, label: link.label }] : [];
    },
    async deliver(target: ChannelTarget, message: AlertMessage): Promise<DeliveryOutcome> {
      const link = await deps.repo.telegramLink(target.id);
      if (!link) return { status: 'gone', reason: 'the chat was unlinked' };
      return deps.bot.sendMessage(link.chatId, chatText(message));
    },
    async forget(target: ChannelTarget): Promise<void> {
      await deps.repo.removeTelegramLink(target.id);
    },
  };
}
