/**
 * A process for `npm run bench:load` to aim at (load.bench.ts starts it as a child, so the load generator and the
 * server do not share an event loop). Two kinds:
 *
 * - `app`: the real app on its embedded defaults (PGlite in memory, the in-process Frontier emulator, the in-memory
 *   flight cache), listening on a free loopback port. It creates one premium account and signs it in through
 *   POST /api/auth/login, then sends `{ url, token }` to its parent over the IPC channel (its stdout, where the app
 *   logs, is the parent's to discard).
 * - `hello`: a bare Fastify hello-world (`GET /` answers `{"hello":"world"}`), the ceiling the app is compared with.
 *   It sends `{ url }`.
 *
 * The settings come from the environment, as for server.ts; the bench passes only what it must (see load.bench.ts).
 * Over IPC it also answers `{ cpu: true }` with its CPU time so far (µs), and `{ profile: 'start' | <file> }` starts a
 * V8 CPU profile or writes it to that file. SIGTERM closes the server and ends the process.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { loadConfigOrExit } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createAppDeps, disposeAppDeps } from '../src/deps';

const BENCH_PASSWORD = 'Load-bench-traveller-7';

function ready(message: { url: string; token?: string }): void {
  if (!process.send) throw new Error('load-target.ts is started by load.bench.ts, with an IPC channel');
  process.send(message);
}

async function startHello(): Promise<() => Promise<void>> {
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  ready({ url });
  return () => app.close();
}

async function startApp(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gw-load-'));
  const config = loadConfigOrExit({ DATA_DIR: dataDir, ...process.env });
  const database = await openDatabase({ dataDir: 'memory://' });
  const deps = await createAppDeps(config, database);
  const app = await buildApp(deps);
  const email = `load-bench-${process.pid}@example.com`;
  await deps.users.createAccount({ email, password: BENCH_PASSWORD, firstName: 'Load', lastName: 'Bench', isPremium: true });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: BENCH_PASSWORD } });
  if (login.statusCode !== 200) throw new Error(`bench sign-in failed: ${login.statusCode} ${login.body}`);
  const { token } = login.json() as { token: string };
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  ready({ url, token });
  return async () => {
    await app.close();
    await disposeAppDeps(deps);
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/** The bench's questions over IPC: CPU time used so far, and an optional CPU profile of the measured window. */
function answerQuestions(): void {
  let session: Session | undefined;
  process.on('message', (m: { cpu?: boolean; profile?: string }) => {
    void (async () => {
      if (m.cpu) {
        const { user, system } = process.cpuUsage();
        process.send?.({ cpuMicros: user + system });
      } else if (m.profile === 'start') {
        session = new Session();
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
        process.send?.({ profiling: true });
      } else if (m.profile && session) {
        const { profile } = await session.post('Profiler.stop');
        writeFileSync(m.profile, JSON.stringify(profile));
        session.disconnect();
        session = undefined;
        process.send?.({ profiled: m.profile });
      }
    })();
  });
}

async function main() {
  const kind = process.argv[2];
  if (kind !== 'app' && kind !== 'hello') throw new Error('usage: load-target.ts app|hello');
  const stop = kind === 'app' ? await startApp() : await startHello();
  answerQuestions();
  // Closing waits for open keep-alive connections (the in-process airline's among them): give it a few seconds.
  const end = () => void Promise.race([stop(), new Promise((r) => setTimeout(r, 3000).unref())]).finally(() => process.exit(0));
  process.once('SIGTERM', end);
  // The bench went away without stopping us: do not outlive it.
  process.once('disconnect', end);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
