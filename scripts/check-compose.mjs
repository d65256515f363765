// `node scripts/check-compose.mjs`: compose.yaml cannot be started here (no container engine daemon), so CI checks it
// (decision 139): against the Compose specification's JSON schema (scripts/compose-spec/, with its source), and
// against what scripts/container-test.sh proves with the image: the app services run the image's CMD or the migrate
// command the test runs, with the roles it starts, and set every setting the test sets.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { parse } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file) => readFileSync(path.join(root, file), 'utf8');
const problems = [];

// Interpolation (`${X:?…}`) is the engine's job before validation, as `docker compose config` does: values stay
// strings, which the schema accepts wherever a string may be interpolated.
const compose = parse(read('compose.yaml'), { merge: true });
// The schema names its draft by an https address Ajv does not know; it is draft-07, which Ajv checks by default.
const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false });
const validate = ajv.compile(JSON.parse(read('scripts/compose-spec/compose-spec.json')));
if (!validate(compose))
  for (const e of validate.errors) problems.push(`schema: ${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);

// What the container test runs: the image's CMD for the server roles, the migrate command, and the settings it passes.
const dockerfile = read('Dockerfile');
const imageCmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? 'null');
const test = read('scripts/container-test.sh');
const migrateCmd = /-- (node server\/dist\/cli\.js migrate)$/m.exec(test)?.[1].split(' ');
const testSettings = new Set([...test.matchAll(/-e "?([A-Z_]+)=/g)].map((m) => m[1]));
const testRoles = /for role in ([a-z ]+); do/.exec(test)?.[1].split(' ') ?? [];
if (!imageCmd || !migrateCmd || testSettings.size === 0 || testRoles.length === 0)
  problems.push('could not read the commands, roles and settings from Dockerfile and scripts/container-test.sh');

const services = compose.services ?? {};
const appServices = Object.entries(services).filter(([, s]) => s.build !== undefined);
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
for (const [name, service] of appServices) {
  const env = service.environment ?? {};
  const role = env.PROCESS_ROLE;
  if (name === 'migrate') {
    if (!same(service.command, migrateCmd))
      problems.push(`migrate runs ${JSON.stringify(service.command)}, the test ${JSON.stringify(migrateCmd)}`);
  } else {
    if (!same(service.command, imageCmd))
      problems.push(`${name} runs ${JSON.stringify(service.command)}, the image's CMD is ${JSON.stringify(imageCmd)}`);
    if (!testRoles.includes(role)) problems.push(`${name} has PROCESS_ROLE=${role}; the container test starts ${testRoles.join(' and ')}`);
  }
  for (const key of testSettings) {
    // PORT and HOST are the test's own networking (it shares the host's), PROCESS_ROLE is per service above.
    if (['PORT', 'HOST', 'PROCESS_ROLE'].includes(key)) continue;
    if (!(key in env)) problems.push(`${name} does not set ${key}, which the container test sets`);
  }
}
for (const role of testRoles)
  if (!appServices.some(([, s]) => s.environment?.PROCESS_ROLE === role)) problems.push(`no service runs the ${role} role`);
if (services.api?.deploy?.replicas !== 2) problems.push('the api service should run two replicas');
for (const [name, service] of appServices.filter(([n]) => n !== 'migrate'))
  if (service.depends_on?.migrate?.condition !== 'service_completed_successfully')
    problems.push(`${name} must wait for migrate (condition: service_completed_successfully)`);

if (problems.length > 0) {
  console.error(`compose.yaml:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`compose.yaml: valid against the Compose specification; ${appServices.map(([n]) => n).join(', ')} match the container test`);
