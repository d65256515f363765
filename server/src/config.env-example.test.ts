import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configSchema, loadConfig } from './config';

/**
 * The root .env.example is the operator's list of every setting (docs/operations.md#configuration-for-production): a
 * setting added to config.ts without a line there, or a line for a setting that no longer exists, fails here.
 */
const EXAMPLE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.env.example');

async function exampleLines(): Promise<{ key: string; value: string; active: boolean }[]> {
  const text = await readFile(EXAMPLE, 'utf8');
  // A value with spaces is quoted, as env files (Compose's, Node's --env-file) read it: the quotes are not the value.
  const unquote = (v: string) => (/^(["']).*\1$/.exec(v) ? v.slice(1, -1) : v);
  return [...text.matchAll(/^(# )?([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => ({ key: m[2]!, value: unquote(m[3]!), active: !m[1] }));
}

describe('.env.example', () => {
  it('names every setting of config.ts once, and nothing else', async () => {
    const keys = (await exampleLines()).map((l) => l.key);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    expect([...keys].sort()).toEqual(Object.keys(configSchema.shape).sort());
  });

  it('every example value is one the server accepts', async () => {
    const env: Record<string, string> = {};
    for (const { key, value } of await exampleLines()) {
      // The secrets are left blank for the operator to fill; TEST_NOW, PUSH_TEST_HOSTS and DISCORD_TEST_ALLOW_HOSTS are
      // refused in production, as they say.
      if (key !== 'TEST_NOW' && key !== 'PUSH_TEST_HOSTS' && key !== 'DISCORD_TEST_ALLOW_HOSTS')
        env[key] = value === '' ? 'an-operator-made-secret-of-48-characters-0123456' : value;
    }
    const config = loadConfig(env);
    expect(config.NODE_ENV).toBe('production');
    expect(config.FLIGHTS_PROVIDER).toBe('frontier');
  });

  it("a commented line shows the setting's default, or an example for a setting without one", async () => {
    const defaults = loadConfig({});
    for (const { key, value, active } of await exampleLines()) {
      if (active || value === '' || !(key in defaults)) continue;
      const fallback = defaults[key as keyof typeof defaults];
      // A commented line either repeats the default or, for a setting without one, shows an example.
      if (fallback !== undefined && !Array.isArray(fallback))
        expect(String(fallback), key).toBe(String(loadConfig({ [key]: value })[key as keyof typeof defaults]));
    }
  });
});
