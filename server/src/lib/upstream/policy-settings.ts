/**
 * The outside services' policy settings, named once (decision 115). The airline's come from config (UPSTREAM_*,
 * BREAKER_*, AIRLINE_BUDGET_*), hotels' and cars' from EXTRAS_*; these are the ones no operator has needed to tune.
 * Every service uses the same policies (lib/upstream: time-out, back-off, breaker, concurrency limit, pacer) with
 * its own settings.
 */
export const POLICY_SETTINGS = {
  /** Open-Meteo: the weather service keeps its own cache, so answers here live a minute. */
  weather: { freshMs: 60_000, concurrency: 8, rps: 10, timeoutMs: 8000, retries: 1, breakerThreshold: 5, breakerCooldownMs: 60_000 },
  /** ipapi: a place per address hardly changes, so answers live an hour. */
  geo: { freshMs: 3_600_000, concurrency: 8, rps: 10, timeoutMs: 3000, retries: 1, breakerThreshold: 5, breakerCooldownMs: 60_000 },
  /**
   * Stripe: its SDK retries network errors, 409s and 5xx itself with jittered back-off and idempotency keys, which a
   * wrapper could not do as safely for payment writes; we set its time-out and retry count (decision 115).
   */
  stripe: { timeoutMs: 15_000, retries: 2 },
  /**
   * Alert e-mail: retries are stored in the outbox and hours apart (no jitter needed: one sender per row): 30 s,
   * doubling, at most an hour, 10 attempts (about four hours).
   */
  email: { retryBaseMs: 30_000, retryMaxMs: 60 * 60_000, attempts: 10 },
} as const;
