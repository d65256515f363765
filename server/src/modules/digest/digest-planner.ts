import { addDays } from '@gowild/contract/dates';
import { DIGEST_PLAN, type DigestChannel, type DigestFrequency } from '@gowild/contract/digest';
import { localDate } from '@gowild/contract/local-time';
import type { GridResponse, RouteInsightsResponse } from '@gowild/contract/observations';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { AlertChannel, ChannelTarget } from '../alerts/alerts.module';
import { type OriginFinds, type SeenFares, base, changesSince, findsOf, renderDigest } from './digest-content';
import { type DigestTiming, nextSlot, slotAtOrBefore } from './digest-schedule';
import type { DigestReader, DigestRepository, DigestSettingsRow, NewDigestDelivery } from './digest.repository';

type AlertChannelKind = AlertChannel['kind'];

/** The observations' reads the digest makes (the observations module's service): never an airline request. */
export interface ObservationReads {
  grid(q: { origin: string; from: string; days: number }, premium: boolean): Promise<GridResponse>;
  insights(q: { origin: string; date: string }): Promise<RouteInsightsResponse>;
}

export interface PlanReport {
  /** Travellers whose digest was written this run. */
  planned: number;
  /** Deliveries queued (one per channel target). */
  queued: number;
  /** Of the planned, those whose digest said "nothing new". */
  nothingNew: number;
}

/** Opt-ins planned per transaction. */
const PLAN_BATCH = 200;
/** How long a planner holds the opt-ins it took before another may take them (it normally commits in well under a second). */
const PLAN_LEASE_MS = 5 * 60_000;

export const planOf = (premium: boolean) => (premium ? DIGEST_PLAN.premium : DIGEST_PLAN.free);

/**
 * What a traveller's plan allows of what they chose (decision 270): a premium that ended keeps its settings, but the
 * digest then goes weekly (on the chosen day) by e-mail until premium is back.
 */
function effective(row: DigestSettingsRow, premium: boolean): { timing: DigestTiming; channels: DigestChannel[] } {
  const plan = planOf(premium);
  const frequency = (plan.frequencies as readonly string[]).includes(row.frequency) ? (row.frequency as DigestFrequency) : 'weekly';
  const channels = row.channels.filter((c): c is DigestChannel => (plan.channels as readonly string[]).includes(c));
  return {
    timing: { frequency, weekday: row.weekday, localHour: row.localHour, timeZone: row.timeZone },
    channels: channels.length > 0 ? channels : ['email'],
  };
}

/**
 * The planner (decision 271): takes the opt-ins due in batches, writes each traveller's digest for the period its slot
 * names into the digest outbox, one row per channel target, and moves the opt-in on to its next slot, in one
 * transaction per batch. The period is part of each row's unique key, so a digest planned twice (two workers, a
 * restart, a setting saved again) is written once.
 */
export function createDigestPlanner(deps: {
  repo: DigestRepository;
  clock: Clock;
  channels: readonly AlertChannel[];
  observations: ObservationReads;
  appUrl: string;
  unsubscribeUrl(userId: string): string;
  log?: FastifyBaseLogger;
}) {
  const { repo, clock } = deps;
  const app = base(deps.appUrl);
  const byKind = new Map(deps.channels.map((c) => [c.kind, c]));

  /** The targets of one traveller's digest: each chosen channel's; e-mail stands in when none has one (never sent nowhere). */
  async function targetsOf(reader: DigestReader, channels: readonly DigestChannel[]): Promise<ChannelTarget[]> {
    const targets: ChannelTarget[] = [];
    for (const kind of channels) {
      if (kind === 'email') targets.push({ channel: 'email', id: reader.id, label: reader.email });
      else {
        const channel = byKind.get(kind as AlertChannelKind);
        if (channel) targets.push(...(await channel.targetsFor(reader.id)));
      }
    }
    if (targets.length === 0) targets.push({ channel: 'email', id: reader.id, label: reader.email });
    return targets;
  }

  /** One run's reads of the observations: an origin's finds for a date are read once, whoever else gets them. */
  function findsCache() {
    const cache = new Map<string, Promise<OriginFinds | null>>();
    return (origin: string, tomorrow: string): Promise<OriginFinds | null> => {
      const key = `${origin}|${tomorrow}`;
      let hit = cache.get(key);
      if (!hit) {
        hit = Promise.all([
          deps.observations.grid({ origin, from: tomorrow, days: 2 }, true),
          deps.observations.insights({ origin, date: tomorrow }),
        ]).then(
          ([grid, insights]) => findsOf(grid, insights, origin, tomorrow),
          (err: unknown) => {
            deps.log?.warn({ err, origin }, 'digest: the observations of an origin could not be read');
            return null;
          },
        );
        cache.set(key, hit);
      }
      return hit;
    };
  }

  /** Writes the digests due at `now` (each traveller's, once per period) into the outbox. */
  async function plan(now: Date, onBatch?: () => void): Promise<PlanReport> {
    const report = { planned: 0, queued: 0, nothingNew: 0 };
    const finds = findsCache();
    for (;;) {
      // A lease of its own (a few random milliseconds), so only this planner's commit matches it.
      const leaseUntil = new Date(now.getTime() + PLAN_LEASE_MS + Math.floor(Math.random() * 1000));
      const due = await repo.claimDue(now, leaseUntil, PLAN_BATCH);
      if (due.length === 0) return report;
      const readers = await repo.readers(
        due.map((d) => d.userId),
        now,
      );
      const batch = [];
      for (const row of due) {
        const reader = readers.get(row.userId);
        const { timing, channels } = effective(row, reader?.premium ?? false);
        const next = nextSlot(timing, now);
        if (!reader?.active) {
          batch.push({ userId: row.userId, leaseUntil, nextDueAt: next.at, sentAt: null, lastSeen: null, deliveries: [] });
          continue;
        }
        const slot = slotAtOrBefore(timing, now);
        const tomorrow = addDays(localDate(now, timing.timeZone), 1);
        const originFinds = (await Promise.all(row.origins.map((o) => finds(o, tomorrow)))).filter((f): f is OriginFinds => f !== null);
        const changes = changesSince(row.lastSentAt ? (row.lastSeen as SeenFares) : null, originFinds);
        const message = renderDigest(
          { firstName: reader.firstName, premium: reader.premium, frequency: timing.frequency },
          originFinds,
          changes,
          {
            appUrl: deps.appUrl,
            unsubscribeUrl: deps.unsubscribeUrl(row.userId),
            manageUrl: `${app}${reader.premium ? '/notifications' : '/profile'}`,
          },
        );
        const deliveries: NewDigestDelivery[] = (await targetsOf(reader, channels)).map((t) => ({
          userId: row.userId,
          period: slot.period,
          channel: t.channel,
          targetId: t.id,
          targetLabel: t.label,
          title: message.title,
          textBody: t.channel === 'email' ? message.text : t.channel === 'telegram' ? telegramText(message) : message.short,
          htmlBody: t.channel === 'email' ? message.html : null,
          url: message.url,
          // A run for a later instant (`digest:run --at`) sends at once all the same.
          nextAttemptAt: new Date(Math.min(now.getTime(), clock.now().getTime())),
          expiresAt: next.at,
        }));
        report.planned += 1;
        if (message.nothingNew) report.nothingNew += 1;
        batch.push({ userId: row.userId, leaseUntil, nextDueAt: next.at, sentAt: now, lastSeen: changes.seen, deliveries });
      }
      report.queued += await repo.commitPlanned(batch);
      onBatch?.();
    }
  }

  return { plan };
}

/**
 * A digest's text in a Telegram chat: the short lines and the link that opens the search. Web push opens the link on
 * a click and Discord's embed links its title; a Telegram message has only its text, so the link is written in it.
 */
function telegramText(message: { short: string; url: string }): string {
  return `${message.short}\n\nOpen the search: ${message.url}`;
}
