import type { RequestBudget } from '../../../lib/upstream/request-budget';
import type { GatewayCaller, Lookup } from '../gateway-types';

/** Airline requests a user may cause per budget window (a minute), by plan; 0 is no limit. */
export interface BudgetLimits {
  free: number;
  premium: number;
}

/**
 * The per-user budget (decision 117): every query a user's search sends on past the cache spends one request of
 * their minute's share, whichever search it is (an outbound search spends one per destination, a hub or "anywhere"
 * search one per leg it looks up); a spent budget refuses the query without asking the airline, saying when the
 * share renews. Work no user asked for (no caller) has no budget.
 */
export function createBudget(budget: RequestBudget, limits: BudgetLimits) {
  const limitOf = (caller: GatewayCaller) => (caller.premium ? limits.premium : limits.free);
  return {
    /** What the caller has left now, and in how many seconds the window renews. */
    async left(caller: GatewayCaller): Promise<{ left: number; retryAfterSeconds: number }> {
      const limit = limitOf(caller);
      if (limit <= 0) return { left: Infinity, retryAfterSeconds: 0 };
      const w = await budget.left(caller.userId, limit);
      return { left: w.left, retryAfterSeconds: Math.max(1, Math.ceil(w.resetMs / 1000)) };
    },
    stage(next: Lookup): Lookup {
      return async (req) => {
        const limit = req.caller ? limitOf(req.caller) : 0;
        if (!req.caller || limit <= 0) return next(req);
        const spent = await budget.spend(req.caller.userId, limit);
        if (spent.ok) return next(req);
        return {
          ok: false,
          reason: 'over-budget',
          detail: `airline budget of ${limit} requests a minute spent`,
          retryAfterMs: spent.retryAfterMs,
        };
      };
    },
  };
}
