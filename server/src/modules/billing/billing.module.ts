import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AppModule, Job } from '../../lib/app-module';
import type { Clock } from '../../lib/clock';
import type { RateLimitStore } from '../../lib/rate-limit';
import type { BillingProvider } from '../../providers/billing/billing.provider';
import type { DemoStore } from '../../providers/billing/demo';
import type { EmailProvider } from '../../providers/email/email.provider';
import type { AuthService, UsersService } from '../accounts/accounts.module';
import { billingCommands } from './billing.cli';
import { createBillingRepository, createCheckoutSessionRepository, createDemoStore } from './billing.repository';
import { billingRoutes } from './billing.routes';
import { type BillingService, TRIAL_REMINDER_SWEEP_MS, createBillingService } from './billing.service';

export interface BillingDeps {
  config: Config;
  db: Db;
  clock: Clock;
  email: EmailProvider;
  auth: AuthService;
  users: UsersService;
  /** The shared rate-limit counters (Redis when configured): the limit on new checkout sessions per user. */
  rateLimits: RateLimitStore;
  /** Builds the provider from config; the demo keeps its records in this module's tables (the store it is given). */
  openProvider: (demoStore: DemoStore) => BillingProvider;
}

interface BillingServices {
  billing: BillingService;
}

/** Checkout, trial, portal and webhooks (docs/product/billing.md); the demo checkout when there is no Stripe key. */
export function createBillingModule(deps: BillingDeps, overrides: Partial<BillingServices> = {}) {
  const billing =
    overrides.billing ??
    createBillingService({
      config: deps.config,
      clock: deps.clock,
      provider: deps.openProvider(createDemoStore(deps.db)),
      repo: createBillingRepository(deps.db),
      sessions: createCheckoutSessionRepository(deps.db),
      rateLimits: deps.rateLimits,
      users: deps.users,
      email: deps.email,
    });
  const jobs: Job[] = [
    {
      name: 'billing.trial-reminders',
      everyMs: TRIAL_REMINDER_SWEEP_MS,
      run: async (log) => void (await billing.sendTrialReminders(log)),
    },
  ];
  return {
    name: 'billing',
    services: { billing } satisfies BillingServices,
    routes: (app) => billingRoutes(app, { auth: deps.auth, billing }),
    jobs,
    cli: billingCommands({ billing }),
  } satisfies AppModule;
}
export type BillingModule = ReturnType<typeof createBillingModule>;
