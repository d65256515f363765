import type { PushPayload } from '@gowild/contract/push';
import webpush from 'web-push';
import type { Clock } from '../../lib/clock';
import type { AlertChannel, AlertMessage, ChannelTarget, DeliveryOutcome } from '../alerts/alerts.module';
import type { PushRepository } from './push.repository';
import type { VapidKeys } from './vapid-keys';

/** How long a push service keeps a message for a device that is offline: GoWild seats go within hours (decision 212). */
export const PUSH_TTL_SECONDS = 12 * 60 * 60;
/** Title and body are cut to these lengths so the encrypted message stays under the push services' 4 KB. */
const MAX_TITLE = 200;
const MAX_BODY = 1000;

export interface WebPushChannelDeps {
  repo: PushRepository;
  vapid: VapidKeys;
  clock: Clock;
  /** Per-request time-out (PUSH_TIMEOUT_MS). */
  timeoutMs: number;
  /** The HTTP client; tests may pass their own. */
  fetch?: typeof fetch;
}

/**
 * The web push channel (docs/product/alerts.md#web-push; decisions 210-213): a user's targets are their subscribed
 * browsers; a delivery is one RFC 8030 request to the browser's push service, its payload encrypted to the browser's
 * keys (RFC 8291, aes128gcm) and signed with the server's VAPID key (RFC 8292), with a TTL and urgency high.
 * A repeat of a delivery (its sender died with the request out, decision 248) replaces the first rather than adding a
 * second: the same `Topic` while the push service still holds it for an offline browser, the same notification tag
 * once the browser has shown it.
 * 201/202 delivered; 404/410 gone (the outbox then calls forget, which deletes the subscription); 429 and 5xx retry
 * (after Retry-After when given); any other 4xx is permanent and marks the device broken with the reason.
 */
export function createWebPushChannel(deps: WebPushChannelDeps): AlertChannel {
  const { repo, vapid, clock } = deps;
  const send = deps.fetch ?? fetch;
  return {
    kind: 'push',

    async targetsFor(userId: string): Promise<ChannelTarget[]> {
      return (await repo.listFor(userId)).map((row) => ({ channel: 'push', id: row.id, label: row.label }));
    },

    async deliver(target: ChannelTarget, message: AlertMessage, deliveryId: string): Promise<DeliveryOutcome> {
      const row = await repo.find(target.id).catch(() => undefined);
      if (!row) return { status: 'gone', reason: 'The device is no longer subscribed' };
      let request: webpush.RequestDetails;
      try {
        request = webpush.generateRequestDetails(
          { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
          JSON.stringify(pushPayload(message, deliveryId)),
          {
            vapidDetails: vapid,
            TTL: PUSH_TTL_SECONDS,
            urgency: 'high',
            topic: pushTopic(deliveryId),
            contentEncoding: 'aes128gcm',
          },
        );
      } catch (e) {
        // The stored keys cannot be encrypted to (a browser that sent a bad point): no retry mends that.
        const reason = `The subscription's keys are not usable (${(e as Error).message.slice(0, 120)})`;
        await repo.markBroken(row.id, reason).catch(() => {});
        return { status: 'permanent', reason };
      }
      let response: Response;
      try {
        response = await send(request.endpoint, {
          method: request.method,
          headers: withoutContentLength(request.headers),
          body: request.body ? new Uint8Array(request.body) : null,
          signal: AbortSignal.timeout(deps.timeoutMs),
        });
      } catch (e) {
        // The endpoint is a secret of the subscription: no error message that might carry it is passed on.
        const timedOut = (e as Error).name === 'TimeoutError' || (e as Error).name === 'AbortError';
        return { status: 'retry', reason: timedOut ? 'The push service did not answer in time' : 'The push service could not be reached' };
      }
      const detail = await responseDetail(response);
      const outcome = outcomeOf(response.status, detail, response.headers.get('retry-after'), clock.now());
      if (outcome.status === 'delivered') await repo.markDelivered(row.id, clock.now()).catch(() => {});
      if (outcome.status === 'permanent') await repo.markBroken(row.id, outcome.reason).catch(() => {});
      return outcome;
    },

    async forget(target: ChannelTarget): Promise<void> {
      await repo.delete(target.id);
    },
  };
}

/**
 * The RFC 8030 `Topic` of a delivery (section 5.4: at most 32 characters of the URL-safe base64 alphabet): its id
 * without the dashes. A push service keeps only the newest message of a topic for a device it has not reached.
 */
export function pushTopic(deliveryId: string): string {
  const topic = deliveryId.replace(/[^A-Za-z0-9_]/g, '');
  return topic.length > 32 ? topic.slice(-32) : topic;
}

/** What the service worker shows: the alert's title, its text and where a click goes. */
export function pushPayload(message: AlertMessage, deliveryId: string): PushPayload {
  return { title: message.title.slice(0, MAX_TITLE), body: message.text.slice(0, MAX_BODY), url: message.url, tag: deliveryId };
}

/** The push service's answer (RFC 8030 section 5: 201 Created; some services say 200 or 202) as a delivery outcome. */
export function outcomeOf(status: number, detail: string, retryAfter: string | null, now: Date): DeliveryOutcome {
  if (status >= 200 && status < 300) return { status: 'delivered' };
  const reason = `The push service answered ${status}${detail ? `: ${detail}` : ''}`;
  if (status === 404 || status === 410) return { status: 'gone', reason };
  if (status === 429 || status >= 500) {
    const retryAfterMs = retryAfterMsOf(retryAfter, now);
    return retryAfterMs === undefined ? { status: 'retry', reason } : { status: 'retry', reason, retryAfterMs };
  }
  return { status: 'permanent', reason };
}

/** Retry-After in seconds or as an HTTP date (RFC 9110 section 10.2.3). */
function retryAfterMsOf(value: string | null, now: Date): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/** The first line of what the push service said, short and printable (it never holds our keys or the endpoint). */
async function responseDetail(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  return text
    .replace(/[^\x20-\x7e]+/g, ' ')
    .trim()
    .slice(0, 160);
}

/**
 * The library's headers without its Content-Length: fetch sets that from the body, and refuses one given by hand when
 * the process's fetch runs on the npm undici's dispatcher (Node 20 with undici 7 loaded first, which takes the global
 * dispatcher: the flights' HTTP client imports it), failing every delivery as "could not be reached".
 */
function withoutContentLength(headers: webpush.RequestDetails['headers']): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers as Record<string, string | number>)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
}
