// `npm run test:pg`: the server's tests that touch SQL or Redis, against the machine's PostgreSQL (a fresh database
// per run, and one per test copied from a migrated template) and Redis. Used by .ci/run next to `npm test`, which
// runs every test on the embedded PGlite.
//
// Which files (decision 253): the repositories' own tests, the database layer's (src/db/), every file that reads
// TEST_DATABASE_URL or TEST_REDIS_URL (scale-out, kill, outage and Redis tests, which do more or other things on a
// real server), and the API tests (routes, app, plugins), which send most of the services' queries. The rest of the
// suite sends no SQL of its own, or only statements these files send too: `scripts/check-sql-ledger.mjs` proves it
// in CI (every statement the embedded run sent must have run here too) and names the files to add when it is not so.
//
//   npm run test:pg                       those files
//   npm run test:pg -- --all              the whole server suite
//   npm run test:pg -- --list             print the files and stop
//   npm run test:pg -- --node PATH        run Vitest on another Node (CI: Node 24, decision 136)
//   npm run test:pg -- FILTER...          only files matching a filter (as `vitest run` takes them)
import { execSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'server');

/**
 * Files the SQL ledger asked for (`node scripts/check-sql-ledger.mjs --suggest`): services tested below their routes,
 * whose statements no file chosen by the rules below sends (admin actions, Stripe webhooks, the role matrix's
 * quota paths, the alert and window-open checkers, the password reset, the demo checkout, Google sign-in, the alert
 * mailer, the targeted sweep plan and demand counting, the sign-in limits, push by session, the session purge and the
 * alert outbox's retries).
 */
const LEDGER_FILES = [
  'src/modules/admin/admin.actions.test.ts',
  'src/modules/billing/billing.webhooks.test.ts',
  'src/modules/accounts/entitlements/role-matrix.test.ts',
  'src/modules/alerts/alerts.smtp.test.ts',
  'src/modules/accounts/auth/password-reset.test.ts',
  'src/modules/alerts/window-open-check.test.ts',
  'src/modules/alerts/alert-checker.test.ts',
  'src/modules/alerts/wider-alerts-check.test.ts',
  'src/modules/accounts/entitlements/search-gate.test.ts',
  'src/modules/billing/billing.demo.test.ts',
  'src/modules/accounts/auth/google.test.ts',
  'src/modules/alerts/alert-mailer.test.ts',
  'src/modules/sweeps/sweeps.targeted.test.ts',
  'src/modules/sweeps/sweeps.demand.test.ts',
  'src/modules/accounts/auth/rate-limits.test.ts',
  'src/modules/push/push.sessions.test.ts',
  'src/modules/accounts/auth/purge.test.ts',
  'src/modules/alerts/alert-outbox.test.ts',
];

function* testFiles(dir) {
  for (const entry of readdirSync(path.join(serverDir, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) yield* testFiles(rel);
    else if (entry.name.endsWith('.test.ts')) yield rel;
  }
}

/** The server test files (relative to server/) that run on PostgreSQL. */
export function postgresFiles() {
  // A renamed or removed file must not leave its statements unproven without a word.
  for (const file of LEDGER_FILES)
    if (!existsSync(path.join(serverDir, file))) throw new Error(`LEDGER_FILES names ${file}, which is not there`);
  const chosen = [];
  for (const file of [...testFiles('src'), ...testFiles('scripts')].sort()) {
    const source = readFileSync(path.join(serverDir, file), 'utf8');
    if (
      file.endsWith('.repository.test.ts') ||
      file.startsWith('src/db/') ||
      /TEST_DATABASE_URL|TEST_REDIS_URL/.test(source) ||
      /\.routes\.test\.ts$/.test(file) ||
      file === 'src/app.test.ts' ||
      file.startsWith('src/plugins/') ||
      LEDGER_FILES.includes(file)
    )
      chosen.push(file);
  }
  return chosen;
}

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const [, value] = args.splice(at, 2);
  return value;
};
const flag = (name) => {
  const at = args.indexOf(name);
  if (at >= 0) args.splice(at, 1);
  return at >= 0;
};
const node = option('--node') ?? process.execPath;
const all = flag('--all');
if (flag('--list')) {
  console.log(postgresFiles().join('\n'));
  process.exit(0);
}
// Filters given: Vitest picks among the chosen files (or among all with --all).
const files = all ? [] : postgresFiles().map((f) => `server/${f}`);
const selected = args.length === 0 ? files : files.filter((f) => args.some((a) => f.includes(a.replace(/^\.\//, ''))));
if (!all && selected.length === 0) {
  console.error(`no PostgreSQL test file matches ${args.join(' ')}`);
  process.exit(1);
}

const admin = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redis = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function reachable() {
  const c = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

if (!(await reachable())) {
  // The machine's documented way to start its cluster; harmless when it is already up.
  try {
    execSync('pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start', { stdio: 'inherit', shell: '/bin/bash' });
  } catch {}
  if (!(await reachable())) {
    console.error(`PostgreSQL is not reachable at ${admin}`);
    process.exit(1);
  }
}
try {
  execSync(`redis-cli -u ${redis} ping`, { stdio: 'ignore' });
} catch {
  try {
    execSync(
      'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log',
      { stdio: 'inherit' },
    );
  } catch {}
}

const runDb = `gowild_ci_${Date.now()}`;
// Every test database of this run carries the tag (server/src/test/database.ts), so the clean-up below drops this
// run's databases only, never those of another suite running on the same PostgreSQL.
const tag = randomBytes(3).toString('hex');
const c = new pg.Client({ connectionString: admin });
await c.connect();
await c.query(`create database ${runDb}`);
await c.end();
const runUrl = new URL(admin);
runUrl.pathname = `/${runDb}`;

console.log(
  `PostgreSQL run: ${all ? 'every server test file' : `${selected.length} server test files`} on Node ${spawnSync(node, ['--version']).stdout.toString().trim()}`,
);
const r = spawnSync(node, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'server', ...(all ? args : selected)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: runUrl.toString(), TEST_REDIS_URL: redis, TEST_DB_TAG: tag },
});

// Drop this run's databases (the run database and any per-test ones left by a crash).
const cleanup = new pg.Client({ connectionString: admin });
await cleanup.connect();
const { rows } = await cleanup.query(`select datname from pg_database where datname = $1 or datname ~ $2`, [runDb, `^gw_(t|tpl)_${tag}_`]);
for (const { datname } of rows) await cleanup.query(`drop database if exists "${datname}" with (force)`).catch(() => {});
await cleanup.end();
process.exit(r.status ?? 1);
