import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer rules of eslint.config.js (decision 047) fire: each snippet is linted as if it were the named file, so a
 * rule that stopped matching (a renamed folder, a broken pattern) fails here rather than letting imports drift.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let eslint: ESLint;
let cwd: string;
beforeAll(() => {
  // The config lists web features relative to the working directory.
  cwd = process.cwd();
  process.chdir(root);
  eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });
});
afterAll(() => {
  process.chdir(cwd);
});

async function restrictedImports(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = x;\n`, { filePath: path.join(root, filePath) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('server layer rules', () => {
  it.each([
    ['server/src/providers/flights/index.ts', "import { x } from '../../modules/reference/reference.service';"],
    ['server/src/providers/flights/emulator/network.ts', "import { x } from '../../../modules/reference/reference.module';"],
    ['server/src/providers/geo/index.ts', "import { x } from '../../deps';"],
  ])('a provider may not import a module or the composition root: %s', async (file, source) => {
    expect(await restrictedImports(file, source)).toEqual([expect.stringMatching(/providers/)]);
  });

  it.each([
    ['server/src/modules/admin/admin.service.ts', "import { x } from '../accounts/users/users.presenter';"],
    ['server/src/modules/flights/flights.routes.ts', "import { x } from '../accounts/entitlements/search-gate';"],
    ['server/src/modules/accounts/auth/auth.service.ts', "import { x } from '../../flights/flight-search.plan';"],
    ['server/src/modules/admin/admin.routes.test.ts', "import { x } from '../accounts/entitlements/search-log.repository';"],
  ])("a module may not import another module's internals: %s", async (file, source) => {
    expect(await restrictedImports(file, source)).toEqual([expect.stringMatching(/only through what a module exports/)]);
  });

  it.each([
    ['server/src/lib/clock.ts', "import { x } from '../modules/reference/reference.module';"],
    ['server/src/lib/reference-data/airports.ts', "import { x } from '../../providers/flights';"],
    ['server/src/modules/flights/flights.service.ts', "import { x } from '../../deps';"],
    ['server/src/modules/accounts/auth/auth.routes.ts', "import { x } from '../../../plugins/validation';"],
    ['server/src/jobs/job-runner.ts', "import { x } from '../modules/accounts/accounts.module';"],
  ])('the layers hold elsewhere too: %s', async (file, source) => {
    expect(await restrictedImports(file, source)).toHaveLength(1);
  });

  it.each([
    ['server/src/modules/admin/admin.service.ts', "import { x } from '../accounts/accounts.module';"],
    ['server/src/modules/accounts/auth/auth.service.ts', "import { x } from '../users/users.repository';"],
    ['server/src/modules/accounts/auth/auth.service.ts', "import { x } from '../../flights/flights.module';"],
    ['server/src/modules/flights/flights.module.ts', "import { x } from '../../providers/flights/flights.provider';"],
    ['server/src/modules/flights/flights.module.ts', "import { x } from '../../lib/clock';"],
    ['server/src/modules/flights/flights.routes.test.ts', "import { x } from '../../test/build-test-app';"],
    ['server/src/providers/flights/index.ts', "import { x } from '../../lib/reference-data/airports';"],
    ['server/src/providers/flights/index.ts', "import { x } from '../../config';"],
    ['server/src/providers/flights/emulator/standalone.ts', "import { x } from './server';"],
    ['server/src/deps.ts', "import { x } from './modules/accounts/auth/auth.service';"],
  ])('allows what the layers allow: %s importing %s', async (file, source) => {
    expect(await restrictedImports(file, source)).toEqual([]);
  });
});

describe('web feature rule', () => {
  it('a web feature may not import another feature', async () => {
    const messages = await restrictedImports(
      'web/src/features/search/components/search-form.tsx',
      "import { x } from '@/features/auth/hooks/use-session';",
    );
    expect(messages).toEqual([expect.stringMatching(/features never import each other/)]);
  });

  it('a web feature may not reach another feature by a relative path', async () => {
    const messages = await restrictedImports(
      'web/src/features/search/components/search-form.tsx',
      "import { x } from '../../auth/hooks/use-session';",
    );
    expect(messages).toEqual([expect.stringMatching(/features never import each other/)]);
  });

  it('a web feature may import itself and the shared layers', async () => {
    const file = 'web/src/features/search/components/search-form.tsx';
    expect(await restrictedImports(file, "import { x } from '@/features/search/hooks/use-search';")).toEqual([]);
    expect(await restrictedImports(file, "import { x } from '../hooks/use-search';")).toEqual([]);
    expect(await restrictedImports(file, "import { x } from '@/lib/api-client';")).toEqual([]);
  });
});

describe('calendar-day idiom rule (decision 125)', () => {
  async function idiom(filePath: string, source: string): Promise<string[]> {
    const [result] = await eslint.lintText(`${source}\n`, { filePath: path.join(root, filePath) });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  }

  it.each([
    ['server/src/modules/alerts/alert-dates.ts', 'export const day = (now: Date) => now.toISOString().slice(0, 10);'],
    ['server/src/modules/alerts/alert-dates.test.ts', 'export const day = new Date().toISOString().substring(0, 10);'],
    ['web/src/features/search/utils/search-link.ts', "export const day = new Date().toISOString().split('T')[0];"],
    ['e2e/tests/search-support.ts', 'export const day = (d: Date) => d.toISOString().slice(0, 10);'],
  ])('forbids the idiom outside its home: %s', async (file, source) => {
    expect(await idiom(file, source)).toEqual([expect.stringMatching(/@gowild\/contract\/dates/)]);
  });

  it('allows the home itself and other slices of an ISO string', async () => {
    expect(await idiom('contract/src/dates.ts', 'export const day = (d: Date) => d.toISOString().slice(0, 10);')).toEqual([]);
    expect(await idiom('contract/src/local-time.ts', 'export const t = (d: Date) => d.toISOString().slice(0, 19);')).toEqual([]);
  });
});
