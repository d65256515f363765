// Runs a command and says where the machine's CPU went while it ran, by kind of process (decision 322):
//
//   node scripts/cpu-by-process.mjs -- npm test
//
// `time` (and the CPU column of .ci/run's table) counts only the descendants that their parents waited for. Chromium's
// renderers are not among them, so `time npx playwright test` reported about half of what the browser tests cost.
// This samples /proc instead: every process that started after the command did, whoever its parent, with its CPU
// time as last seen. A process that ends between two samples loses at most one interval, so the figures are a floor.
// Linux only.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

const SAMPLE_MS = 250;
const TICKS = 100; // USER_HZ: /proc's CPU times are in hundredths of a second on Linux

const dash = process.argv.indexOf('--');
const command = process.argv.slice(dash === -1 ? 2 : dash + 1);
if (command.length === 0) {
  console.error('usage: node scripts/cpu-by-process.mjs -- COMMAND [ARGS...]');
  process.exit(2);
}

/** The kind of a process, from its command line: what the test suites start. */
function kindOf(cmdline) {
  if (/chrom(e|ium)/.test(cmdline)) return `chromium ${/--type=([a-z-]+)/.exec(cmdline)?.[1] ?? 'browser'}`;
  if (/dist\/server\.js/.test(cmdline)) return 'app server (built)';
  if (/playwright/.test(cmdline)) return 'playwright';
  if (/vitest/.test(cmdline)) return 'vitest';
  if (/\btsx\b|--import tsx/.test(cmdline)) return 'node via tsx (test children)';
  if (/^postgres|postgres:/.test(cmdline)) return 'postgresql backends';
  if (/redis/.test(cmdline)) return 'redis';
  if (/\bnode\b|\bnpm\b|\bnpx\b/.test(cmdline)) return 'other node';
  return 'other';
}

const machineBusy = () => {
  const [, ...f] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  return (f[0] + f[1] + f[2] + f[5] + f[6] + f[7]) / TICKS; // user nice system irq softirq steal
};

const uptimeTicks = () => Math.round(Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]) * TICKS);
const startedAfter = uptimeTicks();
const seen = new Map(); // pid:starttime → { kind, cpu }

function sample() {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const start = Number(fields[19]);
      if (start < startedAfter) continue;
      const key = `${pid}:${start}`;
      let entry = seen.get(key);
      if (!entry) {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
        if (!cmdline) continue; // a kernel thread, or a process already gone
        seen.set(key, (entry = { kind: kindOf(cmdline), cpu: 0 }));
      }
      entry.cpu = (Number(fields[11]) + Number(fields[12])) / TICKS;
    } catch {
      // The process ended while being read.
    }
  }
}

const t0 = performance.now();
const busy0 = machineBusy();
const timer = setInterval(sample, SAMPLE_MS);
const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
child.on('exit', (code, signal) => {
  clearInterval(timer);
  sample();
  const wall = (performance.now() - t0) / 1000;
  const busy = machineBusy() - busy0;
  const byKind = new Map();
  for (const { kind, cpu } of seen.values()) byKind.set(kind, (byKind.get(kind) ?? 0) + cpu);
  const total = [...byKind.values()].reduce((a, b) => a + b, 0);
  const cores = readFileSync('/proc/cpuinfo', 'utf8').match(/^processor/gm).length;
  console.log(`\nCPU by kind of process (seconds, a floor: see scripts/cpu-by-process.mjs), ${wall.toFixed(0)} s wall:`);
  for (const [kind, cpu] of [...byKind].sort((a, b) => b[1] - a[1])) console.log(`${cpu.toFixed(0).padStart(7)}  ${kind}`);
  console.log(`${total.toFixed(0).padStart(7)}  in all (${(total / wall).toFixed(2)} cores on average)`);
  console.log(
    `machine: ${busy.toFixed(0)} s busy of ${(wall * cores).toFixed(0)} s on ${cores} cores (${((100 * busy) / (wall * cores)).toFixed(0)} %)`,
  );
  process.exit(signal ? 1 : (code ?? 1));
});
