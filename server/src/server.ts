import { loadConfigOrExit } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { createAppDeps, disposeAppDeps } from './deps';
import { startMetricsServer } from './plugins/metrics';

/** Listens on PORT and shuts down gracefully: stop taking requests, finish the open ones, close what was opened. */
async function main() {
  const config = loadConfigOrExit();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const deps = await createAppDeps(config, database);
  const app = await buildApp(deps);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await disposeAppDeps(deps);
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  // /metrics on an internal port of its own (METRICS_PORT), closed with the app.
  if (config.METRICS_PORT !== undefined) {
    const metrics = await startMetricsServer(deps.metrics, { port: config.METRICS_PORT, host: config.HOST, token: config.METRICS_TOKEN });
    app.addHook('onClose', () => metrics.close());
    app.log.info(`metrics on http://localhost:${metrics.port}/metrics`);
  }

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`GoWild Finder on http://localhost:${config.PORT} (database: ${database.kind}, flights: ${config.FLIGHTS_PROVIDER})`);
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
