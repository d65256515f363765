import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

function once<T>(registry: Registry, name: string, make: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? make();
}

/** The alert checker's and the alert mailer's metrics, registered once per registry (an app, or a test). */
export function alertMetrics(registry: Registry) {
  const registers = [registry];
  return {
    runs: once(
      registry,
      'alerts_checker_runs_total',
      () =>
        new Counter({
          name: 'alerts_checker_runs_total',
          help: 'Alert checker runs by result (ok, failed)',
          labelNames: ['result'] as const,
          registers,
        }),
    ),
    runDuration: once(
      registry,
      'alerts_checker_run_duration_seconds',
      () =>
        new Histogram({
          name: 'alerts_checker_run_duration_seconds',
          help: 'Time one alert checker run took',
          buckets: [0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 600, 900],
          registers,
        }),
    ),
    lastRun: once(
      registry,
      'alerts_checker_last_run_timestamp_seconds',
      () => new Gauge({ name: 'alerts_checker_last_run_timestamp_seconds', help: 'When the last alert checker run ended', registers }),
    ),
    alertsChecked: once(
      registry,
      'alerts_checked_total',
      () => new Counter({ name: 'alerts_checked_total', help: 'Active alerts looked at by the checker', registers }),
    ),
    groups: once(
      registry,
      'alerts_checker_groups_total',
      () =>
        new Counter({
          name: 'alerts_checker_groups_total',
          help: 'Distinct (origin, destination, date) groups by outcome: upstream (the airline answered), cache, failed, outside_window (GoWild-only, not asked yet)',
          labelNames: ['outcome'] as const,
          registers,
        }),
    ),
    airlineRequests: once(
      registry,
      'alerts_checker_airline_requests_total',
      () =>
        new Counter({
          name: 'alerts_checker_airline_requests_total',
          help: 'Checker queries answered by a request to the airline (not from the shared cache)',
          registers,
        }),
    ),
    matches: once(
      registry,
      'alerts_matches_total',
      () => new Counter({ name: 'alerts_matches_total', help: 'Alerts completed by a matching fare', registers }),
    ),
    datesPassed: once(
      registry,
      'alerts_dates_passed_total',
      () => new Counter({ name: 'alerts_dates_passed_total', help: 'Alerts completed because every date passed', registers }),
    ),
    emails: once(
      registry,
      'alerts_emails_total',
      () =>
        new Counter({
          name: 'alerts_emails_total',
          help: 'Alert e-mail attempts by kind (confirmation, match) and result (sent, retry, failed: given up)',
          labelNames: ['kind', 'result'] as const,
          registers,
        }),
    ),
    emailsPending: once(
      registry,
      'alerts_emails_pending',
      () => new Gauge({ name: 'alerts_emails_pending', help: 'Alert e-mails waiting to be sent (the outbox queue depth)', registers }),
    ),
    deliveries: once(
      registry,
      'alerts_deliveries_total',
      () =>
        new Counter({
          name: 'alerts_deliveries_total',
          help: 'Alert delivery attempts by channel (email, push, telegram, discord), message kind and outcome (delivered, retry, failed: given up, gone: target removed). Failure rate: failed / (delivered + failed)',
          labelNames: ['channel', 'kind', 'outcome'] as const,
          registers,
        }),
    ),
    deliveriesPending: once(
      registry,
      'alerts_deliveries_pending',
      () =>
        new Gauge({
          name: 'alerts_deliveries_pending',
          help: 'Alert deliveries waiting, by channel (the outbox queue depth)',
          labelNames: ['channel'] as const,
          registers,
        }),
    ),
    targetsBroken: once(
      registry,
      'alerts_channel_targets_broken_total',
      () =>
        new Counter({
          name: 'alerts_channel_targets_broken_total',
          help: 'Channel targets marked broken after deliveries kept failing, by channel',
          labelNames: ['channel'] as const,
          registers,
        }),
    ),
  };
}
export type AlertMetrics = ReturnType<typeof alertMetrics>;
