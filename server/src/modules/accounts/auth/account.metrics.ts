import { Counter, type Registry } from 'prom-client';
import { HttpError } from '../../../lib/http-error';

function once<T>(registry: Registry, name: string, make: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? make();
}

/** Sign-in outcomes an operator watches: a jump in `invalid` or `rate_limited` is guessing, in `error` a fault. */
type LoginOutcome = 'success' | 'invalid' | 'deactivated' | 'rate_limited' | 'unavailable' | 'refused' | 'error';

/** The outcome label for a sign-in that threw `e`. */
export function loginOutcomeOf(e: unknown): LoginOutcome {
  if (!(e instanceof HttpError)) return 'error';
  switch (e.statusCode) {
    case 401:
      return 'invalid';
    case 403:
      return 'deactivated';
    case 429:
      return 'rate_limited';
    case 503:
      return 'unavailable';
    default:
      return 'refused';
  }
}

/** Account and entitlement metrics, registered once per registry (an app, or a test). */
export function accountMetrics(registry: Registry) {
  const registers = [registry];
  const logins = once(
    registry,
    'auth_logins_total',
    () =>
      new Counter({
        name: 'auth_logins_total',
        help: 'Sign-in attempts by method (password, google) and outcome (success, invalid, deactivated, rate_limited, unavailable, refused, error)',
        labelNames: ['method', 'outcome'] as const,
        registers,
      }),
  );
  const quotaRefusals = once(
    registry,
    'search_quota_refusals_total',
    () =>
      new Counter({
        name: 'search_quota_refusals_total',
        help: 'Searches refused with 429 because a free user had used the daily allowance',
        registers,
      }),
  );
  const purged = once(
    registry,
    'auth_records_purged_total',
    () =>
      new Counter({
        name: 'auth_records_purged_total',
        help: 'Expired sessions and password reset links deleted by the hourly purge, by kind',
        labelNames: ['kind'] as const,
        registers,
      }),
  );
  return {
    login: (method: 'password' | 'google', outcome: LoginOutcome) => logins.inc({ method, outcome }),
    quotaRefused: () => quotaRefusals.inc(),
    purged: (kind: 'sessions' | 'reset_tokens', n: number) => purged.inc({ kind }, n),
  };
}
export type AccountMetrics = ReturnType<typeof accountMetrics>;
