import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './fixtures/built-server';
import { makeDataTemplate } from './fixtures/data-template';

/**
 * Once per run, before any worker: the server rebuilt if its sources changed since its last build (the tests run the
 * built server; a no-op in milliseconds when it is up to date), then the migrated database every test server starts
 * from (fixtures/data-template.ts).
 */
export default function globalSetup(): () => void {
  const build = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build.mjs'), '--if-stale', '--only', 'server'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error(`building the server failed (${build.status})`);
  return makeDataTemplate();
}
