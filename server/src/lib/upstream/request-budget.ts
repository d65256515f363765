import type { RateLimitStore } from '../rate-limit';

/** Spending one request: allowed, or refused with how long until the owner's budget renews. */
export type BudgetSpend = { ok: true } | { ok: false; retryAfterMs: number };

/**
 * A per-owner budget of outside requests per window (decision 117): `limit` requests per `windowMs`, counted in a
 * fixed window that starts with the owner's first request. The counts live in a rate-limit store: this process's
 * memory, or Redis shared by every API process (falling back to memory while Redis is away, decision 050).
 */
export function createRequestBudget(store: RateLimitStore, opts: { windowMs?: number; prefix?: string } = {}) {
  const windowMs = opts.windowMs ?? 60_000;
  const prefix = opts.prefix ?? 'budget:';
  return {
    windowMs,
    /** Spends one of `owner`'s requests; refused (and not spent) once `limit` have been spent in this window. */
    async spend(owner: string, limit: number): Promise<BudgetSpend> {
      const w = await store.hit(prefix + owner, windowMs);
      return w.count <= limit ? { ok: true } : { ok: false, retryAfterMs: Math.max(1, w.resetMs) };
    },
    /** What `owner` has left in this window, and when it renews (ms; 0 when no window is open). */
    async left(owner: string, limit: number): Promise<{ left: number; resetMs: number }> {
      const w = await store.peek(prefix + owner);
      return { left: Math.max(0, limit - w.count), resetMs: w.resetMs };
    },
  };
}
export type RequestBudget = ReturnType<typeof createRequestBudget>;
