import { ERROR_CODES } from '@gowild/contract/errors';
import { SEARCH_MESSAGES, dailyLimitMessage } from '@gowild/contract/flights';
import { HUB_MESSAGES } from '@gowild/contract/hub-search';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../../lib/clock';
import { forbidden, tooManyRequests, unauthorized } from '../../../lib/http-error';
import type { AccountMetrics } from '../auth/account.metrics';
import type { AuthService } from '../auth/auth.service';
import { type SearchDelivery, searchCounts, searchIdentity, secondsUntilNextUtcDay, utcDay } from './quota';
import type { SearchLogRepository } from './search-log.repository';
import type { SearchUsageRepository } from './search-usage.repository';

/** Who is asking, as far as the rules of docs/product/accounts-and-plans.md#entitlements care. */
export interface Caller {
  userId: string | null;
  email: string | null;
  isPremium: boolean;
  isAdmin: boolean;
}

/**
 * What a search asks for: every destination from an origin, one route, every origin into a destination, or
 * two-flight trips through a hub (docs/product/search.md#via-a-hub).
 */
export type SearchKind = 'search' | 'single' | 'inbound' | 'hub';

/** How a search that ran went, as the search log records it and the rule of `searchCounts` judges it. */
export interface SearchOutcome extends SearchDelivery {
  /** The origin as asked for; null for an inbound search (it names only its destination). */
  origin: string | null;
  destination: string | null;
  date: string | null;
  /** Destinations (inbound: origins) the search set out to check. */
  destinations: number;
  /** Flights the traveller was sent (in `resultsFound` destinations). */
  totalFlights: number;
}

/** A search that was let in. Exactly one of `settle` or `cancel` takes effect; later calls do nothing. */
export interface SearchTicket {
  caller: Caller;
  /**
   * The search ran, whole or in part: write the search log and, by the rule of `searchCounts`, keep the search it
   * reserved or give it back. Answers whether it counted.
   */
  settle(outcome: SearchOutcome): Promise<{ charged: boolean }>;
  /** The search never ran (its input was refused): give the reserved search back, log nothing. */
  cancel(): Promise<void>;
}

/**
 * The entitlement check every flight search passes through (issue "Accounts"): 401 for visitors, 403 for premium
 * kinds, 429 when the free quota is used up. It reserves one search atomically, so concurrent requests cannot
 * overspend the quota. Implementations throw HttpError.
 */
export interface SearchGate {
  admit(request: FastifyRequest, kind: SearchKind): Promise<SearchTicket>;
}

/** Kinds only premium callers may run (docs/product/accounts-and-plans.md#entitlements). */
const PREMIUM_KINDS: Partial<Record<SearchKind, string>> = {
  inbound: SEARCH_MESSAGES.inboundPremium,
  single: SEARCH_MESSAGES.singlePremium,
  hub: HUB_MESSAGES.premiumRequired,
};

interface SearchGateDeps {
  auth: Pick<AuthService, 'authenticate'>;
  usage: SearchUsageRepository;
  log: SearchLogRepository;
  clock: Clock;
  freeSearchesPerDay: number;
  /** Counts quota refusals; optional so a gate can be built without a registry. */
  metrics?: Pick<AccountMetrics, 'quotaRefused'>;
}

/**
 * The server's search entitlements: visitors 401, premium kinds 403 for non-premium, free users one reserved search
 * from the UTC day's allowance (429 with Retry-After to midnight UTC when none is left), premium unlimited.
 * A search that ran is settled (`settle`): the search log gets its line, and the reservation is kept only when the
 * search counts (`searchCounts`: results were delivered, and they are not mostly failures). A search that never ran
 * (`cancel`) gives it back and logs nothing.
 */
export function createSearchGate(deps: SearchGateDeps): SearchGate {
  return {
    async admit(request: FastifyRequest, kind: SearchKind): Promise<SearchTicket> {
      const ctx = await deps.auth.authenticate(request);
      if (!ctx) throw unauthorized(SEARCH_MESSAGES.loginRequired);
      const { caller } = ctx;
      const premiumMessage = PREMIUM_KINDS[kind];
      if (premiumMessage && !caller.isPremium) throw forbidden(premiumMessage, ERROR_CODES.PREMIUM_REQUIRED);

      // Free users: one search from the UTC day's allowance, unless this same search was already paid for today
      // (decision 100), in which case it is a free repeat with nothing to give back.
      let reserved: { day: string; key: string } | null = null;
      let repeat = false;
      if (!caller.isPremium) {
        const now = deps.clock.now();
        const day = utcDay(now);
        const key = searchIdentity(kind === 'inbound' ? 'inbound' : 'outbound', request.query);
        const got = await deps.usage.reserveSearch(ctx.user.id, day, key, deps.freeSearchesPerDay);
        if (got === 'refused') {
          deps.metrics?.quotaRefused();
          throw tooManyRequests(dailyLimitMessage(deps.freeSearchesPerDay), secondsUntilNextUtcDay(now), ERROR_CODES.QUOTA_EXCEEDED);
        }
        if (got === 'new') reserved = { day, key };
        repeat = got === 'repeat';
      }

      let settled: { charged: boolean } | null = null;
      const refund = async () => {
        if (reserved) await deps.usage.refundSearch(caller.userId!, reserved.day, reserved.key);
      };
      return {
        caller,
        async settle(outcome: SearchOutcome) {
          if (settled) return settled;
          // A free repeat counts as nothing: it was paid for by the first of its kind today.
          const charged = searchCounts(outcome) && !repeat;
          settled = { charged };
          if (!charged) await refund();
          try {
            await deps.log.insert({
              userId: caller.userId,
              originAirport: outcome.origin,
              destinationAirport: outcome.destination,
              searchType: kind,
              searchDate: outcome.date,
              resultsFound: outcome.resultsFound,
              totalFlights: outcome.totalFlights,
              outcome: outcome.end,
              charged,
              destinationsTotal: outcome.destinations,
              destinationsChecked: outcome.checked,
              destinationsFailed: outcome.failed,
              createdAt: deps.clock.now(),
            });
          } catch (err) {
            // The traveller has their results; a lost log line must not turn them into an error.
            request.log.error({ err }, 'search log write failed');
          }
          return settled;
        },
        async cancel() {
          if (settled) return;
          settled = { charged: false };
          await refund();
        },
      };
    },
  };
}
