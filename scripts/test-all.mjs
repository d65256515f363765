// `npm test`: every test. Unit and API integration tests (Vitest, embedded PGlite), then the browser end-to-end
// tests (Playwright on Debian's Chromium) against the built app on the Frontier emulator.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';

function run(cmd, args, env = {}) {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (!ensureChromium()) process.exit(1);
run('npx', ['vitest', 'run']);
run('npm', ['run', 'test:e2e']);
