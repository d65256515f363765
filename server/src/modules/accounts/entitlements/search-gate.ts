import { ERROR_CODES } from '@gowild/contract/errors';
import { SEARCH_MESSAGES, dailyLimitMessage } from '@gowild/contract/flights';
import { HUB_MESSAGES } from '@gowild/contract/hub-search';
import { GET_HOME_MESSAGES } from '@gowild/contract/get-home';
import { TRIP_FINDER_MESSAGES } from '@gowild/contract/trip-finder';
import { ANYWHERE_MESSAGES } from '@gowild/contract/anywhere';
import { CONNECTION_MESSAGES } from '@gowild/contract/connections';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Clock } from '../../../lib/clock';
import { forbidden, tooManyRequests, unauthorized } from '../../../lib/http-error';
import type { AccountMetrics } from '../auth/account.metrics';
import type { RequestAuth } from '../auth/request-auth';
import type { AuthContext } from '../auth/session-auth';
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
 * What a search asks for: every destination from an origin, one route, every origin into a destination, two-flight
 * trips through a hub (docs/product/search.md#via-a-hub), get me home, the trip finder, anywhere over a range of days,
 * or connections of up to three flights (docs/product/connections.md). The search log keeps it, so the admin's counts
 * tell them apart.
 */
export type SearchKind = 'search' | 'single' | 'inbound' | 'hub' | 'home' | 'trips' | 'anywhere' | 'connections';

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
  home: GET_HOME_MESSAGES.premiumRequired,
  trips: TRIP_FINDER_MESSAGES.premiumRequired,
  anywhere: ANYWHERE_MESSAGES.premiumRequired,
  connections: CONNECTION_MESSAGES.premiumRequired,
};

interface SearchGateDeps {
  auth: Pick<RequestAuth, 'authenticate'>;
  usage: SearchUsageRepository;
  log: SearchLogRepository;
  clock: Clock;
  freeSearchesPerDay: number;
  /** Counts quota refusals; optional so a gate can be built without a registry. */
  metrics?: Pick<AccountMetrics, 'quotaRefused'>;
}

/** Who asks for a search, in plain terms: the resolved session (null for a visitor) and the query as sent. */
interface SearchAsk {
  who: AuthContext | null;
  /** The raw query, before validation: the search's identity for the free-repeat rule (decision 100). */
  query: unknown;
  /** Where a lost search-log line is reported (the request's logger). */
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * The server's search entitlements: visitors 401, premium kinds 403 for non-premium, free users one reserved search
 * from the UTC day's allowance (429 with Retry-After to midnight UTC when none is left), premium unlimited.
 * A search that ran is settled (`settle`): the search log gets its line, and the reservation is kept only when the
 * search counts (`searchCounts`: results were delivered, and they are not mostly failures). A search that never ran
 * (`cancel`) gives it back and logs nothing.
 */
function createSearchEntitlements(deps: Omit<SearchGateDeps, 'auth'>) {
  return {
    async admit(ask: SearchAsk, kind: SearchKind): Promise<SearchTicket> {
      const ctx = ask.who;
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
        const key = searchIdentity(kind === 'inbound' ? 'inbound' : 'outbound', ask.query);
        const got = await deps.usage.reserveSearch(ctx.user.id, day, key, deps.freeSearchesPerDay);
        if (got === 'refused') {
          deps.metrics?.quotaRefused();
          throw tooManyRequests(dailyLimitMessage(deps.freeSearchesPerDay), secondsUntilNextUtcDay(now), ERROR_CODES.QUOTA_EXCEEDED);
        }
        if (got === 'new') reserved = { day, key };
        repeat = got === 'repeat';
      }
      return ticketFor(deps, ask, kind, caller, reserved, repeat);
    },
  };
}

/** The ticket of an admitted search: the first of `settle` or `cancel` takes effect. */
function ticketFor(
  deps: Omit<SearchGateDeps, 'auth'>,
  ask: SearchAsk,
  kind: SearchKind,
  caller: Caller,
  reserved: { day: string; key: string } | null,
  repeat: boolean,
): SearchTicket {
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
        ask.log.error({ err }, 'search log write failed');
      }
      return settled;
    },
    async cancel() {
      if (settled) return;
      settled = { charged: false };
      await refund();
    },
  };
}

/**
 * The search entitlements at the HTTP edge: the request's session (resolved once per request by the request
 * checks) and its raw query, handed to the entitlements as plain arguments.
 */
export function createSearchGate(deps: SearchGateDeps): SearchGate {
  const entitlements = createSearchEntitlements(deps);
  return {
    async admit(request: FastifyRequest, kind: SearchKind): Promise<SearchTicket> {
      const who = await deps.auth.authenticate(request);
      return entitlements.admit({ who, query: request.query, log: request.log }, kind);
    },
  };
}
