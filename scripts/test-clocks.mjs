// `npm run test:clocks`: the unit, API and browser suites again with every process on a chosen day, to prove no
// test depends on the calendar it happens to run on. Each run sets TEST_NOW (the server, emulator, CLI and browser
// clocks; web component tests fake Date from it) and TZ (the machine's and the browser's time zone).
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';

const DAYS = [
  { name: 'blackout eve (tomorrow 2026-11-24 is blacked out)', TEST_NOW: '2026-11-23T15:00:00Z', TZ: 'UTC' },
  { name: 'month end', TEST_NOW: '2026-11-30T18:00:00Z', TZ: 'UTC' },
  { name: '23:30 US Eastern', TEST_NOW: '2026-12-09T23:30:00-05:00', TZ: 'America/New_York' },
  { name: '00:30 UTC', TEST_NOW: '2026-12-10T00:30:00Z', TZ: 'UTC' },
];
const only = process.argv.slice(2);

function run(cmd, args, env) {
  console.log(`\n$ TEST_NOW=${env.TEST_NOW} TZ=${env.TZ} ${cmd} ${args.join(' ')}`);
  return spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status === 0;
}

if (!ensureChromium()) process.exit(1);
if (!run('npm', ['run', 'build'], {})) process.exit(1);
const failed = [];
for (const day of DAYS.filter((d, i) => only.length === 0 || only.includes(String(i + 1)))) {
  console.log(`\n=== ${day.name}: ${day.TEST_NOW} (${day.TZ})`);
  const env = { TEST_NOW: day.TEST_NOW, TZ: day.TZ };
  if (!run('npx', ['vitest', 'run'], env)) failed.push(`${day.name}: vitest`);
  if (!run('npm', ['test', '-w', 'e2e'], env)) failed.push(`${day.name}: playwright`);
}
if (failed.length) {
  console.error(`\nFailed on: ${failed.join('; ')}`);
  process.exit(1);
}
console.log('\nEvery chosen day passed.');
