import { ENTITLEMENT_MESSAGES } from '@gowild/contract/auth';
import { ERROR_CODES } from '@gowild/contract/errors';
import { SEARCH_MESSAGES, dailyLimitMessage } from '@gowild/contract/flights';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../lib/clock';
import { forbidden, tooManyRequests, unauthorized } from '../../lib/http-error';
import type { SearchGate, SearchKind, SearchOutcome, SearchTicket } from '../../lib/search-gate';
import type { AccountMetrics } from '../auth/account.metrics';
import type { AuthService } from '../auth/auth.service';
import { secondsUntilNextUtcDay, utcDay } from './quota';
import type { SearchLogRepository } from './search-log.repository';
import type { SearchUsageRepository } from './search-usage.repository';

/** Kinds only premium callers may run (spec section 6; decisions.md makes return search premium). */
const PREMIUM_KINDS: Partial<Record<SearchKind, string>> = {
  inbound: SEARCH_MESSAGES.inboundPremium,
  single: SEARCH_MESSAGES.singlePremium,
  return: ENTITLEMENT_MESSAGES.returnPremium,
};

export interface SearchGateDeps {
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
      if (!ctx) throw unauthorized(kind === 'return' ? SEARCH_MESSAGES.returnLogin : SEARCH_MESSAGES.loginRequired);
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
