import type { FastifyInstance } from 'fastify';
import type { AuthService } from './auth.service';

export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes long-dead sessions and reset links when the app is ready and then every hour, so the tables do not grow
 * with every sign-in forever. The timer never keeps the process alive and stops when the app closes; a failed run
 * is logged and retried at the next tick.
 */
export function registerAccountHousekeeping(app: FastifyInstance, auth: Pick<AuthService, 'purgeExpired'>, intervalMs = PURGE_INTERVAL_MS) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= auth
      .purgeExpired()
      .then((purged) => {
        if (purged.sessions + purged.resetTokens > 0) app.log.info({ purged }, 'purged expired sessions and reset links');
      })
      .catch((err: unknown) => app.log.warn({ err }, 'purge of expired sessions and reset links failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
