import { AUTH_MESSAGES } from '@gowild/contract/auth';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../../deps';
import { manualClock } from '../../../lib/clock';
import { findResetLink, readOutbox } from '../../../providers/email/outbox-reader';
import { TEST_PASSWORD, buildAccountsTestApp, createUser } from '../../../test/factories';

const clock = manualClock(new Date('2026-06-01T10:00:00Z'));
let app: FastifyInstance;
let deps: AppDeps;
beforeAll(async () => {
  ({ app, deps } = await buildAccountsTestApp({ deps: { clock } }));
});
afterAll(async () => {
  await app.close();
});

let nextIp = 1;
/** A fresh address per call, so tests do not share per-address counters. */
const freshIp = () => `10.${(nextIp >> 16) & 255}.${(nextIp >> 8) & 255}.${nextIp++ & 255}`;
const login = (email: string, password: string, ip: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

describe('login limits', () => {
  it('after 10 failures from one address, that address waits; the owner elsewhere signs in', async () => {
    const user = await createUser(deps);
    const attacker = freshIp();
    for (let i = 0; i < 10; i++) expect((await login(user.email, `guess-${i}`, attacker)).statusCode).toBe(401);
    const blocked = await login(user.email, TEST_PASSWORD, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe(AUTH_MESSAGES.tooManyLogins);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect((await login(user.email, TEST_PASSWORD, freshIp())).statusCode).toBe(200);
    clock.advance(15 * 60_000 + 1000);
    expect((await login(user.email, TEST_PASSWORD, attacker)).statusCode).toBe(200);
  });

  it("the owner's typos clear with a successful sign-in", async () => {
    const user = await createUser(deps);
    const home = freshIp();
    for (let i = 0; i < 9; i++) await login(user.email, `typo-${i}`, home);
    expect((await login(user.email, TEST_PASSWORD, home)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(user.email, `typo-again-${i}`, home)).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD, home)).statusCode).toBe(200);
  });

  it('at most 100 failures per account per hour from new addresses; the owner at a known address still gets in', async () => {
    const user = await createUser(deps);
    const home = freshIp();
    expect((await login(user.email, TEST_PASSWORD, home)).statusCode).toBe(200);
    for (let i = 0; i < 100; i++) {
      const res = await login(user.email, `botnet-${i}`, freshIp());
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const capped = await login(user.email, TEST_PASSWORD, freshIp());
    expect(capped.statusCode).toBe(429);
    expect(Number(capped.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // Unknown addresses stay capped for the rest of the hour, even with the right password.
    expect((await login(user.email, TEST_PASSWORD, freshIp())).statusCode).toBe(429);
    expect((await login(user.email, TEST_PASSWORD, home)).statusCode).toBe(200);
    clock.advance(60 * 60_000 + 1000);
    expect((await login(user.email, TEST_PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('a password reset lifts the per-account cap', async () => {
    const user = await createUser(deps);
    for (let i = 0; i < 100; i++) await login(user.email, `botnet-${i}`, freshIp());
    expect((await login(user.email, TEST_PASSWORD, freshIp())).statusCode).toBe(429);
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email }, remoteAddress: freshIp() });
    await deps.auth.idle();
    const mail = (await readOutbox(deps.config.DATA_DIR, { to: user.email })).at(-1)!;
    const token = new URL(findResetLink(mail)!).searchParams.get('token');
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'after-the-storm-1' } })).statusCode,
    ).toBe(200);
    expect((await login(user.email, 'after-the-storm-1', freshIp())).statusCode).toBe(200);
  });

  it('one address spraying many accounts is stopped after 50 failures', async () => {
    const sprayer = freshIp();
    for (let i = 0; i < 50; i++) expect((await login(`victim-${i}@example.com`, 'password-guess', sprayer)).statusCode).toBe(401);
    expect((await login('victim-51@example.com', 'password-guess', sprayer)).statusCode).toBe(429);
    expect((await login('victim-51@example.com', 'password-guess', freshIp())).statusCode).toBe(401);
  });

  it('unknown addresses are limited like real ones (the limit does not reveal accounts)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) await login('ghost@example.com', `guess-${i}`, ip);
    expect((await login('ghost@example.com', 'guess', ip)).statusCode).toBe(429);
  });
});

describe('register and forgot-password limits', () => {
  const register = (email: string, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: ip,
      payload: { email, password: 'sturdy-pass-81', first_name: 'R', last_name: 'L' },
    });
  const forgot = (email: string, ip: string) =>
    app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: ip, payload: { email } });

  it('register: 20 per address per hour', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await register(`many-${i}-${ip}@example.com`, ip)).statusCode).toBe(201);
    const res = await register(`one-more-${ip}@example.com`, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe(AUTH_MESSAGES.tooManyRegistrations);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('register: 5 attempts per e-mail per hour', async () => {
    const email = `same-${freshIp()}@example.com`;
    expect((await register(email, freshIp())).statusCode).toBe(201);
    for (let i = 0; i < 4; i++) expect((await register(email, freshIp())).statusCode).toBe(409);
    expect((await register(email, freshIp())).statusCode).toBe(429);
  });

  it('forgot-password: 5 per e-mail and 20 per address per hour, known or unknown alike', async () => {
    const user = await createUser(deps);
    for (const email of [user.email, 'unknown-person@example.com']) {
      for (let i = 0; i < 5; i++) expect((await forgot(email, freshIp())).statusCode).toBe(200);
      const res = await forgot(email, freshIp());
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toBe(AUTH_MESSAGES.tooManyResets);
    }
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await forgot(`someone-${i}@example.com`, ip)).statusCode).toBe(200);
    expect((await forgot('someone-else@example.com', ip)).statusCode).toBe(429);
    await deps.auth.idle();
  });
});
