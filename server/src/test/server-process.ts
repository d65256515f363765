import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  proc: ChildProcess;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  /** Its exit code once it ends. */
  exited: Promise<number | null>;
  /** Whether it has ended. */
  ended(): boolean;
}

/** Starts the real server (src/server.ts) in a child process with only `env` (plus PATH and HOME) set. */
export function startServer(env: Record<string, string>): ServerProcess {
  return startEntry('src/server.ts', [], env);
}

/** Runs the operator CLI (src/cli.ts) with `args` in a child process, with only `env` (plus PATH and HOME) set. */
export function startCli(args: string[], env: Record<string, string>): ServerProcess {
  return startEntry('src/cli.ts', args, env);
}

function startEntry(entry: string, args: string[], env: Record<string, string>): ServerProcess {
  let out = '';
  let ended = false;
  const proc = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'info', ...env },
  });
  proc.stdout?.on('data', (d) => (out += String(d)));
  proc.stderr?.on('data', (d) => (out += String(d)));
  const exited = new Promise<number | null>((resolve) =>
    proc.on('exit', (code) => {
      ended = true;
      resolve(code);
    }),
  );
  return { proc, output: () => out, exited, ended: () => ended };
}

/** Polls `check` every 100 ms; throws after `ms` (a generous upper bound, not a timing assertion). */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The process's exit code, or 'still running' after `ms`. */
export function exitWithin(s: ServerProcess, ms: number): Promise<number | null | 'still running'> {
  return Promise.race([s.exited, new Promise<'still running'>((r) => setTimeout(() => r('still running'), ms))]);
}

/** A random port in 20000–39999 for a server to listen on. */
export const randomPort = () => String(20000 + Math.floor(Math.random() * 20000));
