// `npm run build`: the web app (web/dist) and the server (server/dist). With `--if-stale` (what `npm start` and
// `npm run migrate` use) a part is built only when its output is missing or any of its inputs changed since the last
// build: a fingerprint of every input file's path, size and modification time, kept in node_modules/.cache (a few
// milliseconds to compute, so starting an up-to-date tree costs nothing). `--only server` builds the server alone.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = path.join(root, 'node_modules', '.cache', 'gowild-build');

/** Each part: the files and folders it is built from, what it makes, and how. Tests are no input. */
const parts = {
  web: {
    sources: 'web/src',
    inputs: [
      'web/src',
      'web/public',
      'web/index.html',
      'web/vite.config.ts',
      'web/package.json',
      'contract/src',
      'scripts/precompress.mjs',
    ],
    output: 'web/dist/index.html',
    build: ['npm', ['run', 'build', '-w', 'web']],
  },
  server: {
    sources: 'server/src',
    inputs: ['server/src', 'server/package.json', 'server/scripts/build.mjs', 'contract/src', 'contract/package.json'],
    output: 'server/dist/server.js',
    build: ['npm', ['run', 'build', '-w', 'server']],
  },
};

const isTest = (file) => /\.test\.tsx?$/.test(file) || file.includes(`${path.sep}test${path.sep}`);

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) {
    yield entry;
    return;
  }
  for (const name of readdirSync(full).sort()) yield* files(path.join(entry, name));
}

/** Path, size and modification time of every input: any edit, addition or removal changes it. */
export function fingerprint(part) {
  const hash = createHash('sha256');
  for (const input of part.inputs)
    for (const file of files(input)) {
      if (isTest(file)) continue;
      const s = statSync(path.join(root, file));
      hash.update(`${file}\0${s.size}\0${s.mtimeMs}\n`);
    }
  return hash.digest('hex');
}

const stampFile = (name) => path.join(cacheDir, `${name}.fingerprint`);

export function isStale(name) {
  const part = parts[name];
  if (!existsSync(path.join(root, part.output))) return true;
  // A tree shipped without its sources (a container image) runs what it has.
  if (!existsSync(path.join(root, part.sources))) return false;
  const stamp = existsSync(stampFile(name)) ? readFileSync(stampFile(name), 'utf8') : '';
  return stamp !== fingerprint(part);
}

function buildPart(name) {
  const part = parts[name];
  // Taken before building, so an edit made during the build is seen next time.
  const before = fingerprint(part);
  const [command, args] = part.build;
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(stampFile(name), before);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const onlyAt = args.indexOf('--only');
  const names = onlyAt >= 0 ? [args[onlyAt + 1]] : Object.keys(parts);
  for (const name of names) if (!parts[name]) throw new Error(`no part named ${name} (web, server)`);
  for (const name of names) {
    if (args.includes('--if-stale') && !isStale(name)) continue;
    buildPart(name);
  }
}
