import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { exponentialBackoff } from '../../lib/upstream/backoff';
import { POLICY_SETTINGS } from '../../lib/upstream/policy-settings';
import { type DrainReport, createDrainLoop } from '../../db/outbox';
import type { AlertChannel, AlertChannelKind, ChannelTarget, DeliveryOutcome } from './channels/alert-channel';
import type { AlertDeliveryRow, AlertsRepository, OutboxMessage } from './alerts.repository';
import type { AlertMetrics } from './alerts.metrics';
import { type ClaimedDelivery, type OutboxLeases, createOutboxLeases } from './alert-outbox.repository';

/**
 * How long a sender holds a delivery it took before another sender may take it. On PostgreSQL a sender that dies
 * lets go much sooner: its rows are free once its process stops beating (db/liveness.ts, 8 s; decision 247), so
 * this bounds only a living sender stuck on one delivery, and a process without a heartbeat (the embedded database).
 */
export const DELIVERY_LEASE_MS = 2 * 60_000;
/** Deliveries in flight at once per process (a mail relay takes several connections); each sender slot holds one. */
export const SEND_CONCURRENCY = 5;

/**
 * Each channel's retries (decision 206): the one back-off policy of lib/upstream without jitter (the outbox stores
 * each retry's time), with the channel's own base, ceiling and number of attempts. E-mail keeps its settings; the chat
 * services answer in seconds and say when to come back (429 retry_after), so they start sooner.
 */
export const CHANNEL_RETRY_POLICY: Record<AlertChannelKind, { baseMs: number; maxMs: number; attempts: number }> = {
  email: { baseMs: POLICY_SETTINGS.email.retryBaseMs, maxMs: POLICY_SETTINGS.email.retryMaxMs, attempts: POLICY_SETTINGS.email.attempts },
  push: { baseMs: 30_000, maxMs: 30 * 60_000, attempts: 8 },
  telegram: { baseMs: 15_000, maxMs: 30 * 60_000, attempts: 8 },
  discord: { baseMs: 15_000, maxMs: 30 * 60_000, attempts: 8 },
};
const backoffs = Object.fromEntries(
  Object.entries(CHANNEL_RETRY_POLICY).map(([k, p]) => [k, exponentialBackoff({ baseMs: p.baseMs, maxMs: p.maxMs, jitter: 'none' })]),
) as Record<AlertChannelKind, (retry: number) => number>;

/** Wait before attempt `attempts + 1` on `channel`: for e-mail 30 s, 1 min, 2 min … doubling, at most an hour. */
export function retryDelayMs(channel: AlertChannelKind, attempts: number): number {
  return backoffs[channel](attempts - 1);
}
export function emailBackoffMs(attempts: number): number {
  return retryDelayMs('email', attempts);
}

export type { DrainReport } from '../../db/outbox';

interface OutboxDeps {
  repo: AlertsRepository;
  /** The database, for the leases (alert-outbox.repository.ts). */
  db: Db;
  /** This process's heartbeat id (PostgreSQL): written on the rows it holds, so they are freed when it dies. */
  workerId?: string;
  channels: readonly AlertChannel[];
  clock: Clock;
  metrics: AlertMetrics;
  log?: FastifyBaseLogger;
}

/** What the history says of an attempt whose sender died before recording its outcome (decision 248). */
export const INTERRUPTED_REASONS = {
  sending: 'The sender stopped while the channel had the message (it may have arrived); sent again',
  before: 'The sender stopped before handing the message to the channel; sent now',
} as const;

/** Delivers one claimed row on its channel and records what came of it (decisions 205–207, 248). */
function deliverer(deps: OutboxDeps, byKind: ReadonlyMap<AlertChannelKind, AlertChannel>, leases: OutboxLeases) {
  const { repo, clock, metrics } = deps;
  async function failed(
    row: AlertDeliveryRow,
    outcome: 'permanent' | 'exhausted' | 'gone' | 'broken',
    reason: string,
    userId: string | undefined,
  ) {
    const now = clock.now();
    await repo.markAttemptFailed(row, outcome, reason, now, null);
    if (outcome === 'permanent' || outcome === 'exhausted') {
      if (userId && (await repo.targetFailed({ channel: row.channel, targetId: row.targetId, userId }, reason, now)))
        metrics.targetsBroken.inc({ channel: row.channel });
    }
  }

  async function deliverOne(row: ClaimedDelivery, report: DrainReport, log?: FastifyBaseLogger) {
    const kind = row.channel as AlertChannelKind;
    if (row.interrupted) {
      await leases.noteInterrupted(row, INTERRUPTED_REASONS[row.wasSending ? 'sending' : 'before'], clock.now());
      (log ?? deps.log)?.warn(
        { deliveryId: row.id, channel: row.channel, attempt: row.attempts - 1, inFlight: row.wasSending },
        'alert delivery taken over from a sender that stopped',
      );
    }
    const channel = byKind.get(kind);
    const count = (outcome: string) => {
      metrics.deliveries.inc({ channel: row.channel, kind: row.kind, outcome });
      if (kind === 'email')
        metrics.emails.inc({ kind: row.kind, result: outcome === 'delivered' ? 'sent' : outcome === 'retry' ? 'retry' : 'failed' });
    };
    const audience = await repo.alertAudience(row.notificationId);
    if (!channel) {
      await failed(row, 'broken', 'channel not available on this server', undefined);
      count('failed');
      report.failed += 1;
      return;
    }
    const broken = await repo.brokenReason(row.channel, row.targetId);
    if (broken !== null) {
      await failed(row, 'broken', `not sent: this ${row.channel} target is marked broken (${broken})`, undefined);
      count('failed');
      report.failed += 1;
      return;
    }
    const target: ChannelTarget = { channel: kind, id: row.targetId, label: row.targetLabel };
    const message: OutboxMessage = {
      kind: row.kind as OutboxMessage['kind'],
      title: row.title,
      text: row.textBody,
      url: row.url,
      ...(row.htmlBody ? { html: row.htmlBody } : {}),
    };
    let outcome: DeliveryOutcome;
    try {
      // From here a crash leaves "maybe sent": the next attempt says so in the history.
      await leases.markSending(row);
      outcome = await channel.deliver(target, message, row.id);
    } catch (err) {
      // A channel should answer, not throw; a throw counts as a failure worth retrying.
      outcome = { status: 'retry', reason: err instanceof Error ? err.message : String(err) };
    }
    const now = clock.now();
    switch (outcome.status) {
      case 'delivered':
        await repo.markDelivered(row, now);
        await repo.targetDelivered(row.channel, row.targetId, now);
        count('delivered');
        report.sent += 1;
        return;
      case 'retry': {
        const policy = CHANNEL_RETRY_POLICY[kind];
        if (row.attempts >= policy.attempts) {
          await failed(row, 'exhausted', `gave up after ${row.attempts} attempts: ${outcome.reason}`, audience?.userId);
          count('failed');
          report.failed += 1;
        } else {
          const wait = Math.max(retryDelayMs(kind, row.attempts), outcome.retryAfterMs ?? 0);
          await repo.markAttemptFailed(row, 'retry', outcome.reason, now, new Date(now.getTime() + wait));
          count('retry');
          report.retrying += 1;
        }
        (log ?? deps.log)?.warn(
          { deliveryId: row.id, channel: row.channel, attempts: row.attempts, reason: outcome.reason },
          'alert delivery not delivered',
        );
        return;
      }
      case 'permanent':
        await failed(row, 'permanent', outcome.reason, audience?.userId);
        count('failed');
        report.failed += 1;
        (log ?? deps.log)?.warn({ deliveryId: row.id, channel: row.channel, reason: outcome.reason }, 'alert delivery refused for good');
        return;
      case 'gone':
        await failed(row, 'gone', `target removed: ${outcome.reason}`, undefined);
        await channel.forget?.(target);
        await repo.clearTargetHealth(row.channel, row.targetId);
        count('gone');
        report.failed += 1;
        return;
    }
  }

  return deliverOne;
}

/**
 * The alert outbox sender (decisions 068, 147, 205): one row per (message, channel target), each taken under a lease,
 * handed to its channel and marked delivered, retried with its channel's back-off, or given up. A row with its
 * delivered marker is never taken again, so a retried job, a second process or a second run never delivers it twice.
 * Each sender slot takes one row right before it delivers it and marks it right after, so only rows in flight are
 * leased. A process killed between the channel accepting a message and the mark delivers it again, with the same
 * delivery id (at least once, never lost; decision 147): on PostgreSQL as soon as the process has stopped beating
 * (8 s) and a worker sees the rows it left (decision 247), else once the lease runs out. The row notes when its
 * message was handed to the channel, so the history tells a repeat that may have arrived twice from a first send
 * (decision 248); each channel makes a repeat as harmless as it can (docs/product/alerts.md). A target whose deliveries keep
 * failing is marked broken and gets no more (decision 207); the other targets deliver on their own.
 *
 * `channels` is the composition's list (e-mail, Telegram, Discord, and web push when it is built in): a channel not
 * in it leaves its rows failed with 'channel not available'.
 */
export function createAlertOutbox(deps: OutboxDeps) {
  const { repo, clock, metrics } = deps;
  const byKind = new Map(deps.channels.map((c) => [c.kind, c]));
  const leases = createOutboxLeases(deps.db);
  const deliverOne = deliverer(deps, byKind, leases);

  async function drainOnce(log?: FastifyBaseLogger): Promise<DrainReport> {
    const report: DrainReport = { sent: 0, retrying: 0, failed: 0 };
    // Each slot claims the next due row only when it is about to deliver it: a batch claimed ahead would hold leases
    // on rows not yet tried, which a crash would then delay by the lease. A failed one is not due again this drain.
    const sender = async () => {
      for (;;) {
        const [row] = await leases.claimDue(clock.now(), DELIVERY_LEASE_MS, 1, deps.workerId);
        if (!row) return;
        await deliverOne(row, report, log);
      }
    };
    await Promise.all(Array.from({ length: SEND_CONCURRENCY }, sender));
    const pending = await repo.pendingByChannel();
    for (const kind of ['email', 'push', 'telegram', 'discord'] as const)
      metrics.deliveriesPending.set({ channel: kind }, pending.find((p) => p.channel === kind)?.n ?? 0);
    metrics.emailsPending.set(pending.find((p) => p.channel === 'email')?.n ?? 0);
    return report;
  }
  const loop = createDrainLoop({ pass: drainOnce, failure: 'alert outbox drain failed', log: deps.log });

  /**
   * The targets an alert's message goes to: each chosen channel's targets that are not marked broken. When none of
   * the chosen channels has one (a chat unlinked since), the e-mail address stands in, so a message is never sent
   * nowhere (decision 205). Read before the transaction that queues the message.
   */
  async function targetsFor(userId: string, chosen: readonly string[]): Promise<ChannelTarget[]> {
    const broken = await repo.brokenTargets(userId);
    const targets: ChannelTarget[] = [];
    for (const kind of chosen) {
      const channel = byKind.get(kind as AlertChannelKind);
      if (!channel) continue;
      for (const t of await channel.targetsFor(userId)) if (!broken.has(`${t.channel}:${t.id}`)) targets.push(t);
    }
    if (targets.length === 0 && !chosen.includes('email')) {
      const email = byKind.get('email');
      if (email) targets.push(...(await email.targetsFor(userId)));
    }
    return targets;
  }

  const outbox = {
    channels: deps.channels,
    targetsFor,
    /** The targets for one existing alert's next message (its owner, its channels). */
    async targetsForAlert(notificationId: string): Promise<ChannelTarget[]> {
      const audience = await repo.alertAudience(notificationId);
      return audience ? targetsFor(audience.userId, audience.channels) : [];
    },
    /** The targets of many alerts at once, by alert id (the checker's batch of matches). */
    async targetsForAlerts(
      alerts: readonly { id: string; userId: string; channels: readonly string[] }[],
    ): Promise<Map<string, ChannelTarget[]>> {
      const out = new Map<string, ChannelTarget[]>();
      for (const a of alerts) out.set(a.id, await targetsFor(a.userId, a.channels));
      return out;
    },
    /** Delivers every row due now; a call while a drain runs waits for it and then drains again. */
    drain: loop.drain,
    /** Starts a drain without waiting (after a commit that queued a message); failures are logged, the job retries. */
    kick: loop.kick,
    /** Whether a dead process left deliveries in flight (the send job then runs at once: decision 247). */
    leftBehind: () => leases.leftBehind(),
    /** Waits for a drain in progress (tests, shutdown). */
    idle: loop.idle,
  };
  return outbox;
}
export type AlertOutbox = ReturnType<typeof createAlertOutbox>;
