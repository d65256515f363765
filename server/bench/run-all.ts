/** `npm run bench`: every benchmark of the project, one after another. */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const benches = ['search.bench.ts'];

for (const bench of benches) {
  console.log(`\n== ${bench}`);
  execFileSync(process.execPath, ['--import', 'tsx', path.join(here, bench)], { stdio: 'inherit', cwd: path.resolve(here, '..') });
}
