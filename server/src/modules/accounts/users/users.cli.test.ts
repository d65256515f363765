import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { AUTH_MESSAGES } from '@gowild/contract/auth';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../cli';
import { openDatabase } from '../../../db/client';
import type { AppDeps } from '../../../deps';
import { buildAccountsTestApp } from '../../../test/factories';
import { createUsersRepository } from './users.repository';

let app: FastifyInstance;
let deps: AppDeps;
beforeAll(async () => {
  ({ app, deps } = await buildAccountsTestApp());
});
afterAll(async () => {
  await app.close();
});

async function cli(...argv: string[]) {
  const lines: string[] = [];
  const code = await runCli(argv, (l) => lines.push(l), deps);
  return { code, output: lines.join('\n') };
}
const login = (email: string, password: string) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('user commands', () => {
  it('user:create makes an account that can sign in, with the flags asked for', async () => {
    const res = await cli('user:create', 'Ops@Example.com', 'first-admin-pass', 'Olga', 'Ops', '--admin', '--premium');
    expect(res).toEqual({ code: 0, output: 'created ops@example.com (premium, admin, active)' });
    const signIn = await login('ops@example.com', 'first-admin-pass');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ first_name: 'Olga', last_name: 'Ops', is_admin: true, is_premium: true });
    const dash = await app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { authorization: `Bearer ${signIn.json().token}` },
    });
    expect(dash.statusCode).toBe(200);
  });

  it('user:create without flags makes a free account', async () => {
    expect((await cli('user:create', 'plain@example.com', 'plain-user-pass', 'Pat', 'Plain')).output).toBe(
      'created plain@example.com (free, active)',
    );
  });

  it.each([
    [['user:create', 'a@example.com', 'pw', 'A', 'B'], AUTH_MESSAGES.passwordTooShort],
    [['user:create', 'a@example.com', 'password1', 'A', 'B'], AUTH_MESSAGES.passwordCommon],
    [['user:create', 'not-an-email', 'fine-pass-42', 'A', 'B'], AUTH_MESSAGES.emailInvalid],
    [['user:create', 'a@example.com', 'fine-pass-42', 'A'], 'user:create needs EMAIL PASSWORD FIRST LAST'],
    [['user:create', 'a@example.com', 'fine-pass-42', 'A', 'B', '--root'], 'unknown option --root'],
    [['user:grant', 'nobody@example.com', 'premium'], 'no account with e-mail nobody@example.com'],
    [['user:grant', 'a@example.com', 'superuser'], 'user:grant needs EMAIL and one of premium, admin, active'],
    [['user:revoke', 'a@example.com'], 'user:revoke needs EMAIL and one of premium, admin, active'],
  ])('%j exits 2 with "%s"', async (argv, message) => {
    const res = await cli(...argv);
    expect(res.code).toBe(2);
    expect(res.output).toContain(`error: ${message}`);
    expect(res.output).toContain('usage:');
  });

  it('refuses a second account with the same e-mail', async () => {
    await cli('user:create', 'twice@example.com', 'twice-user-pass', 'T', 'W');
    const res = await cli('user:create', 'TWICE@example.com', 'twice-user-pass', 'T', 'W');
    expect(res.code).toBe(2);
    expect(res.output).toContain(AUTH_MESSAGES.emailTaken);
  });

  it('grant and revoke premium and admin', async () => {
    await cli('user:create', 'flags@example.com', 'flags-user-pass', 'F', 'L');
    expect((await cli('user:grant', 'flags@example.com', 'premium')).output).toBe('flags@example.com: premium, active');
    expect((await cli('user:grant', 'Flags@Example.com', 'admin')).output).toBe('flags@example.com: premium, admin, active');
    expect((await cli('user:revoke', 'flags@example.com', 'premium')).output).toBe('flags@example.com: free, admin, active');
    expect((await cli('user:revoke', 'flags@example.com', 'admin')).output).toBe('flags@example.com: free, active');
    const usage = await login('flags@example.com', 'flags-user-pass');
    expect(usage.json().user).toMatchObject({ is_premium: false, is_admin: false });
  });

  it('revoking active ends the sessions at once and blocks sign-in; granting it back restores sign-in', async () => {
    await cli('user:create', 'leaver@example.com', 'leaver-user-pass', 'L', 'V');
    const token = (await login('leaver@example.com', 'leaver-user-pass')).json().token;
    expect((await cli('user:revoke', 'leaver@example.com', 'active')).output).toBe('leaver@example.com: free, deactivated');
    const after = await app.inject({ method: 'GET', url: '/api/auth/search-usage', headers: { authorization: `Bearer ${token}` } });
    expect(after.statusCode).toBe(401);
    expect((await login('leaver@example.com', 'leaver-user-pass')).statusCode).toBe(403);
    await cli('user:grant', 'leaver@example.com', 'active');
    expect((await login('leaver@example.com', 'leaver-user-pass')).statusCode).toBe(200);
    // The old session stays ended.
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/search-usage', headers: { authorization: `Bearer ${token}` } })).statusCode,
    ).toBe(401);
  });

  it('lists the user commands in the help', async () => {
    const res = await cli();
    expect(res.output).toMatch(/user:create EMAIL PASSWORD FIRST LAST \[--admin\] \[--premium\]/);
    expect(res.output).toMatch(/user:grant EMAIL premium\|admin\|active/);
    expect(res.output).toMatch(/user:revoke EMAIL premium\|admin\|active/);
  });
});

describe('npm run cli', () => {
  it('creates the first admin of a fresh install on disk', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'gw-cli-'));
    const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
        cwd: serverDir,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', NODE_ENV: 'test' },
      });
    try {
      // One process start (each one opens and migrates the database): the in-process tests above cover the rest.
      const created = await run('user:create', 'root@example.com', 'fresh-install-pass', 'Root', 'Admin', '--admin');
      expect(created.stdout.trim()).toBe('created root@example.com (free, admin, active)');
      const database = await openDatabase({ dataDir });
      try {
        const row = await createUsersRepository(database.db).findByEmail('root@example.com');
        expect(row).toMatchObject({ isAdmin: true, isPremium: false, isActive: true });
        expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      } finally {
        await database.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
