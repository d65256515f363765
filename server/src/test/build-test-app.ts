import { buildApp } from '../app';
import { testConfig } from '../config';
import { type AppOverrides, createAppDeps, disposeAppDeps } from '../deps';
import { createTestDatabase } from './database';

/** An app on a fresh migrated database, for `app.inject` tests; closing the app closes everything it opened. */
export async function buildTestApp(opts: { env?: Record<string, string>; deps?: AppOverrides; logStream?: NodeJS.WritableStream } = {}) {
  const config = testConfig({ WEB_DIST_DIR: '/nonexistent-web-dist', ...opts.env });
  const database = await createTestDatabase();
  const deps = await createAppDeps(config, database, opts.deps);
  const app = await buildApp(deps, { logStream: opts.logStream });
  app.addHook('onClose', async () => {
    await disposeAppDeps(deps);
    await database.close();
  });
  return { app, deps, database };
}
