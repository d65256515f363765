import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What the dead-worker tests share (modules/alerts/dead-worker.kill.test.ts, modules/digest/digest.kill.test.ts):
 * worker processes running job-worker-child.ts that a test can kill, and a mail server that holds messages unanswered.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '../..');
const child = path.resolve(here, 'job-worker-child.ts');

/** A mail server over HTTP (the child's e-mail provider posts to it): holds every message while `hold` is on. */
export async function fakeMailServer() {
  const received: { to: string; messageId: string; subject: string; worker: string; at: number; held: boolean }[] = [];
  const held: ServerResponse[] = [];
  let hold = true;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as { to: string; messageId: string; subject: string };
      received.push({ ...body, worker: String(req.headers['x-worker']), at: Date.now(), held: hold });
      if (hold) held.push(res);
      else res.writeHead(250).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`,
    received,
    release: () => void (hold = false),
    close: () =>
      new Promise<void>((resolve) => {
        for (const r of held) r.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface Worker {
  proc: ChildProcessWithoutNullStreams;
  exited: Promise<NodeJS.Signals | number | null>;
  waitFor(text: string): Promise<void>;
  send(line: string): void;
}

/** A job-worker-child.ts process named `name` (its e-mails say so in `x-worker`). */
export function startWorker(name: string, env: Record<string, string>): Worker {
  const proc = spawn(process.execPath, ['--import', 'tsx', child], {
    cwd: serverDir,
    env: { ...process.env, ...env, CHILD_NAME: name },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  const waiters: (() => void)[] = [];
  proc.stdout.on('data', (c: Buffer) => {
    out += c.toString();
    for (const w of waiters.splice(0)) w();
  });
  proc.stderr.on('data', (c: Buffer) => process.stderr.write(`[${name}] ${c.toString()}`));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => proc.once('exit', (code, signal) => resolve(signal ?? code)));
  return {
    proc,
    exited,
    async waitFor(text) {
      while (!out.includes(text)) {
        const ended = await Promise.race([new Promise<boolean>((r) => waiters.push(() => r(false))), exited.then(() => true)]);
        if (ended && !out.includes(text)) throw new Error(`worker ${name} ended before '${text}': ${out}`);
      }
    },
    send: (line) => void proc.stdin.write(`${line}\n`),
  };
}

/** Polls `predicate` (another process's progress shows only in the database and the fakes) until true or `withinMs`. */
export async function until(predicate: () => boolean | Promise<boolean>, withinMs: number, everyMs = 100): Promise<boolean> {
  const end = Date.now() + withinMs;
  while (!(await predicate())) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return true;
}
