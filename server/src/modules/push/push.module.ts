import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AppModule } from '../../lib/app-module';
import type { Clock } from '../../lib/clock';
import type { RateLimitStore } from '../../lib/rate-limit';
import type { AuthService } from '../accounts/accounts.module';
import type { AlertChannel } from '../alerts/alerts.module';
import { createPushRepository } from './push.repository';
import { pushRoutes } from './push.routes';
import { type PushService, createPushService } from './push.service';
import { resolveVapidKeys } from './vapid-keys';
import { createWebPushChannel } from './web-push-channel';

// A VAPID pair made the way the server makes its own, for tests that run several processes on one pair.
export { generateVapidPair } from './vapid-keys';

export interface PushDeps {
  config: Config;
  db: Db;
  clock: Clock;
  auth: Pick<AuthService, 'requireUser' | 'requirePremium'>;
  /** Counts test notifications per user. */
  rateLimits: RateLimitStore;
}

interface PushServices {
  push: PushService;
  /** The alert channel the outbox delivers web push through (kind 'push'). */
  pushChannel: AlertChannel;
}

/**
 * Web push (docs/product/alerts.md#web-push; decisions 210-214): the server's VAPID keys, the browsers' subscriptions
 * and their API, and the alert channel that delivers to them.
 */
export function createPushModule(deps: PushDeps) {
  const { config } = deps;
  const repo = createPushRepository(deps.db, deps.clock);
  const vapid = resolveVapidKeys(config);
  const pushChannel = createWebPushChannel({ repo, vapid, clock: deps.clock, timeoutMs: config.PUSH_TIMEOUT_MS });
  const push = createPushService({
    repo,
    rules: config,
    publicKey: vapid.publicKey,
    channel: pushChannel,
    rateLimits: deps.rateLimits,
    appUrl: config.APP_URL,
  });
  return {
    name: 'push',
    services: { push, pushChannel } satisfies PushServices,
    routes: (app) => pushRoutes(app, { auth: deps.auth, push }),
  } satisfies AppModule;
}
export type PushModule = ReturnType<typeof createPushModule>;
