/**
 * Operator commands against the configured database: `npm run cli -- <command> [args]`.
 * Each module contributes its commands to the table below.
 */
import { readFileSync } from 'node:fs';
import { isoDateSchema } from '@gowild/contract/dates';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { type AppDeps, createAppDeps, disposeAppDeps } from './deps';
import { findAirport } from './lib/reference-data/airports';
import { ACCOUNT_FLAGS, type AccountFlag, AccountInputError } from './modules/accounts/users/users.service';

export interface CliCommand {
  usage: string;
  run(deps: AppDeps, args: string[], out: (line: string) => void): Promise<void>;
}

export class CliUsageError extends Error {}

export const commands: Record<string, CliCommand> = {
  'routes:list': {
    usage: 'routes:list [ORIGIN]',
    async run(deps, [origin], out) {
      const rows = deps.reference.routes().filter((r) => !origin || r.origin === origin.toUpperCase());
      for (const r of rows) out(`${r.origin}-${r.destination}`);
      out(`${rows.length} routes`);
    },
  },
  'routes:import': {
    usage: 'routes:import FILE.json   (a JSON array of {origin, destination}; replaces the network)',
    async run(deps, [file], out) {
      if (!file) throw new CliUsageError('routes:import needs a file');
      const rows = JSON.parse(readFileSync(file, 'utf8')) as { origin: string; destination: string }[];
      const valid = rows.filter((r) => /^[A-Z]{3}$/.test(r.origin) && /^[A-Z]{3}$/.test(r.destination) && r.origin !== r.destination);
      if (valid.length === 0) throw new CliUsageError('no valid routes in that file');
      await deps.reference.replaceRoutes(valid);
      out(`imported ${valid.length} routes (${rows.length - valid.length} skipped)`);
    },
  },
  'routes:refresh': {
    usage: "routes:refresh [--dry-run]   (reads the airline's /Resource/GetMarkets through the flights provider; replaces the network)",
    async run(deps, args, out) {
      const unknownOptions = args.filter((a) => a !== '--dry-run');
      if (unknownOptions.length > 0) throw new CliUsageError(`unknown argument ${unknownOptions.join(', ')}`);
      const { provider } = deps.flights;
      if (!provider.fetchMarkets) throw new CliUsageError(`the flights provider ${provider.name} does not publish its route network`);
      const result = await provider.fetchMarkets(AbortSignal.timeout(deps.config.UPSTREAM_TIMEOUT_MS));
      if (result.kind !== 'markets') {
        const why = result.kind === 'page-changed' ? result.detail : `${result.kind} (HTTP ${result.status})`;
        throw new CliUsageError(`${provider.name} did not give its network: ${why}; the routes were left as they were`);
      }
      // A station we have no airport record for (zone, coordinates) could not be searched or shown: leave it out.
      const unknown = new Set<string>();
      const known = (code: string) => {
        const ok = /^[A-Z]{3}$/.test(code) && findAirport(code) !== undefined;
        if (!ok) unknown.add(code);
        return ok;
      };
      const rows = result.routes.filter((r) => known(r.origin) && known(r.destination));
      if (rows.length === 0) throw new CliUsageError(`${provider.name} listed no usable routes; the routes were left as they were`);
      const key = (r: { origin: string; destination: string }) => `${r.origin}-${r.destination}`;
      const before = new Set(deps.reference.routes().map(key));
      const after = new Set(rows.map(key));
      const added = [...after].filter((k) => !before.has(k));
      const removed = [...before].filter((k) => !after.has(k));
      const dryRun = args.includes('--dry-run');
      if (!dryRun) await deps.reference.replaceRoutes(rows);
      out(
        `${dryRun ? 'would refresh' : 'refreshed'} ${rows.length} routes from ${provider.name}: ${added.length} added, ${removed.length} removed`,
      );
      if (added.length > 0) out(`added: ${added.join(' ')}`);
      if (removed.length > 0) out(`removed: ${removed.join(' ')}`);
      if (unknown.size > 0) {
        const skipped = result.routes.length - rows.length;
        out(`skipped ${skipped} route(s) through stations missing from the airport data: ${[...unknown].sort().join(' ')}`);
      }
    },
  },
  'blackouts:list': {
    usage: 'blackouts:list',
    async run(deps, _args, out) {
      for (const d of deps.reference.blackoutDates()) out(d);
    },
  },
  'blackouts:add': {
    usage: 'blackouts:add YYYY-MM-DD [YYYY-MM-DD] [--label TEXT]   (one date or an inclusive range)',
    async run(deps, args, out) {
      const labelAt = args.indexOf('--label');
      const label = labelAt >= 0 ? (args[labelAt + 1] ?? '') : '';
      const [start, end = start] = labelAt >= 0 ? args.slice(0, labelAt) : args;
      if (!start || !isoDateSchema.safeParse(start).success || !isoDateSchema.safeParse(end).success)
        throw new CliUsageError('dates must be YYYY-MM-DD');
      const rows: { date: string; label: string }[] = [];
      for (let d = new Date(`${start}T00:00:00Z`); d <= new Date(`${end}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
        rows.push({ date: d.toISOString().slice(0, 10), label });
      }
      await deps.reference.addBlackouts(rows);
      out(`added ${rows.length} blackout date(s)`);
    },
  },
  'blackouts:remove': {
    usage: 'blackouts:remove YYYY-MM-DD',
    async run(deps, [date], out) {
      if (!date || !isoDateSchema.safeParse(date).success) throw new CliUsageError('date must be YYYY-MM-DD');
      out((await deps.reference.removeBlackout(date)) ? `removed ${date}` : `${date} was not a blackout date`);
    },
  },
  'user:create': {
    usage: 'user:create EMAIL PASSWORD FIRST LAST [--admin] [--premium]   (e.g. the first admin of a fresh install)',
    async run(deps, args, out) {
      const flags = new Set(args.filter((a) => a.startsWith('--')));
      const unknown = [...flags].filter((f) => f !== '--admin' && f !== '--premium');
      if (unknown.length > 0) throw new CliUsageError(`unknown option ${unknown.join(', ')}`);
      const [email, password, firstName, lastName] = args.filter((a) => !a.startsWith('--'));
      if (!email || !password || !firstName || !lastName) throw new CliUsageError('user:create needs EMAIL PASSWORD FIRST LAST');
      const user = await accountCall(() =>
        deps.users.createAccount({
          email,
          password,
          firstName,
          lastName,
          isAdmin: flags.has('--admin'),
          isPremium: flags.has('--premium'),
        }),
      );
      out(`created ${user.email} (${describeAccount(user)})`);
    },
  },
  'user:grant': {
    usage: `user:grant EMAIL ${ACCOUNT_FLAGS.join('|')}`,
    async run(deps, [email, flag], out) {
      if (!email || !isAccountFlag(flag)) throw new CliUsageError(`user:grant needs EMAIL and one of ${ACCOUNT_FLAGS.join(', ')}`);
      const user = await accountCall(() => deps.users.grant(email, flag));
      out(`${user.email}: ${describeAccount(user)}`);
    },
  },
  'user:revoke': {
    usage: `user:revoke EMAIL ${ACCOUNT_FLAGS.join('|')}   (revoking active deactivates the account and ends its sessions)`,
    async run(deps, [email, flag], out) {
      if (!email || !isAccountFlag(flag)) throw new CliUsageError(`user:revoke needs EMAIL and one of ${ACCOUNT_FLAGS.join(', ')}`);
      const user = await accountCall(() => deps.users.revoke(email, flag));
      out(`${user.email}: ${describeAccount(user)}`);
    },
  },
};

function isAccountFlag(flag: string | undefined): flag is AccountFlag {
  return (ACCOUNT_FLAGS as readonly string[]).includes(flag ?? '');
}

function describeAccount(u: { isAdmin: boolean; isPremium: boolean; isActive: boolean }): string {
  return [u.isPremium ? 'premium' : 'free', u.isAdmin ? 'admin' : null, u.isActive ? 'active' : 'deactivated'].filter(Boolean).join(', ');
}

/** An operator's input mistake becomes a usage error (exit 2) rather than a stack trace. */
async function accountCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof AccountInputError) throw new CliUsageError(e.message);
    throw e;
  }
}

export async function runCli(argv: string[], out: (line: string) => void = console.log, deps?: AppDeps): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    out('Commands:');
    for (const c of Object.values(commands)) out(`  ${c.usage}`);
    return name ? 2 : 0;
  }
  let own: { deps: AppDeps; close: () => Promise<void> } | undefined;
  if (!deps) {
    const config = loadConfig({ ...process.env, FLIGHTS_PROVIDER: process.env.FLIGHTS_PROVIDER, LOG_LEVEL: 'silent' });
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    const d = await createAppDeps(config, database);
    own = {
      deps: d,
      close: async () => {
        await disposeAppDeps(d);
        await database.close();
      },
    };
  }
  try {
    await command.run(deps ?? own!.deps, args, out);
    return 0;
  } catch (e) {
    if (e instanceof CliUsageError) {
      out(`error: ${e.message}\nusage: ${command.usage}`);
      return 2;
    }
    throw e;
  } finally {
    await own?.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
