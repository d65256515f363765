import { PUSH_MESSAGES, type PushDevice, type PushSubscriptionJson } from '@gowild/contract/push';
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config';
import { badRequest, notFound, tooManyRequests } from '../../lib/http-error';
import type { RateLimitStore } from '../../lib/rate-limit';
import type { AlertChannel } from '../alerts/alerts.module';
import { deviceLabel } from './device-label';
import type { PushRepository, PushSubscriptionRow } from './push.repository';

/** Test notifications one user may send a minute (each reaches every device of theirs). */
export const PUSH_TESTS_PER_MINUTE = 5;

/** Browsers one user may keep subscribed; a new one past this replaces their oldest (decision 211). */
export const MAX_PUSH_DEVICES = 10;

type EndpointRules = Pick<Config, 'PUSH_SERVICE_HOSTS' | 'PUSH_TEST_HOSTS'>;

/**
 * Subscribing, listing and removing a user's browsers (docs/product/alerts.md#web-push). Who may call is the routes'
 * business (premium to subscribe); this checks what was sent.
 */
export function createPushService(deps: {
  repo: PushRepository;
  rules: EndpointRules;
  publicKey: string;
  channel: AlertChannel;
  rateLimits: RateLimitStore;
  appUrl: string;
}) {
  const { repo, rules, channel } = deps;
  return {
    publicKey: deps.publicKey,

    /** Saves this browser for the user, tied to the session that asked (decision 246): it goes when that session ends. */
    async subscribe(
      who: { userId: string; sessionId: string },
      sub: PushSubscriptionJson,
      userAgent: string | undefined,
    ): Promise<PushDevice> {
      const { userId } = who;
      const endpoint = checkedEndpoint(sub.endpoint, rules);
      const row = await repo.upsert({
        userId,
        sessionId: who.sessionId,
        endpoint,
        p256dh: sub.keys.p256dh.replace(/=+$/, ''),
        auth: sub.keys.auth.replace(/=+$/, ''),
        label: deviceLabel(userAgent),
      });
      const all = await repo.listFor(userId);
      for (const old of all.filter((d) => d.id !== row.id).slice(0, Math.max(0, all.length - MAX_PUSH_DEVICES))) await repo.delete(old.id);
      return toDevice(row);
    },

    async list(userId: string): Promise<PushDevice[]> {
      return (await repo.listFor(userId)).map(toDevice);
    },

    /**
     * A test notification to every device of the user, sent now through the channel (not the alert outbox): the answer
     * says what each push service did. A device the push service says is gone is removed, as for an alert.
     */
    async sendTest(userId: string) {
      const count = await deps.rateLimits.hit(`push-test:${userId}`, 60_000);
      if (count.count > PUSH_TESTS_PER_MINUTE) throw tooManyRequests(PUSH_MESSAGES.tooManyTests, count.resetMs / 1000);
      const targets = await channel.targetsFor(userId);
      if (targets.length === 0) throw badRequest(PUSH_MESSAGES.noDevices);
      const message = {
        kind: 'test' as const,
        title: PUSH_MESSAGES.testTitle,
        text: PUSH_MESSAGES.testBody,
        url: new URL('/notifications', deps.appUrl).href,
      };
      const results = [];
      for (const target of targets) {
        const outcome = await channel.deliver(target, message, `test-${randomUUID()}`);
        if (outcome.status === 'gone') await channel.forget?.(target);
        results.push({ id: target.id, label: target.label, status: outcome.status, reason: 'reason' in outcome ? outcome.reason : null });
      }
      return { results, message: PUSH_MESSAGES.testSent };
    },

    /** This browser's subscription (by its endpoint), or a device from the list (by id); 404 for anyone else's. */
    async unsubscribe(userId: string, which: { endpoint: string } | { id: string }): Promise<void> {
      const removed =
        'endpoint' in which
          ? await repo.deleteOwnEndpoint(userId, which.endpoint)
          : isUuid(which.id) && (await repo.deleteOwn(userId, which.id));
      if (!removed) throw notFound(PUSH_MESSAGES.notFound);
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

function toDevice(row: PushSubscriptionRow): PushDevice {
  return {
    id: row.id,
    label: row.label,
    created_at: row.createdAt.toISOString(),
    last_success_at: row.lastSuccessAt?.toISOString() ?? null,
    broken_reason: row.brokenReason,
  };
}

/**
 * The endpoint must be an https address of a known push service (PUSH_SERVICE_HOSTS; an entry starting with a dot
 * covers its subdomains), or a local fake's host (any port) or host:port from PUSH_TEST_HOSTS (tests only, http allowed). The server
 * posts to this address, so nothing a user picks is ever accepted (decision 211).
 */
export function checkedEndpoint(endpoint: string, rules: EndpointRules): string {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw badRequest(PUSH_MESSAGES.endpointInvalid);
  }
  if (url.username || url.password || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw badRequest(PUSH_MESSAGES.endpointInvalid);
  const host = url.host.toLowerCase();
  // A test host written without a port takes any port of it (a fake started on a free port).
  if (rules.PUSH_TEST_HOSTS.includes(host) || rules.PUSH_TEST_HOSTS.includes(url.hostname.toLowerCase())) return url.href;
  if (url.protocol !== 'https:') throw badRequest(PUSH_MESSAGES.endpointInvalid);
  const name = url.hostname.toLowerCase();
  const known = rules.PUSH_SERVICE_HOSTS.some((h) => (h.startsWith('.') ? name.endsWith(h) : name === h));
  if (!known || url.port !== '') throw badRequest(PUSH_MESSAGES.endpointNotAllowed);
  return url.href;
}
