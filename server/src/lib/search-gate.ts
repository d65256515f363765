import type { FastifyRequest } from 'fastify';

/** Who is asking, as far as the rules of spec section 6 care. */
export interface Caller {
  userId: string | null;
  email: string | null;
  isPremium: boolean;
  isAdmin: boolean;
}

export type SearchKind = 'search' | 'single' | 'inbound' | 'return';

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
