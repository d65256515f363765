/** `npm run bench`: every `*.bench.ts` in this folder, one after another, each in its own process. */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const benches = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();

for (const bench of benches) {
  console.log(`\n== ${bench}`);
  execFileSync(process.execPath, ['--import', 'tsx', path.join(here, bench)], { stdio: 'inherit', cwd: path.resolve(here, '..') });
}
