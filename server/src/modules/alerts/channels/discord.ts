import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { withTimeout } from '../../../lib/upstream/timeout';
import { CHANNEL_MESSAGES } from '@gowild/contract/notifications';
import type { AlertChannel, AlertMessage, ChannelTarget, DeliveryOutcome } from './alert-channel';
import type { ChannelsRepository } from './channels.repository';

/** Which webhook addresses are accepted (decision 209). */
export interface DiscordRules {
  /** DISCORD_WEBHOOK_HOSTS: https only, public addresses only. */
  hosts: readonly string[];
  /** DISCORD_TEST_ALLOW_HOSTS (NODE_ENV=test only): may be http and resolve to a loopback or private address. */
  testHosts: readonly string[];
  /** Name resolution, injectable for tests. */
  resolve?: (host: string) => Promise<string[]>;
}

const PATH = /^\/api(?:\/v\d{1,2})?\/webhooks\/(\d{1,25})\/([A-Za-z0-9_-]{1,100})\/?$/;

const defaultResolve = async (host: string) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Whether an IP address is loopback, private, link-local, unique-local, CGNAT, multicast or unspecified. */
export function isPrivateAddress(address: string): boolean {
  const v = isIP(address);
  if (v === 4) {
    const [a, b] = address.split('.').map(Number) as [number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  if (v === 6) {
    const s = address.toLowerCase();
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(s);
    if (mapped) return isPrivateAddress(mapped[1]!);
    return s === '::' || s === '::1' || /^f[cd]/.test(s) || /^fe[89ab]/.test(s) || /^ff/.test(s);
  }
  return true;
}

export interface ValidWebhook {
  url: string;
  id: string;
  label: string;
}

/** The masked form the pages show: the host, the webhook's id and the token's last four characters. */
export function maskWebhook(host: string, id: string, token: string): string {
  return `${host}/api/webhooks/${id}/••••${token.slice(-4)}`;
}

/**
 * Checks a pasted webhook address (decision 209): a URL on one of the allowed hosts, https, no user or port, the path
 * /api/webhooks/<id>/<token>, and a host whose every address is public. Returns the cleaned address or the refusal.
 */
export async function checkWebhookUrl(raw: string, rules: DiscordRules): Promise<ValidWebhook | { error: string }> {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return { error: CHANNEL_MESSAGES.discordUrlInvalid };
  }
  const host = u.hostname.toLowerCase();
  const testHost = rules.testHosts.includes(host) || rules.testHosts.includes(u.host.toLowerCase());
  if (!testHost && !rules.hosts.includes(host)) return { error: CHANNEL_MESSAGES.discordHostRefused(host || 'that address') };
  if (u.protocol !== 'https:' && !(testHost && u.protocol === 'http:')) return { error: CHANNEL_MESSAGES.discordUrlInvalid };
  if (u.username || u.password || (u.port && !testHost)) return { error: CHANNEL_MESSAGES.discordUrlInvalid };
  const m = PATH.exec(u.pathname);
  if (!m) return { error: CHANNEL_MESSAGES.discordUrlInvalid };
  const refusal = await addressRefusal(u.hostname, testHost, rules);
  if (refusal) return { error: refusal };
  const [, id, token] = m as unknown as [string, string, string];
  return { url: `${u.protocol}//${u.host}/api/webhooks/${id}/${token}`, id, label: maskWebhook(u.host, id, token) };
}

/** Resolves the host and refuses it when any of its addresses is not public (test hosts excepted). */
async function addressRefusal(hostname: string, testHost: boolean, rules: DiscordRules): Promise<string | undefined> {
  if (testHost) return undefined;
  const bare = hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(bare) ? [bare] : await (rules.resolve ?? defaultResolve)(bare);
  } catch {
    return CHANNEL_MESSAGES.discordUnresolvable;
  }
  if (addresses.length === 0) return CHANNEL_MESSAGES.discordUnresolvable;
  if (addresses.some(isPrivateAddress)) return CHANNEL_MESSAGES.discordPrivateAddress;
  return undefined;
}

const SEND_TIMEOUT_MS = 10_000;

/** Discord's execute-webhook body: a short content line and one embed (title ≤256, description ≤4096). */
export function discordBody(message: AlertMessage) {
  const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
  return {
    username: 'GoWild Finder',
    content: cut(message.title, 2000),
    embeds: [
      {
        title: cut(message.title, 256),
        description: cut(message.text, 4096),
        ...(message.url ? { url: message.url } : {}),
        color: 0x166534,
      },
    ],
    allowed_mentions: { parse: [] },
  };
}

/**
 * Executes a webhook (https://discord.com/developers/docs/resources/webhook#execute-webhook) with `?wait=true`.
 * The address holds the webhook's token, so no URL and no library error text is returned or logged: failures are
 * described by status and Discord's own message. 429 carries `retry_after` (seconds); 404/401 mean the webhook was
 * deleted (gone); another 4xx is permanent; 5xx, time-outs and network errors are retried.
 */
export async function executeWebhook(url: string, message: AlertMessage, rules: DiscordRules): Promise<DeliveryOutcome> {
  const u = new URL(url);
  const testHost = rules.testHosts.includes(u.hostname.toLowerCase()) || rules.testHosts.includes(u.host.toLowerCase());
  // Checked again at each delivery: the name may have come to point elsewhere since it was saved.
  const refusal = await addressRefusal(u.hostname, testHost, rules);
  if (refusal) return { status: 'permanent', reason: refusal };
  const outcome = await withTimeout(async (signal) => {
    const res = await fetch(`${url}?wait=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(discordBody(message)),
      redirect: 'manual',
      signal,
    });
    const json = (await res.json().catch(() => ({}))) as { message?: string; retry_after?: number; code?: number };
    return { status: res.status, json, retryAfter: res.headers.get('retry-after') };
  }, SEND_TIMEOUT_MS);
  if (!outcome.ok) {
    if (outcome.cause === 'timeout') return { status: 'retry', reason: 'Discord did not answer in time' };
    const err = outcome.error as { cause?: { code?: string }; code?: string };
    return { status: 'retry', reason: `Discord could not be reached (${String(err?.cause?.code ?? err?.code ?? 'network error')})` };
  }
  const { status, json } = outcome.value;
  if (status >= 200 && status < 300) return { status: 'delivered' };
  const reason = `Discord ${status}${json.message ? `: ${json.message}` : ''}`;
  if (status === 429) {
    const after = json.retry_after ?? Number(outcome.value.retryAfter ?? '');
    return { status: 'retry', reason, ...(Number.isFinite(after) && after > 0 ? { retryAfterMs: Math.ceil(after * 1000) } : {}) };
  }
  if (status === 404 || status === 401) return { status: 'gone', reason };
  if (status >= 400 && status < 500) return { status: 'permanent', reason };
  return { status: 'retry', reason };
}

/** The Discord channel: the user's saved webhook is its one target. */
export function createDiscordChannel(deps: { repo: ChannelsRepository; rules: DiscordRules }): AlertChannel {
  return {
    kind: 'discord',
    async targetsFor(userId: string): Promise<ChannelTarget[]> {
      const hook = await deps.repo.discordWebhookFor(userId);
      return hook ? [{ channel: 'discord', id: hook.id, label: hook.label }] : [];
    },
    async deliver(target: ChannelTarget, message: AlertMessage): Promise<DeliveryOutcome> {
      const hook = await deps.repo.discordWebhook(target.id);
      if (!hook) return { status: 'gone', reason: 'the webhook was removed' };
      return executeWebhook(hook.url, message, deps.rules);
    },
    async forget(target: ChannelTarget): Promise<void> {
      await deps.repo.removeDiscordWebhook(target.id);
    },
  };
}
