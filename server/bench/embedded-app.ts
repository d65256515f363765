import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { type AppDeps, createAppDeps, disposeAppDeps } from '../src/deps';

/**
 * The whole app in production mode on an in-memory embedded database, no logs and no request rate limit, for the
 * benchmarks that time requests through `app.inject`. `close()` stops the app, its dependencies and the database.
 */
export async function embeddedBenchApp(): Promise<{ app: FastifyInstance; deps: AppDeps; close(): Promise<void> }> {
  const config = loadConfig({
    NODE_ENV: 'production',
    BILLING_DEMO: 'true',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const database = await openDatabase({ dataDir: 'memory://' });
  const deps = await createAppDeps(config, database);
  const app = await buildApp(deps);
  return {
    app,
    deps,
    async close() {
      await app.close();
      await disposeAppDeps(deps);
      await database.close();
    },
  };
}
