/**
 * Operator commands against the configured database: `npm run cli -- <command> [args]`.
 * Each module contributes its commands from its own `<feature>.cli.ts`; this file only collects and runs them, and
 * runs the few that must not open the database (`migrate`, `airline:read`) before it is opened.
 */
import { pathToFileURL } from 'node:url';
import { type Config, ConfigError, loadConfig } from './config';
import { type Database, openDatabase, unreachableDatabaseLine } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { type AppDeps, createAppDeps, disposeAppDeps } from './deps';
import { type CliCommand, CliFailure, CliUsageError } from './lib/app-module';
import { airlineReadCommand, airlineRereadThroughServer } from './modules/data-health/airline-pages.cli';

/** Every module's commands by name; two modules claiming one name is a programming error. */
export function collectCommands(modules: AppDeps['modules']): Record<string, CliCommand> {
  const all: Record<string, CliCommand> = {};
  for (const m of modules) {
    for (const [name, command] of Object.entries(m.cli ?? {})) {
      if (all[name]) throw new Error(`two modules define the command ${name}`);
      all[name] = command;
    }
  }
  return all;
}

/** Runs one command from `commands`; without a known name, lists them (exit 2 for an unknown name). */
export async function runCommand(commands: Record<string, CliCommand>, argv: string[], out: (line: string) => void): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    out('Commands:');
    for (const c of Object.values(commands)) out(`  ${c.usage}`);
    return name ? 2 : 0;
  }
  try {
    await command.run(args, out);
    return 0;
  } catch (e) {
    if (e instanceof CliUsageError) {
      out(`error: ${e.message}\nusage: ${command.usage}`);
      return 2;
    }
    throw e;
  }
}

/**
 * `migrate` applies the migrations this release ships and exits (decision 138): the release step that runs before
 * the replicas start with MIGRATE_ON_START=false. It needs no module, so none is built (nor Redis or a provider opened).
 */
function migrateCommand(config: Config): CliCommand {
  return {
    usage: 'migrate   (applies the database migrations this release ships, then exits)',
    async run(_args, out) {
      const database = await openDatabase({ ...databaseOptions(config), migrate: true });
      try {
        if (!(await database.migrationsApplied())) throw new Error('the migrations ran but the database still lacks some');
        out(`migrations applied (${database.kind})`);
      } finally {
        await database.close();
      }
    },
  };
}

const databaseOptions = (config: Config) => ({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
  statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
});

/** Runs a command against `deps`, or against the configured database and providers (opened and closed here). */
export async function runCli(argv: string[], out: (line: string) => void = console.log, deps?: AppDeps): Promise<number> {
  if (deps) return runCommand(collectCommands(deps.modules), argv, out);
  const config = loadConfig({ ...process.env, FLIGHTS_PROVIDER: process.env.FLIGHTS_PROVIDER, LOG_LEVEL: 'silent' });
  const migrate = migrateCommand(config);
  if (argv[0] === 'migrate') return runCommand({ migrate }, argv, out);
  // Reads a file with the adapter alone (decision 244): no database, so it runs beside a server that holds it.
  if (argv[0] === 'airline:read') return runCommand({ 'airline:read': airlineReadCommand(config) }, argv, out);
  let database: Database;
  try {
    database = await openDatabase({ ...databaseOptions(config), migrate: config.MIGRATE_ON_START });
  } catch (err) {
    // The embedded database held by a running server (decision 237): `airline:reread` asks that server instead.
    if (argv[0] === 'airline:reread' && err instanceof DataDirInUseError) {
      return runCommand({ 'airline:reread': airlineRereadThroughServer(config) }, argv, out);
    }
    throw err;
  }
  try {
    const own = await createAppDeps(config, database);
    try {
      return await runCommand({ migrate, ...collectCommands(own.modules) }, argv, out);
    } finally {
      await disposeAppDeps(own);
    }
  } finally {
    await database.close();
  }
}

// The entry point when run as a program (tsx src/cli.ts, or node dist/cli.js), not when a test imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      // An unreachable database or a bad setting is one line for the operator; anything else keeps its stack.
      const line =
        err instanceof ConfigError || err instanceof CliFailure ? err.message : unreachableDatabaseLine(err, process.env.DATABASE_URL);
      console.error(line ? `error: ${line}` : err);
      process.exit(1);
    },
  );
}
