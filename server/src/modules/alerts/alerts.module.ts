import { ALERT_CHECK_INTERVAL_MINUTES } from '@gowild/contract/notifications';
import type { Registry } from 'prom-client';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AppModule, Job } from '../../lib/app-module';
import type { Clock } from '../../lib/clock';
import type { EmailProvider } from '../../providers/email/email.provider';
import type { AuthService } from '../accounts/accounts.module';
import type { FlightsEngine } from '../flights/flights.module';
import type { ReferenceService } from '../reference/reference.module';
import { type AlertChecker, createAlertChecker } from './alert-checker';
import { type AlertMailer, createAlertMailer } from './alert-mailer';
import { alertsCommands } from './alerts.cli';
import { alertMetrics } from './alerts.metrics';
import { createAlertsRepository } from './alerts.repository';
import { alertsRoutes } from './alerts.routes';
import { type AlertsService, createAlertsService } from './alerts.service';

// The alerts module's public face.
export type { AlertChecker, CheckReport } from './alert-checker';
export type { AlertMailer, DrainReport } from './alert-mailer';
export type { AlertsService } from './alerts.service';

/** The checker's period (docs/product/alerts.md#checking-alerts). */
export const ALERT_CHECK_INTERVAL_MS = ALERT_CHECK_INTERVAL_MINUTES * 60_000;
/** How often the e-mail outbox is swept for due e-mails (retries, and any a kick after a commit did not send). */
const EMAIL_SWEEP_MS = 60_000;

export interface AlertsDeps {
  config: Config;
  db: Db;
  clock: Clock;
  metrics: Registry;
  email: EmailProvider;
  auth: Pick<AuthService, 'requirePremium'>;
  reference: Pick<ReferenceService, 'destinationsFrom' | 'originsTo'>;
  /** The flight engine: the checker asks the airline only through its gateway. */
  flights: Pick<FlightsEngine, 'gateway'>;
}

interface AlertsServices {
  alerts: AlertsService;
  alertChecker: AlertChecker;
  alertMailer: AlertMailer;
}

/** Flight alerts (docs/product/alerts.md): the API, the checker every 10 minutes, and the alert e-mails. */
export function createAlertsModule(deps: AlertsDeps) {
  const { config, clock } = deps;
  const repo = createAlertsRepository(deps.db);
  const metrics = alertMetrics(deps.metrics);
  const links = { appUrl: config.APP_URL, supportEmail: config.SUPPORT_EMAIL };
  const alertMailer = createAlertMailer({ repo, email: deps.email, clock, metrics });
  const alertChecker = createAlertChecker({
    repo,
    flights: deps.flights,
    clock,
    metrics,
    mailer: alertMailer,
    concurrency: Math.min(config.ALERTS_CHECK_CONCURRENCY, config.UPSTREAM_CONCURRENCY),
    ...links,
  });
  const alerts = createAlertsService({ repo, reference: deps.reference, clock, mailer: alertMailer, ...links });
  const jobs: Job[] = [
    {
      name: 'alerts.check',
      everyMs: ALERT_CHECK_INTERVAL_MS,
      run: async (log, signal) => void (await alertChecker.run(log, signal)),
    },
    {
      name: 'alerts.send-emails',
      everyMs: EMAIL_SWEEP_MS,
      run: async (log) => void (await alertMailer.drain(log)),
    },
  ];
  return {
    name: 'alerts',
    services: { alerts, alertChecker, alertMailer } satisfies AlertsServices,
    routes: (app) => alertsRoutes(app, { auth: deps.auth, alerts }),
    jobs,
    cli: alertsCommands({ checker: alertChecker, mailer: alertMailer }),
    metrics,
    // E-mails being sent finish before the e-mail provider closes.
    close: () => alertMailer.idle(),
  } satisfies AppModule;
}
export type AlertsModule = ReturnType<typeof createAlertsModule>;
