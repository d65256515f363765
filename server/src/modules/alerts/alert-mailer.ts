import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { EmailProvider } from '../../providers/email/email.provider';
import type { AlertEmailKind, AlertsRepository } from './alerts.repository';
import type { AlertMetrics } from './alerts.metrics';

/** How long a sender holds an e-mail it took before another sender may take it (a sender that died mid-send). */
export const EMAIL_LEASE_MS = 2 * 60_000;
/** Attempts before an e-mail is given up. With the backoff below they span about four hours. */
export const EMAIL_MAX_ATTEMPTS = 10;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 60 * 60_000;
const BATCH = 20;

/** Wait before attempt `attempts + 1`: 30 s, 1 min, 2 min … doubling, at most an hour. */
export function emailBackoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

export interface DrainReport {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Delivers the alert e-mail outbox (decision 068). Each e-mail was queued in the transaction that caused it; a
 * sender takes a due one under a lease, sends it, and sets the sent marker. A failed send is tried again later with
 * a doubling backoff, up to EMAIL_MAX_ATTEMPTS. An e-mail with its sent marker is never taken again, so a retried
 * job, a second process or a second run never sends it twice. The one gap: a process killed after the mail server
 * accepted the message and before the marker was written sends it again once the lease runs out (at least once,
 * never silently lost).
 */
export function createAlertMailer(deps: {
  repo: AlertsRepository;
  email: EmailProvider;
  clock: Clock;
  metrics: AlertMetrics;
  log?: FastifyBaseLogger;
}) {
  const { repo, email, clock, metrics } = deps;
  let running: Promise<DrainReport> | undefined;
  let again = false;

  async function sendOne(
    row: Awaited<ReturnType<AlertsRepository['claimDueEmails']>>[number],
    report: DrainReport,
    log?: FastifyBaseLogger,
  ) {
    const kind = row.kind as AlertEmailKind;
    try {
      await email.send({ to: row.recipient, subject: row.subject, text: row.textBody, html: row.htmlBody });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const giveUp = row.attempts >= EMAIL_MAX_ATTEMPTS;
      const now = clock.now();
      await repo.markAttemptFailed(row.id, message, now, giveUp ? null : new Date(now.getTime() + emailBackoffMs(row.attempts)));
      metrics.emails.inc({ kind, result: giveUp ? 'failed' : 'retry' });
      if (giveUp) report.failed += 1;
      else report.retrying += 1;
      (log ?? deps.log)?.warn({ err, emailId: row.id, kind, attempts: row.attempts, giveUp }, 'alert e-mail not sent');
      return;
    }
    await repo.markSent(row, clock.now());
    metrics.emails.inc({ kind, result: 'sent' });
    report.sent += 1;
  }

  async function drainOnce(log?: FastifyBaseLogger): Promise<DrainReport> {
    const report: DrainReport = { sent: 0, retrying: 0, failed: 0 };
    for (;;) {
      const batch = await repo.claimDueEmails(clock.now(), EMAIL_LEASE_MS, BATCH);
      if (batch.length === 0) break;
      for (const row of batch) await sendOne(row, report, log);
    }
    metrics.emailsPending.set(await repo.pendingEmails());
    return report;
  }

  const mailer = {
    /** Sends every e-mail due now; a call while a drain runs waits for it and then drains again. */
    async drain(log?: FastifyBaseLogger): Promise<DrainReport> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        const total: DrainReport = { sent: 0, retrying: 0, failed: 0 };
        do {
          again = false;
          const r = await drainOnce(log);
          total.sent += r.sent;
          total.retrying += r.retrying;
          total.failed += r.failed;
        } while (again);
        return total;
      })().finally(() => {
        running = undefined;
        // A call that arrived after the last pass checked `again`: its e-mail gets a pass of its own.
        if (again) mailer.kick(log);
      });
      return running;
    },
    /** Starts a drain without waiting (after a commit that queued an e-mail); failures are logged, the job retries. */
    kick(log?: FastifyBaseLogger): void {
      mailer.drain(log).catch((err: unknown) => (log ?? deps.log)?.error({ err }, 'alert e-mail drain failed'));
    },
    /** Waits for a drain in progress (tests, shutdown). */
    async idle(): Promise<void> {
      while (running) await running.catch(() => undefined);
    },
  };
  return mailer;
}
export type AlertMailer = ReturnType<typeof createAlertMailer>;
