import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { EmailProvider } from '../../providers/email/email.provider';
import { exponentialBackoff } from '../../lib/upstream/backoff';
import { type DrainReport, createDrainLoop } from '../../db/outbox';
import type { AlertChannel, AlertMessage, DeliveryOutcome } from '../alerts/alerts.module';
import type { ClaimedDigest, DigestRepository } from './digest.repository';

type AlertChannelKind = AlertChannel['kind'];

/**
 * The wait before the next attempt of a digest a channel did not take: 30 s, 1 min, 2 min … at most 30 minutes, on
 * every channel, until the next period's digest (no count of attempts: a channel that recovers within the period
 * gets it).
 */
const retryDelayMs = exponentialBackoff({ baseMs: 30_000, maxMs: 30 * 60_000, jitter: 'none' });

/** A sender's hold on a delivery; a dead holder's rows are free once its heartbeat stops (decision 247). */
export const DIGEST_LEASE_MS = 2 * 60_000;
/** Sender slots per process (a mail relay takes several connections), and rows each slot takes at a time. */
const SLOTS = 10;
const CLAIM = 10;

export type DigestDrainReport = DrainReport;

/** The Message-ID of a digest e-mail: its outbox row's id, the same on every attempt. */
export function digestMessageId(deliveryId: string, appUrl: string): string {
  let host = 'gowild-finder.invalid';
  try {
    host = new URL(appUrl).hostname || host;
  } catch {
    // The config refuses an unparsable APP_URL; this only keeps the header well-formed.
  }
  return `<digest.${deliveryId}@${host}>`;
}

export interface DigestOutboxDeps {
  repo: DigestRepository;
  clock: Clock;
  email: EmailProvider;
  /** The alert channels (web push, Telegram, Discord); e-mail is sent here, with the unsubscribe headers. */
  channels: readonly AlertChannel[];
  appUrl: string;
  /** The one-click unsubscribe address of a traveller (List-Unsubscribe). */
  unsubscribeUrl(userId: string): string;
  workerId?: string;
  log?: FastifyBaseLogger;
}

/**
 * The digest outbox sender (decisions 271, 287): the alert outbox's rules on the digest's rows (db/outbox.ts). Each
 * slot takes a few due rows under a lease, hands each to its channel, and marks it delivered, to retry with its
 * channel's back-off (until the next period's digest makes it moot), or failed. A delivered row is never taken again,
 * so two workers, a retried job or a restart never send it twice. A row whose sender died is taken over as soon as
 * that process stops beating and sent, with the same delivery id (e-mail's Message-ID, web push's Topic and tag), so
 * nothing is lost and only a send that was in flight when its sender died can arrive twice (decision 287).
 */
export function createDigestOutbox(deps: DigestOutboxDeps) {
  const { repo, clock } = deps;
  const byKind = new Map(deps.channels.map((c) => [c.kind, c]));

  async function send(row: ClaimedDigest): Promise<DeliveryOutcome> {
    if (row.channel === 'email') {
      const url = deps.unsubscribeUrl(row.userId);
      try {
        await deps.email.send({
          to: row.targetLabel,
          subject: row.title,
          text: row.textBody,
          html: row.htmlBody ?? row.textBody,
          messageId: digestMessageId(row.id, deps.appUrl),
          // RFC 2369 and RFC 8058: a mail client's own unsubscribe button, one click, no sign-in.
          headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        });
        return { status: 'delivered' };
      } catch (err) {
        return { status: 'retry', reason: err instanceof Error ? err.message : String(err) };
      }
    }
    const channel = byKind.get(row.channel as AlertChannelKind);
    if (!channel) return { status: 'permanent', reason: 'channel not available on this server' };
    // The channels render title, text and url; they do not read the kind.
    const message = { kind: 'digest', title: row.title, text: row.textBody, url: row.url } as unknown as AlertMessage;
    try {
      return await channel.deliver({ channel: row.channel as AlertChannelKind, id: row.targetId, label: row.targetLabel }, message, row.id);
    } catch (err) {
      return { status: 'retry', reason: err instanceof Error ? err.message : String(err) };
    }
  }

  /**
   * Delivers `row` and records the outcome. `marked`: its "handing over" note was written with the previous row's
   * delivered mark. Returns whether `next`'s note was written with this row's (one round trip instead of two).
   */
  async function deliverOne(
    row: ClaimedDigest,
    next: ClaimedDigest | undefined,
    marked: boolean,
    report: DigestDrainReport,
    log?: FastifyBaseLogger,
  ): Promise<boolean> {
    if (row.wasSending)
      // Its channel may have it: sent again with the same delivery id, which each channel uses to tell a repeat.
      (log ?? deps.log)?.warn({ deliveryId: row.id, channel: row.channel }, 'digest delivery taken over from a sender that stopped');
    if (!marked) await repo.markSending(row);
    const outcome = await send(row);
    const now = clock.now();
    switch (outcome.status) {
      case 'delivered':
        report.sent += 1;
        if (next) {
          await repo.markDeliveredThenSending(row, now, next);
          return true;
        }
        await repo.markDelivered(row, now);
        return false;
      case 'retry': {
        const again = new Date(now.getTime() + Math.max(retryDelayMs(row.attempts - 1), outcome.retryAfterMs ?? 0));
        if (again.getTime() >= row.expiresAt.getTime()) {
          await repo.markFailed(row, `not delivered before the next digest: ${outcome.reason}`, now);
          report.failed += 1;
        } else {
          await repo.markRetry(row, outcome.reason, again);
          report.retrying += 1;
        }
        (log ?? deps.log)?.warn(
          { deliveryId: row.id, channel: row.channel, attempts: row.attempts, reason: outcome.reason },
          'digest not delivered',
        );
        return false;
      }
      case 'permanent':
      case 'gone':
        await repo.markFailed(row, outcome.reason, now);
        if (outcome.status === 'gone')
          await byKind
            .get(row.channel as AlertChannelKind)
            ?.forget?.({ channel: row.channel as AlertChannelKind, id: row.targetId, label: row.targetLabel });
        report.failed += 1;
        return false;
    }
  }

  async function drainOnce(log?: FastifyBaseLogger): Promise<DigestDrainReport> {
    const report: DigestDrainReport = { sent: 0, retrying: 0, failed: 0 };
    const slot = async () => {
      for (;;) {
        const rows = await repo.claimDeliveries(clock.now(), DIGEST_LEASE_MS, CLAIM, deps.workerId);
        if (rows.length === 0) return;
        let marked = false;
        for (let i = 0; i < rows.length; i++) marked = await deliverOne(rows[i]!, rows[i + 1], marked, report, log);
      }
    };
    await Promise.all(Array.from({ length: SLOTS }, slot));
    return report;
  }

  const loop = createDrainLoop({ pass: drainOnce, failure: 'digest outbox drain failed', log: deps.log });
  return {
    /** Delivers every digest due now; a call while a drain runs waits for it, and that drain takes one more pass. */
    drain: loop.drain,
    leftBehind: () => repo.leftBehind(),
    idle: loop.idle,
  };
}
export type DigestOutbox = ReturnType<typeof createDigestOutbox>;
