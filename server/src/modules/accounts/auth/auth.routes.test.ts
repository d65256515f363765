import { AUTH_MESSAGES } from '@gowild/contract/auth';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import type { AppDeps } from '../../../deps';
import { TEST_PASSWORD, buildAccountsTestApp, createUser, signInAs } from '../../../test/factories';

let app: FastifyInstance;
let deps: AppDeps;
beforeAll(async () => {
  ({ app, deps } = await buildAccountsTestApp());
});
afterAll(async () => {
  await app.close();
});

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const registration = (over: Record<string, unknown> = {}) => ({
  email: `Ann.${Math.random().toString(36).slice(2)}@Example.com`,
  password: 'blue-kite-42',
  first_name: 'Ann',
  last_name: 'Lee',
  ...over,
});

describe('POST /api/auth/register', () => {
  it('creates a free account, signs it in and stores phone digits only', async () => {
    const body = registration({ phone_number: '(555) 123-4567' });
    const res = await post('/api/auth/register', body);
    expect(res.statusCode).toBe(201);
    const { token, user } = res.json();
    expect(typeof token).toBe('string');
    expect(user).toMatchObject({
      email: body.email.toLowerCase(),
      first_name: 'Ann',
      last_name: 'Lee',
      phone_number: '5551234567',
      is_admin: false,
      is_premium: false,
      is_active: true,
      is_trial: false,
      trial_end: null,
      stripe_customer_id: null,
    });
    expect(user.last_login).not.toBeNull();
    expect(res.body).not.toMatch(/argon2|password_hash/i);
    const me = await post('/api/auth/verify-token', { token });
    expect(me.json()).toMatchObject({ valid: true, user: { id: user.id } });
  });

  it('refuses an e-mail that differs only by case, with 409', async () => {
    const body = registration();
    expect((await post('/api/auth/register', body)).statusCode).toBe(201);
    const again = await post('/api/auth/register', { ...body, email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(AUTH_MESSAGES.emailTaken);
  });

  it.each([
    [{ email: '' }, AUTH_MESSAGES.emailRequired],
    [{ email: undefined }, AUTH_MESSAGES.emailRequired],
    [{ email: 'not-an-address' }, AUTH_MESSAGES.emailInvalid],
    [{ password: '' }, AUTH_MESSAGES.passwordRequired],
    [{ password: 'abc12' }, AUTH_MESSAGES.passwordTooShort],
    [{ password: 'Password1' }, AUTH_MESSAGES.passwordCommon],
    [{ password: 'qwerty123' }, AUTH_MESSAGES.passwordCommon],
    [{ first_name: '  ' }, AUTH_MESSAGES.firstNameRequired],
    [{ last_name: undefined }, AUTH_MESSAGES.lastNameRequired],
    [{ phone_number: '555-1234' }, AUTH_MESSAGES.phoneInvalid],
    // PostgreSQL text cannot hold NUL: refused as input, not a 500 from the database.
    [{ email: 'nul\u0000@example.com' }, AUTH_MESSAGES.emailInvalid],
    [{ first_name: 'A\u0000B' }, 'First name contains characters that are not allowed'],
    [{ last_name: 'lone \ud800 surrogate' }, 'Last name contains characters that are not allowed'],
  ])('answers %j with 400 and the documented text', async (over, message) => {
    const res = await post('/api/auth/register', registration(over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, message, code: 'VALIDATION_FAILED' });
  });
});

describe('POST /api/auth/login', () => {
  it('signs in regardless of e-mail case and records last_login', async () => {
    const user = await createUser(deps, { email: 'mixed.case@example.com' });
    const res = await post('/api/auth/login', { email: 'Mixed.Case@EXAMPLE.com', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, email: 'mixed.case@example.com' });
    expect(res.json().user.last_login).not.toBeNull();
  });

  it('answers an unknown address and a wrong password identically', async () => {
    const user = await createUser(deps);
    const wrong = await post('/api/auth/login', { email: user.email, password: 'not-the-password' });
    const unknown = await post('/api/auth/login', { email: 'nobody-here@example.com', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json().error).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it('refuses an account without a password (Google-only) like a wrong password', async () => {
    const user = await createUser(deps);
    await deps.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    const res = await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it('tells a deactivated account so only to someone who knows the password', async () => {
    const user = await createUser(deps, { isActive: false });
    expect((await post('/api/auth/login', { email: user.email, password: 'wrong-password' })).json().error).toBe(
      AUTH_MESSAGES.invalidCredentials,
    );
    const res = await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(AUTH_MESSAGES.accountDisabled);
  });

  it.each([
    [{}, AUTH_MESSAGES.emailRequired],
    [{ email: 'a@b.co' }, AUTH_MESSAGES.passwordRequired],
    [{ email: 'nope', password: 'x' }, AUTH_MESSAGES.emailInvalid],
  ])('validates %j with the documented text', async (body, message) => {
    const res = await post('/api/auth/login', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });
});

describe('sessions', () => {
  it('logout ends the session on the next request', async () => {
    const { headers, token } = await signInAs(app, deps, 'free');
    expect((await app.inject({ method: 'GET', url: '/api/auth/search-usage', headers })).statusCode).toBe(200);
    const out = await post('/api/auth/logout', undefined, headers);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, message: AUTH_MESSAGES.loggedOut });
    const after = await app.inject({ method: 'GET', url: '/api/auth/search-usage', headers });
    expect(after.statusCode).toBe(401);
    expect((await post('/api/auth/verify-token', { token })).json()).toEqual({ valid: false, error: AUTH_MESSAGES.sessionExpired });
  });

  it('logout without a token, or with a dead one, still answers 200', async () => {
    expect((await post('/api/auth/logout')).statusCode).toBe(200);
    expect((await post('/api/auth/logout', undefined, { authorization: 'Bearer junk' })).statusCode).toBe(200);
  });

  it('logging out one device leaves the other signed in', async () => {
    const user = await createUser(deps);
    const login = async () => (await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).json().token as string;
    const [a, b] = [await login(), await login()];
    await post('/api/auth/logout', undefined, { authorization: `Bearer ${a}` });
    expect((await post('/api/auth/verify-token', { token: a })).json().valid).toBe(false);
    expect((await post('/api/auth/verify-token', { token: b })).json().valid).toBe(true);
  });

  it('verify-token and verify-reset-token read a body that is not { token: string } as no token, never a 400', async () => {
    for (const payload of [{ token: 5 }, { token: null }, { token: 'x'.repeat(9000) }, ['a']]) {
      const res = await post('/api/auth/verify-token', payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ valid: false, error: AUTH_MESSAGES.noToken });
      const reset = await post('/api/auth/verify-reset-token', payload);
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ valid: false, error: AUTH_MESSAGES.noResetToken });
    }
  });

  it('verify-token says "No token provided" without a token, and accepts the bearer header', async () => {
    expect((await post('/api/auth/verify-token', {})).json()).toEqual({ valid: false, error: AUTH_MESSAGES.noToken });
    expect((await post('/api/auth/verify-token')).json()).toEqual({ valid: false, error: AUTH_MESSAGES.noToken });
    const { headers } = await signInAs(app, deps, 'premium');
    const res = await post('/api/auth/verify-token', {}, headers);
    expect(res.json()).toMatchObject({ valid: true, user: { is_premium: true } });
  });

  it('a deactivated account is refused on its next request, with its open session', async () => {
    const { headers, token } = await signInAs(app, deps, 'deactivated');
    const res = await app.inject({ method: 'GET', url: '/api/auth/search-usage', headers });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(AUTH_MESSAGES.accountDisabled);
    expect((await post('/api/auth/verify-token', { token })).json()).toEqual({ valid: false, error: AUTH_MESSAGES.accountDisabled });
  });
});

describe('PUT /api/auth/profile', () => {
  it('changes names and phone and answers with the new user', async () => {
    const { headers } = await signInAs(app, deps, 'free');
    const res = await app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers,
      payload: { first_name: ' Zoe ', phone_number: '555.987.6543' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ first_name: 'Zoe', phone_number: '5559876543' });
    const cleared = await app.inject({ method: 'PUT', url: '/api/auth/profile', headers, payload: { phone_number: '' } });
    expect(cleared.json().user.phone_number).toBeNull();
  });

  it.each([
    [{ first_name: '' }, AUTH_MESSAGES.firstNameRequired],
    [{ last_name: '   ' }, AUTH_MESSAGES.lastNameRequired],
    [{ phone_number: '12345' }, AUTH_MESSAGES.phoneInvalid],
  ])('refuses %j with the documented text', async (payload, message) => {
    const { headers } = await signInAs(app, deps, 'free');
    const res = await app.inject({ method: 'PUT', url: '/api/auth/profile', headers, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it('hears a visitor with a bad body out with 401 before looking at the body', async () => {
    const res = await app.inject({ method: 'PUT', url: '/api/auth/profile', payload: { first_name: '' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it('cannot be used to change e-mail or grant premium or admin', async () => {
    const { headers, user } = await signInAs(app, deps, 'free');
    for (const payload of [{ is_premium: true }, { is_admin: true }, { email: 'other@example.com' }]) {
      const res = await app.inject({ method: 'PUT', url: '/api/auth/profile', headers, payload });
      expect(res.statusCode).toBe(400);
    }
    const me = await post('/api/auth/verify-token', {}, headers);
    expect(me.json().user).toMatchObject({ email: user!.email, is_premium: false, is_admin: false });
  });
});

describe('GET /api/auth/search-usage', () => {
  it('gives free users the daily allowance and premium users unlimited', async () => {
    const free = await signInAs(app, deps, 'free');
    expect((await app.inject({ method: 'GET', url: '/api/auth/search-usage', headers: free.headers })).json()).toEqual({
      search_limit: 3,
      searches_remaining: 3,
      is_premium: false,
    });
    const premium = await signInAs(app, deps, 'premium');
    expect((await app.inject({ method: 'GET', url: '/api/auth/search-usage', headers: premium.headers })).json()).toEqual({
      search_limit: null,
      searches_remaining: null,
      is_premium: true,
    });
  });
});
