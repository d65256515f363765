import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  DIGEST_CHANNELS,
  DIGEST_CHANNEL_LABELS,
  DIGEST_MAX_ORIGINS,
  DIGEST_MESSAGES,
  type DigestChannel,
  type DigestDelivery,
  type DigestFrequency,
  type DigestSettings,
  type DigestState,
} from '@gowild/contract/digest';
import { ERROR_CODES } from '@gowild/contract/errors';
import type { FastifyBaseLogger } from 'fastify';
import { historyFields } from '../../db/outbox';
import type { Clock } from '../../lib/clock';
import { badRequest, forbidden } from '../../lib/http-error';
import type { AlertChannel } from '../alerts/alerts.module';
import type { ReferenceService } from '../reference/reference.module';
import { base } from './digest-content';
import { type ObservationReads, type PlanReport, createDigestPlanner, planOf } from './digest-planner';

export type { ObservationReads } from './digest-planner';
import type { DigestDrainReport, DigestOutbox } from './digest-outbox';
import { type DigestTiming, nextSlot } from './digest-schedule';
import type { DigestDeliveryRow, DigestRepository, DigestSettingsRow } from './digest.repository';

export interface DigestRunReport extends DigestDrainReport, PlanReport {}

export interface DigestServiceDeps {
  repo: DigestRepository;
  clock: Clock;
  outbox: DigestOutbox;
  channels: readonly AlertChannel[];
  observations: ObservationReads;
  reference: Pick<ReferenceService, 'destinationsFrom'>;
  /** Home airports first, then favourite origins (docs/product/favourites.md). */
  favourites: { originsOf(userId: string): Promise<string[]> };
  appUrl: string;
  /** The key unsubscribe links are signed with. */
  secret: Uint8Array;
  log?: FastifyBaseLogger;
}

function present(row: DigestSettingsRow | undefined): DigestSettings | null {
  if (!row) return null;
  return {
    enabled: row.enabled,
    origins: row.origins,
    channels: row.channels.filter((c): c is DigestChannel => (DIGEST_CHANNELS as readonly string[]).includes(c)),
    frequency: row.frequency as DigestFrequency,
    weekday: row.weekday,
    local_hour: row.localHour,
    time_zone: row.timeZone,
    next_due_at: row.enabled && row.nextDueAt ? row.nextDueAt.toISOString() : null,
    last_sent_at: row.lastSentAt?.toISOString() ?? null,
  };
}

/** The digest (docs/product/digest.md): the opt-in's rules, the one-click unsubscribe, and the run that writes and sends the digests due. */
export function createDigestService(deps: DigestServiceDeps) {
  const { repo, clock } = deps;
  const app = base(deps.appUrl);
  const byKind = new Map(deps.channels.map((c) => [c.kind, c]));

  const mac = (userId: string) => createHmac('sha256', deps.secret).update(`digest-unsubscribe:${userId}`).digest('base64url');
  const unsubscribeToken = (userId: string) => `${userId}.${mac(userId)}`;
  const unsubscribeUrl = (userId: string) => `${app}/api/digest/unsubscribe?token=${encodeURIComponent(unsubscribeToken(userId))}`;

  /** The chat and push channels with a target on this account; e-mail is always there. */
  async function linkedChannels(userId: string): Promise<DigestChannel[]> {
    const linked: DigestChannel[] = ['email'];
    for (const kind of ['push', 'telegram', 'discord'] as const) {
      const channel = byKind.get(kind);
      if (channel && (await channel.targetsFor(userId)).length > 0) linked.push(kind);
    }
    return linked;
  }

  const plan = createDigestPlanner({ ...deps, unsubscribeUrl }).plan;

  async function state(user: { id: string; isPremium: boolean }, message?: string): Promise<DigestState> {
    const [row, favourites, origin, linked] = await Promise.all([
      repo.settings(user.id),
      deps.favourites.originsOf(user.id),
      repo.lastSearchedOrigin(user.id),
      linkedChannels(user.id),
    ]);
    const plan = planOf(user.isPremium);
    // The favourites (home airports first), as many as a digest takes; with none, the last searched origin.
    const suggested = favourites.length > 0 ? favourites.slice(0, DIGEST_MAX_ORIGINS) : origin ? [origin] : [];
    return {
      settings: present(row),
      suggested_origins: suggested,
      linked_channels: linked,
      plan: { premium: user.isPremium, frequencies: [...plan.frequencies], channels: [...plan.channels] },
      ...(message ? { message } : {}),
    };
  }

  return {
    unsubscribeToken,
    unsubscribeUrl,
    state,

    /** PUT /api/digest: the plan's rules (403), the origins and linked channels (400), then the next due instant. */
    async save(
      user: { id: string; isPremium: boolean },
      input: {
        enabled: boolean;
        origins: string[];
        channels: DigestChannel[];
        frequency: DigestFrequency;
        weekday: number;
        local_hour: number;
        time_zone: string;
      },
    ): Promise<DigestState> {
      const plan = planOf(user.isPremium);
      if (!(plan.frequencies as readonly string[]).includes(input.frequency))
        throw forbidden(DIGEST_MESSAGES.premiumDaily, ERROR_CODES.PREMIUM_REQUIRED);
      if (input.channels.some((c) => !(plan.channels as readonly string[]).includes(c)))
        throw forbidden(DIGEST_MESSAGES.premiumChannels, ERROR_CODES.PREMIUM_REQUIRED);
      for (const o of input.origins)
        if (deps.reference.destinationsFrom(o).length === 0)
          throw badRequest(`${o} ${DIGEST_MESSAGES.originUnknown}`, ERROR_CODES.VALIDATION_FAILED);
      const linked = await linkedChannels(user.id);
      for (const c of input.channels)
        if (!linked.includes(c))
          throw badRequest(`${DIGEST_CHANNEL_LABELS[c]} ${DIGEST_MESSAGES.channelNotLinked}`, ERROR_CODES.VALIDATION_FAILED);
      const now = clock.now();
      const timing: DigestTiming = {
        frequency: input.frequency,
        weekday: input.weekday,
        localHour: input.local_hour,
        timeZone: input.time_zone,
      };
      await repo.saveSettings(
        user.id,
        {
          enabled: input.enabled,
          origins: input.origins,
          channels: input.channels,
          frequency: input.frequency,
          weekday: input.weekday,
          localHour: input.local_hour,
          timeZone: input.time_zone,
          nextDueAt: input.enabled ? nextSlot(timing, now).at : null,
        },
        now,
      );
      return state(user, input.enabled ? DIGEST_MESSAGES.saved : DIGEST_MESSAGES.turnedOff);
    },

    /** The one-click unsubscribe: a token signed for one traveller switches their digest off; anything else is a 400. */
    async unsubscribe(token: string): Promise<string> {
      const [userId, given] = token.split('.');
      // Compared as bytes of equal length: a token of other characters is refused, never a throw.
      const a = Buffer.from(given ?? '');
      const b = Buffer.from(userId ? mac(userId) : '');
      const ok = !!userId && a.length > 0 && a.length === b.length && timingSafeEqual(a, b);
      if (!ok) throw badRequest(DIGEST_MESSAGES.unsubscribeInvalid);
      await repo.disable(userId, clock.now());
      return DIGEST_MESSAGES.unsubscribed;
    },

    plan,

    /** The traveller's digests in the delivery history's form (docs/product/digest.md#delivery-history). */
    async deliveries(userId: string): Promise<{ deliveries: DigestDelivery[] }> {
      return { deliveries: (await repo.deliveriesForUser(userId)).map(presentDigestDelivery) };
    },

    /** The digests due at `at` (default now) written, then every digest due sent (`digest:run`, the job). */
    async run(at?: Date, log?: FastifyBaseLogger): Promise<DigestRunReport> {
      // Sending starts with the first batch planned, while the next ones are planned; each batch asks for one more pass.
      const drains = new Set<Promise<DigestDrainReport>>();
      const planned = await plan(at ?? clock.now(), () => void drains.add(deps.outbox.drain(log)));
      // Then every row due, what the drains' last passes had not seen yet included.
      drains.add(deps.outbox.drain(log));
      const sent = { sent: 0, retrying: 0, failed: 0 };
      for (const r of await Promise.all(drains)) {
        sent.sent += r.sent;
        sent.retrying += r.retrying;
        sent.failed += r.failed;
      }
      return { ...planned, ...sent };
    },
  };
}
export type DigestService = ReturnType<typeof createDigestService>;

/** A digest row as the history shows it: the alert history's statuses (docs/product/alerts.md#delivery-history). */
function presentDigestDelivery(row: DigestDeliveryRow): DigestDelivery {
  return { ...historyFields(row), kind: 'digest', period: row.period, channel: row.channel as DigestDelivery['channel'] };
}
