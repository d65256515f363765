import { BILLING_MESSAGES, type PlanId } from '@gowild/contract/billing';
import type { Plan } from '@gowild/contract/config';
import type { Config } from '../../config';
import type { Clock } from '../../lib/clock';
import type { RateLimitStore } from '../../lib/rate-limit';
import { conflict, notFound, serviceUnavailable } from '../../lib/http-error';
import { type BillingProvider, BillingUnavailableError } from '../../providers/billing/billing.provider';
import { DemoBillingError, type DemoBillingProvider } from '../../providers/billing/demo';
import type { EmailProvider } from '../../providers/email/email.provider';
import type { UsersService } from '../accounts/accounts.module';
import { planCatalogue } from '../public-config/public-config.module';
import type { BillingRepository, CheckoutSessionRepository } from './billing.repository';

/** Where the handler reports what it skipped (the request's logger, or nothing in the CLI). */
export interface BillingLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}
export const quiet: BillingLog = { info: () => undefined, warn: () => undefined };

export interface BillingServiceDeps {
  config: Config;
  clock: Clock;
  provider: BillingProvider | DemoBillingProvider;
  repo: BillingRepository;
  sessions: CheckoutSessionRepository;
  rateLimits: RateLimitStore;
  users: UsersService;
  email: EmailProvider;
}

/** What every part of the billing service shares: its deps, the app's addresses and the plan catalogue. */
export interface BillingContext extends BillingServiceDeps {
  urls: { success: string; cancel: string; profile: string };
  catalogue: Plan[];
  planOf(id: PlanId): Plan;
}

export function billingContext(deps: BillingServiceDeps): BillingContext {
  const appUrl = deps.config.APP_URL.replace(/\/+$/, '');
  const catalogue = planCatalogue(deps.config);
  return {
    ...deps,
    urls: {
      // Stripe fills in {CHECKOUT_SESSION_ID}; the profile page reads `checkout` only.
      success: `${appUrl}/profile?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel: `${appUrl}/profile?checkout=canceled`,
      profile: `${appUrl}/profile`,
    },
    catalogue,
    planOf: (id) => catalogue.find((p) => p.id === id)!,
  };
}

export function isDemo(provider: BillingProvider): provider is DemoBillingProvider {
  return provider.mode === 'demo' && 'demo' in provider;
}

/** A provider outage as the one 503 text; nothing was changed on our side. */
export async function provided<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof BillingUnavailableError) throw serviceUnavailable(BILLING_MESSAGES.providerUnavailable);
    throw e;
  }
}

/** A demo request the user can act on (wrong session, nothing to cancel…) as its 4xx. */
export function demoRefusal(e: unknown): never {
  if (e instanceof DemoBillingError) {
    if (e.reason === 'session-missing') throw notFound(BILLING_MESSAGES.demoSessionMissing);
    if (e.reason === 'session-closed') throw conflict(BILLING_MESSAGES.demoSessionClosed);
    if (e.reason === 'same-plan') throw conflict(BILLING_MESSAGES.demoPlanSame);
    throw conflict(BILLING_MESSAGES.demoNoSubscription);
  }
  throw e;
}
