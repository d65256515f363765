import { loadConfigOrExit } from './config';
import { buildApp } from './app';
import { openDatabase, unreachableDatabaseLine } from './db/client';
import { createAppDeps, disposeAppDeps } from './deps';
import { startMetricsServer } from './plugins/metrics';

/**
 * A database that cannot be reached at start ends the process with one line an operator can act on (decision 049):
 * where, and why, without the password or a driver's stack. Any other error goes on to the generic handler.
 */
function refuseWithoutDatabase(databaseUrl: string | undefined) {
  return (err: unknown): never => {
    const line = unreachableDatabaseLine(err, databaseUrl);
    if (line) {
      console.error(`Refusing to start: ${line}`);
      process.exit(1);
    }
    throw err;
  };
}

const PENDING_MIGRATIONS_LINE =
  'the database lacks migrations this release ships and MIGRATE_ON_START=false; run `node server/dist/cli.js migrate` (or `npm run migrate`) first';

/** Listens on PORT and shuts down gracefully: stop taking requests, finish the open ones, close what was opened. */
async function main() {
  const config = loadConfigOrExit();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    migrate: config.MIGRATE_ON_START,
  }).catch(refuseWithoutDatabase(config.DATABASE_URL));
  // A release step owns the migrations (decision 138): a process of a newer release waits for it by not starting.
  if (!config.MIGRATE_ON_START && !(await database.migrationsApplied())) {
    console.error(`Refusing to start: ${PENDING_MIGRATIONS_LINE}`);
    await database.close();
    process.exit(1);
  }
  const deps = await createAppDeps(config, database).catch(refuseWithoutDatabase(config.DATABASE_URL));
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
  app.log.info(
    `GoWild Finder on http://localhost:${config.PORT} (role: ${config.PROCESS_ROLE}, database: ${database.kind}, flights: ${config.FLIGHTS_PROVIDER})`,
  );
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
