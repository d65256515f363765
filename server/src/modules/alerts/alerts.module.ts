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
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { createEmailChannel } from './alert-mailer';
import { type AlertOutbox, createAlertOutbox } from './alert-outbox';
import type { AlertChannel } from './channels/alert-channel';
import { createChannelsRepository } from './channels/channels.repository';
import { channelsRoutes } from './channels/channels.routes';
import { type ChannelsService, createChannelsService } from './channels/channels.service';
import { type DiscordRules, createDiscordChannel } from './channels/discord';
import {
  type TelegramBot,
  createDemoTelegramBot,
  createTelegramBotApi,
  createTelegramChannel,
  createTelegramLinking,
} from './channels/telegram';
import { alertsCommands } from './alerts.cli';
import { alertMetrics } from './alerts.metrics';
import { createAlertsRepository } from './alerts.repository';
import { alertsRoutes } from './alerts.routes';
import { type AlertsService, createAlertsService } from './alerts.service';

// The channel port (issue 25), for the modules that implement a channel (push).
export type { AlertChannel, AlertMessage, ChannelTarget, DeliveryOutcome } from './channels/alert-channel';

/** The check's period for the kinds checked each run (docs/product/alerts.md#checking-alerts). */
export const ALERT_CHECK_INTERVAL_MS = ALERT_CHECK_INTERVAL_MINUTES * 60_000;
/** The check's period for the alerts due at an opening: the message follows the opening within minutes (decision 232). */
const WINDOW_OPEN_CHECK_EVERY_MS = 60_000;
/** How often the outbox is swept for due deliveries (retries, and any a kick after a commit did not send). */
const EMAIL_SWEEP_MS = 60_000;
/** The Telegram getUpdates job's period; each run long-polls for most of it. */
const TELEGRAM_POLL_MS = 60_000;

export interface AlertsDeps {
  config: Config;
  db: Db;
  clock: Clock;
  metrics: Registry;
  email: EmailProvider;
  auth: Pick<AuthService, 'requirePremium' | 'requireAdmin'>;
  reference: Pick<ReferenceService, 'destinationsFrom' | 'originsTo'>;
  /** The flight engine: the checker asks the airline only through its gateway. */
  flights: Pick<FlightsEngine, 'gateway'>;
  /**
   * Channels beyond e-mail, Telegram and Discord, built by the composition root (web push:
   * `createWebPushChannel(...)`); the outbox delivers to every channel in its list (decision 205).
   */
  extraChannels?: readonly AlertChannel[];
  /** Tests: the Telegram bot to use instead of the one the config picks. */
  telegramBot?: TelegramBot;
  /** PostgreSQL: this process's heartbeat id; the outbox writes it on the rows it holds (decision 247). */
  workerId?: string;
}

interface AlertsServices {
  alerts: AlertsService;
  alertChecker: AlertChecker;
  /** The outbox sender for every channel (named for e-mail, its first channel). */
  alertMailer: AlertOutbox;
  alertChannels: ChannelsService;
  telegramBot: TelegramBot;
  /** The one check restricted to the alerts due at an opening (the window-open job's pass). */
  windowOpenChecker: { run: AlertChecker['runOpenings'] };
}

/** The Telegram bot the config asks for: the real Bot API with a token, else the offline demo bot. */
function telegramBotFor(config: Config): TelegramBot {
  if (config.TELEGRAM_BOT_TOKEN && config.TELEGRAM_BOT_USERNAME)
    return createTelegramBotApi({
      token: config.TELEGRAM_BOT_TOKEN,
      apiBase: config.TELEGRAM_API_BASE,
      username: config.TELEGRAM_BOT_USERNAME,
    });
  return createDemoTelegramBot();
}

/**
 * Flight alerts (docs/product/alerts.md): the API, the one check on its two schedules (every kind checked each run
 * every 10 minutes, the alerts due at an opening every minute), and the outbox on every channel.
 */
export function createAlertsModule(deps: AlertsDeps) {
  const { config, clock } = deps;
  const repo = createAlertsRepository(deps.db);
  const metrics = alertMetrics(deps.metrics);
  const links = { appUrl: config.APP_URL, supportEmail: config.SUPPORT_EMAIL };
  const channelsRepo = createChannelsRepository(deps.db);
  const telegramBot = deps.telegramBot ?? telegramBotFor(config);
  const discordRules: DiscordRules = {
    hosts: config.DISCORD_WEBHOOK_HOSTS,
    testHosts: config.NODE_ENV === 'test' ? config.DISCORD_TEST_ALLOW_HOSTS : [],
  };
  const addressOf = async (userId: string) =>
    (await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email;
  const channels: AlertChannel[] = [
    createEmailChannel({ email: deps.email, appUrl: config.APP_URL, addressOf }),
    createTelegramChannel({ repo: channelsRepo, bot: telegramBot }),
    createDiscordChannel({ repo: channelsRepo, rules: discordRules }),
    ...(deps.extraChannels ?? []),
  ];
  const alertMailer = createAlertOutbox({ repo, db: deps.db, workerId: deps.workerId, channels, clock, metrics });
  const linking = createTelegramLinking({ repo: channelsRepo, bot: telegramBot, clock });
  const alertChannels = createChannelsService({
    repo: channelsRepo,
    alertsRepo: repo,
    channels,
    bot: telegramBot,
    linking,
    discord: discordRules,
    clock,
  });
  const alertChecker = createAlertChecker({
    repo,
    reference: deps.reference,
    flights: deps.flights,
    clock,
    metrics,
    mailer: alertMailer,
    concurrency: Math.min(config.ALERTS_CHECK_CONCURRENCY, config.UPSTREAM_CONCURRENCY),
    ...links,
  });
  const alerts = createAlertsService({ repo, reference: deps.reference, clock, mailer: alertMailer, channels: alertChannels, ...links });
  const windowOpenChecker = { run: alertChecker.runOpenings };
  const jobs: Job[] = [
    {
      name: 'alerts.check',
      everyMs: ALERT_CHECK_INTERVAL_MS,
      run: async (log, signal) => void (await alertChecker.run(log, signal)),
    },
    {
      name: 'alerts.window-open',
      everyMs: WINDOW_OPEN_CHECK_EVERY_MS,
      run: async (log) => void (await windowOpenChecker.run(log)),
    },
    {
      name: 'alerts.send-emails',
      everyMs: EMAIL_SWEEP_MS,
      run: async (log) => void (await alertMailer.drain(log)),
      // Deliveries a dead process was sending: sent again within seconds, not at the next minute's sweep.
      leftBehind: () => alertMailer.leftBehind(),
    },
    // The bot's updates (a /start with a linking code); the demo bot needs none: it links at once.
    ...(telegramBot.demo
      ? []
      : [
          {
            name: 'alerts.telegram-updates',
            everyMs: TELEGRAM_POLL_MS,
            run: (log, signal) => linking.poll(TELEGRAM_POLL_MS - 10_000, log, signal),
          } satisfies Job,
        ]),
  ];
  return {
    name: 'alerts',
    services: { alerts, alertChecker, alertMailer, alertChannels, telegramBot, windowOpenChecker } satisfies AlertsServices,
    routes: async (app) => {
      await alertsRoutes(app, { auth: deps.auth, alerts });
      await channelsRoutes(app, { auth: deps.auth, channels: alertChannels });
    },
    jobs,
    cli: alertsCommands({ checker: alertChecker, mailer: alertMailer }),
    metrics,
    // E-mails being sent finish before the e-mail provider closes.
    close: () => alertMailer.idle(),
  } satisfies AppModule;
}
export type AlertsModule = ReturnType<typeof createAlertsModule>;
