// The scale-out suite: the server's tests against the machine's PostgreSQL (a fresh database per run, and one
// per test copied from a migrated template) and Redis. Used by .ci/run next to `npm test`.
import { execSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

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

const r = spawnSync('npx', ['vitest', 'run', '--project', 'server'], {
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
