import { AUTH_MESSAGES } from '@gowild/contract/auth';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../../deps';
import { manualClock } from '../../../lib/clock';
import { findResetLink, readOutbox } from '../../../providers/email/outbox-reader';
import { TEST_PASSWORD, buildAccountsTestApp, createUser } from '../../../test/factories';

const clock = manualClock(new Date('2026-05-10T08:00:00Z'));
let app: FastifyInstance;
let deps: AppDeps;
let dataDir: string;
beforeAll(async () => {
  ({ app, deps, dataDir } = await buildAccountsTestApp({ env: { APP_URL: 'https://gowild.example/' }, deps: { clock } }));
});
afterAll(async () => {
  await app.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) => app.inject({ method: 'POST', url, payload, headers });

/** Asks for a reset and returns the token from the e-mail the outbox received. */
async function requestReset(email: string): Promise<string> {
  const before = (await readOutbox(dataDir, { to: email })).length;
  expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
  await deps.auth.idle();
  const mails = await readOutbox(dataDir, { to: email });
  expect(mails.length).toBe(before + 1);
  const link = findResetLink(mails.at(-1)!);
  expect(link).not.toBeNull();
  return new URL(link!).searchParams.get('token')!;
}

describe('forgot-password', () => {
  it('answers a known and an unknown address identically, and mails only the known one', async () => {
    const user = await createUser(deps);
    const known = await post('/api/auth/forgot-password', { email: user.email });
    const unknown = await post('/api/auth/forgot-password', { email: 'no-account-here@example.com' });
    await deps.auth.idle();
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ success: true, message: AUTH_MESSAGES.forgotPasswordSent });
    expect(await readOutbox(dataDir, { to: 'no-account-here@example.com' })).toHaveLength(0);
    expect(await readOutbox(dataDir, { to: user.email })).toHaveLength(1);
  });

  it('sends HTML and plain text bodies, both with the {APP_URL}/reset-password?token=… link', async () => {
    const user = await createUser(deps, { firstName: 'Rosa' });
    await requestReset(user.email);
    const [mail] = await readOutbox(dataDir, { to: user.email });
    expect(mail!.subject).toBe('Reset your GoWild Finder password');
    expect(mail!.text).toContain('Hi Rosa,');
    expect(mail!.text).toContain('1 hour');
    expect(mail!.text).toMatch(/https:\/\/gowild\.example\/reset-password\?token=[A-Za-z0-9_-]{43}\b/);
    const link = findResetLink(mail!)!;
    expect(mail!.html).toContain(`href="${link}"`);
  });

  it('stores only a hash of the token', async () => {
    const user = await createUser(deps);
    const token = await requestReset(user.email);
    const rows = await deps.database.db.query.passwordResetTokens.findMany();
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });
});

describe('reset-password', () => {
  it('verifies, resets, ends every session, and the new password works', async () => {
    const user = await createUser(deps, { firstName: 'Kai' });
    const login = await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    const session = { authorization: `Bearer ${login.json().token}` };
    const token = await requestReset(user.email);

    expect((await post('/api/auth/verify-reset-token', { token })).json()).toEqual({ valid: true, user_name: 'Kai' });
    const res = await post('/api/auth/reset-password', { token, password: 'new-secret-pass-77' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.passwordResetDone });

    expect((await app.inject({ method: 'GET', url: '/api/auth/search-usage', headers: session })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: user.email, password: 'new-secret-pass-77' })).statusCode).toBe(200);
  });

  it('a link works once', async () => {
    const user = await createUser(deps);
    const token = await requestReset(user.email);
    expect((await post('/api/auth/reset-password', { token, password: 'first-new-pass-1' })).statusCode).toBe(200);
    const again = await post('/api/auth/reset-password', { token, password: 'second-new-pass-2' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(AUTH_MESSAGES.invalidResetToken);
    expect((await post('/api/auth/verify-reset-token', { token })).json()).toEqual({
      valid: false,
      error: AUTH_MESSAGES.invalidResetToken,
    });
    expect((await post('/api/auth/login', { email: user.email, password: 'first-new-pass-1' })).statusCode).toBe(200);
  });

  it('of two simultaneous uses of one link, exactly one wins', async () => {
    const user = await createUser(deps);
    const token = await requestReset(user.email);
    const results = await Promise.all(
      ['parallel-pass-aa', 'parallel-pass-bb', 'parallel-pass-cc'].map((password) => post('/api/auth/reset-password', { token, password })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    const winner = ['parallel-pass-aa', 'parallel-pass-bb', 'parallel-pass-cc'][results.findIndex((r) => r.statusCode === 200)]!;
    expect((await post('/api/auth/login', { email: user.email, password: winner })).statusCode).toBe(200);
  });

  it('expires after 1 hour', async () => {
    const user = await createUser(deps);
    const early = await requestReset(user.email);
    clock.advance(59 * 60_000);
    expect((await post('/api/auth/verify-reset-token', { token: early })).json().valid).toBe(true);
    clock.advance(2 * 60_000);
    expect((await post('/api/auth/verify-reset-token', { token: early })).json().valid).toBe(false);
    const res = await post('/api/auth/reset-password', { token: early, password: 'too-late-pass-9' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(AUTH_MESSAGES.invalidResetToken);
  });

  it('a new request voids the earlier link', async () => {
    const user = await createUser(deps);
    const first = await requestReset(user.email);
    const second = await requestReset(user.email);
    expect((await post('/api/auth/reset-password', { token: first, password: 'voided-link-pass' })).statusCode).toBe(400);
    expect((await post('/api/auth/reset-password', { token: second, password: 'latest-link-pass' })).statusCode).toBe(200);
  });

  it('applies the password rules and needs a token', async () => {
    const user = await createUser(deps);
    const token = await requestReset(user.email);
    expect((await post('/api/auth/reset-password', { token, password: '12345' })).json().error).toBe(AUTH_MESSAGES.passwordTooShort);
    expect((await post('/api/auth/reset-password', { token, password: 'password123' })).json().error).toBe(AUTH_MESSAGES.passwordCommon);
    expect((await post('/api/auth/reset-password', { password: 'fine-password-1' })).json().error).toBe(AUTH_MESSAGES.noResetToken);
    expect((await post('/api/auth/verify-reset-token', {})).json()).toEqual({ valid: false, error: AUTH_MESSAGES.noResetToken });
    // The refused attempts did not spend the link.
    expect((await post('/api/auth/reset-password', { token, password: 'fine-password-1' })).statusCode).toBe(200);
  });

  it('refuses unknown tokens', async () => {
    const res = await post('/api/auth/reset-password', { token: 'x'.repeat(43), password: 'whatever-pass-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(AUTH_MESSAGES.invalidResetToken);
  });
});
