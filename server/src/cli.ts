/**
 * Operator commands against the configured database: `npm run cli -- <command> [args]`.
 * Each module contributes its commands from its own `<feature>.cli.ts`; this file only collects and runs them.
 */
import { ConfigError, loadConfig } from './config';
import { openDatabase, unreachableDatabaseLine } from './db/client';
import { type AppDeps, createAppDeps, disposeAppDeps } from './deps';
import { type CliCommand, CliUsageError } from './lib/app-module';

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

/** Runs a command against `deps`, or against the configured database and providers (opened and closed here). */
export async function runCli(argv: string[], out: (line: string) => void = console.log, deps?: AppDeps): Promise<number> {
  if (deps) return runCommand(collectCommands(deps.modules), argv, out);
  const config = loadConfig({ ...process.env, FLIGHTS_PROVIDER: process.env.FLIGHTS_PROVIDER, LOG_LEVEL: 'silent' });
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
  });
  try {
    const own = await createAppDeps(config, database);
    try {
      return await runCommand(collectCommands(own.modules), argv, out);
    } finally {
      await disposeAppDeps(own);
    }
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      // An unreachable database or a bad setting is one line for the operator; anything else keeps its stack.
      const line = err instanceof ConfigError ? err.message : unreachableDatabaseLine(err, process.env.DATABASE_URL);
      console.error(line ? `error: ${line}` : err);
      process.exit(1);
    },
  );
}
