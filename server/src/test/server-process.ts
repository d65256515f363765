import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
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

export function startEntry(entry: string, args: string[], env: Record<string, string>): ServerProcess {
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

/**
 * A port for a child server to listen on: random in 20000–32767, below Linux's ephemeral range (32768 and up), where
 * any outgoing connection (to PostgreSQL, Redis, the emulator) may hold it, and checked free at the time of asking.
 * A random port in 20000–39999 once collided with such a connection in CI.
 */
export async function freePort(): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 12768);
    if (await canListen(port)) return String(port);
  }
  throw new Error('no free port found in 20000–32767');
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
