import { ERROR_CODES } from '@gowild/contract/errors';
import { SEARCH_MESSAGES, dailyLimitMessage } from '@gowild/contract/flights';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../../lib/clock';
import { forbidden, tooManyRequests, unauthorized } from '../../../lib/http-error';
import type { AccountMetrics } from '../auth/account.metrics';
import type { AuthService } from '../auth/auth.service';
import { secondsUntilNextUtcDay, utcDay } from './quota';
import type { SearchLogRepository } from './search-log.repository';
import type { SearchUsageRepository } from './search-usage.repository';

/** Who is asking, as far as the rules of docs/product/accounts-and-plans.md#entitlements care. */
export interface Caller {
  userId: string | null;
  email: string | null;
  isPremium: boolean;
  isAdmin: boolean;
}

/** What a search asks for: every destination from an origin, one route, or every origin into a destination. */
export type SearchKind = 'search' | 'single' | 'inbound';

export interface SearchOutcome {
  origin: string;
  destination: string | null;
  date: string | null;
  resultsFound: number;
  totalFlights: number;
}

/** A search that was let in. Exactly one of `complete` or `cancel` is called. */
export interface SearchTicket {
  caller: Caller;
  /** The search ran: keep the quota it reserved and write the search log. */
  complete(outcome: SearchOutcome): Promise<void>;
  /** The search did not run (upstream failure, client gone): give the reserved quota back. */
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
 * The reservation is kept when the search ran (`complete`, which also writes the search log) and given back when
 * it did not (`cancel`), so usage counts only searches that ran.
 */
export function createSearchGate(deps: SearchGateDeps): SearchGate {
  return {
    async admit(request: FastifyRequest, kind: SearchKind): Promise<SearchTicket> {
      const ctx = await deps.auth.authenticate(request);
      if (!ctx) throw unauthorized(SEARCH_MESSAGES.loginRequired);
      const { caller } = ctx;
      const premiumMessage = PREMIUM_KINDS[kind];
      if (premiumMessage && !caller.isPremium) throw forbidden(premiumMessage, ERROR_CODES.PREMIUM_REQUIRED);

      let reservedDay: string | null = null;
      if (!caller.isPremium) {
        const now = deps.clock.now();
        const day = utcDay(now);
        if (!(await deps.usage.reserve(ctx.user.id, day, deps.freeSearchesPerDay))) {
          deps.metrics?.quotaRefused();
          throw tooManyRequests(dailyLimitMessage(deps.freeSearchesPerDay), secondsUntilNextUtcDay(now), ERROR_CODES.QUOTA_EXCEEDED);
        }
        reservedDay = day;
      }

      let settled = false;
      return {
        caller,
        async complete(outcome: SearchOutcome) {
          if (settled) return;
          settled = true;
          try {
            await deps.log.insert({
              userId: caller.userId,
              originAirport: outcome.origin,
              destinationAirport: outcome.destination,
              searchType: kind,
              searchDate: outcome.date,
              resultsFound: outcome.resultsFound,
              totalFlights: outcome.totalFlights,
              createdAt: deps.clock.now(),
            });
          } catch (err) {
            // The traveller has their results; a lost log line must not turn them into an error.
            request.log.error({ err }, 'search log write failed');
          }
        },
        async cancel() {
          if (settled) return;
          settled = true;
          if (reservedDay) await deps.usage.refund(caller.userId!, reservedDay);
        },
      };
    },
  };
}
