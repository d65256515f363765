// Builds the server and the operator CLI into plain JavaScript: dist/server.js and dist/cli.js (decision 135).
// Our code and @gowild/contract are bundled (their imports carry no extensions, so Node could not load them as they
// are); every package from node_modules stays an import, resolved at run time from a `npm ci --omit=dev` tree. The
// files the server reads at run time (the SQL migrations, the common-password list) are copied beside the bundles,
// where the bundled code looks for them. The build fails when the output imports a package that is not a runtime
// dependency, or names a file next to itself that is not there.
import { builtinModules } from 'node:module';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(serverDir, 'dist');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const server = readJson(path.join(serverDir, 'package.json'));
const contract = readJson(path.join(serverDir, '..', 'contract', 'package.json'));

/** What a `npm ci --omit=dev` tree has: the server's and the contract's dependencies (not their devDependencies). */
const runtimePackages = new Set([...Object.keys(server.dependencies ?? {}), ...Object.keys(contract.dependencies ?? {})]);
// The contract is a dependency of the server too, but it is our own TypeScript (imports without extensions): bundled.
runtimePackages.delete(contract.name);
/** Files read at run time, relative to src/, and where the bundled code expects them in dist/. */
const assets = [
  ['db/migrations', 'migrations'],
  ['modules/accounts/auth/common-passwords.txt', 'common-passwords.txt'],
];

const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const isBuiltin = (specifier) => specifier.startsWith('node:') || builtinModules.includes(packageOf(specifier));

export async function buildServer() {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const result = await build({
    absWorkingDir: serverDir,
    entryPoints: { server: 'src/server.ts', cli: 'src/cli.ts' },
    outdir: 'dist',
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The oldest Node the engines field allows.
    target: 'node20.19',
    // Every bare import that is not our own workspace package stays external; the check below names strays.
    external: [...runtimePackages],
    keepNames: true,
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
  });
  for (const [from, to] of assets) cpSync(path.join(serverDir, 'src', from), path.join(outDir, to), { recursive: true });

  const problems = [];
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    if (!file.endsWith('.js')) continue;
    for (const imported of output.imports) {
      if (!imported.external || isBuiltin(imported.path)) continue;
      if (!runtimePackages.has(packageOf(imported.path)))
        problems.push(`${file} imports ${imported.path}, which is not in the server's or the contract's dependencies`);
    }
    // `new URL('./x', import.meta.url)`: the file must sit beside the bundle.
    const code = readFileSync(path.join(serverDir, file), 'utf8');
    for (const m of code.matchAll(/new URL\(\s*["'`](\.\/[^"'`]+)["'`]\s*,\s*import\.meta\.url\s*\)/g)) {
      if (!existsSync(path.join(serverDir, path.dirname(file), m[1]))) problems.push(`${file} reads ${m[1]}, which the build did not copy`);
    }
  }
  if (problems.length > 0) throw new Error(`the server build is not self-contained:\n  ${problems.join('\n  ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  await buildServer();
  console.log(`server built into ${path.relative(process.cwd(), outDir) || '.'} in ${Math.round(performance.now() - started)} ms`);
}
