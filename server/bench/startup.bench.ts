/**
 * Start-up time and idle memory: the server as it ran before decision 135 (TypeScript compiled at start by tsx,
 * `node --import tsx src/server.ts`) against the built bundle (`node dist/server.js`), on the embedded defaults
 * (PGlite in a data directory made by a first start, the in-process emulator, pg-boss jobs). Each run times the
 * process from spawn to the first 200 from /api/ready, then reads its resident memory (VmRSS) after IDLE_MS of
 * idleness. Runs alternate so machine load falls on both alike; medians and the ratio against tsx are printed.
 *
 * `npm run bench:startup` (builds the server first when it is stale). `node` is this process's binary; run it under
 * another Node with `npx -p node@24 -- node --import tsx bench/startup.bench.ts`.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.STARTUP_RUNS ?? 3);
const IDLE_MS = Number(process.env.STARTUP_IDLE_MS ?? 5000);

const variants = {
  tsx: ['--import', 'tsx', 'src/server.ts'],
  'node dist': ['dist/server.js'],
} as const;
type Variant = keyof typeof variants;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

const rssMb = (pid: number) => {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  return kb / 1024;
};

async function stop(proc: ChildProcess) {
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  await exited;
}

async function startOnce(variant: Variant, dataDir: string): Promise<{ readyMs: number; rssMb: number }> {
  const port = await freePort();
  const started = performance.now();
  const proc = spawn(process.execPath, [...variants[variant]], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`${variant} exited with ${proc.exitCode}`);
      const status = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const readyMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, IDLE_MS));
    return { readyMs, rssMb: rssMb(proc.pid!) };
  } finally {
    await stop(proc);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  execFileSync(process.execPath, [path.join(serverDir, '..', 'scripts', 'build.mjs'), '--if-stale', '--only', 'server'], {
    stdio: 'inherit',
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gw-startup-'));
  try {
    // A first start creates and migrates the database; the runs then time a start on an existing one.
    await startOnce('node dist', dataDir);
    const results: Record<Variant, { readyMs: number; rssMb: number }[]> = { tsx: [], 'node dist': [] };
    for (let i = 0; i < RUNS; i++) for (const v of Object.keys(variants) as Variant[]) results[v].push(await startOnce(v, dataDir));
    const base = results.tsx;
    console.log(`Node ${process.version}, ${RUNS} runs each, memory after ${IDLE_MS} ms idle`);
    console.log('| start | to /api/ready (median) | RSS at idle (median) | time vs tsx | memory vs tsx |');
    console.log('|---|---|---|---|---|');
    for (const [v, rs] of Object.entries(results)) {
      const ready = median(rs.map((r) => r.readyMs));
      const rss = median(rs.map((r) => r.rssMb));
      const ratio = (x: number, y: number) => `${(x / y).toFixed(2)}x`;
      console.log(
        `| ${v} | ${(ready / 1000).toFixed(2)} s | ${rss.toFixed(0)} MB | ${ratio(ready, median(base.map((r) => r.readyMs)))} | ${ratio(rss, median(base.map((r) => r.rssMb)))} |`,
      );
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
