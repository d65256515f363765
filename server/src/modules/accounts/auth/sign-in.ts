import { randomBytes } from 'node:crypto';
import { AUTH_MESSAGES, type User, type loginBodySchema, type registerBodySchema } from '@gowild/contract/auth';
import { ERROR_CODES } from '@gowild/contract/errors';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../../config';
import type { Clock } from '../../../lib/clock';
import { badRequest, conflict, forbidden, serviceUnavailable, unauthorized } from '../../../lib/http-error';
import { presentUser } from '../users/users.presenter';
import { type UserRow, type UsersRepository, isUniqueViolation, normalizeEmail } from '../users/users.repository';
import { type AccountMetrics, loginOutcomeOf } from './account.metrics';
import type { AuthLimiter } from './auth.limits';
import { type GoogleIdentity, type GoogleKeys, verifyGoogleIdToken } from './google';
import { type PasswordHasher, isCommonPassword } from './password';
import type { SessionsRepository } from './sessions.repository';
import type { SessionTokens } from './tokens';

/** What a sign-in needs to know about the request it serves. */
export interface RequestInfo {
  ip: string;
  userAgent: string | null;
  log: FastifyBaseLogger;
}

interface SignInDeps {
  config: Pick<Config, 'SESSION_TTL_DAYS' | 'GOOGLE_CLIENT_ID'>;
  clock: Clock;
  hasher: PasswordHasher;
  tokens: Pick<SessionTokens, 'sign'>;
  limiter: AuthLimiter;
  users: UsersRepository;
  sessions: SessionsRepository;
  /** The Google key set; built on first use so a server without Google sign-in never fetches it. */
  googleKeys: () => GoogleKeys;
  metrics: AccountMetrics;
}

export const PHONE_OR_NULL = (phone: string | null | undefined) => (phone ? phone : null);

/** 400 for a password on the common-passwords list. */
export function refuseCommon(password: string) {
  if (isCommonPassword(password)) throw badRequest(AUTH_MESSAGES.passwordCommon, ERROR_CODES.VALIDATION_FAILED);
}

/** Ways into an account, each ending in a new session: sign-up, password sign-in, Google sign-in. */
export function createSignIn(deps: SignInDeps) {
  const { config, clock, hasher, tokens, limiter, users, sessions } = deps;

  async function startSession(user: UserRow, info: RequestInfo): Promise<{ token: string; user: User }> {
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + config.SESSION_TTL_DAYS * 86_400_000);
    const sessionId = randomBytes(32).toString('base64url');
    await sessions.create({ id: sessionId, userId: user.id, ip: info.ip, userAgent: info.userAgent, createdAt: now, expiresAt });
    const fresh = (await users.touchLastLogin(user.id, now)) ?? user;
    return { token: await tokens.sign({ userId: user.id, sessionId }, expiresAt), user: presentUser(fresh) };
  }

  async function passwordLogin(body: z.output<typeof loginBodySchema>, info: RequestInfo) {
    const email = normalizeEmail(body.email);
    const user = await users.findByEmail(email);
    let trusted: Promise<boolean> | undefined;
    const trustedAddress = () => (trusted ??= user ? sessions.hasSignedInFrom(user.id, info.ip) : Promise.resolve(false));
    await limiter.beforeLogin(email, info.ip, trustedAddress);
    const ok = user?.passwordHash ? await hasher.verify(user.passwordHash, body.password) : await hasher.verifyDummy(body.password);
    if (!user || !ok) {
      await limiter.loginFailed(email, info.ip);
      throw unauthorized(AUTH_MESSAGES.invalidCredentials);
    }
    if (!user.isActive) throw forbidden(AUTH_MESSAGES.accountDisabled);
    await limiter.loginSucceeded(email, info.ip);
    if (user.passwordHash && hasher.needsRehash(user.passwordHash)) await users.setPasswordHash(user.id, await hasher.hash(body.password));
    return startSession(user, info);
  }

  /** The account a verified Google identity signs in to: linked before, the one with its e-mail, or a new one. */
  async function googleAccount(identity: GoogleIdentity): Promise<UserRow> {
    const linked = await users.findByIdentity('google', identity.sub);
    if (linked) return linked;
    if (!identity.email || !identity.emailVerified) throw unauthorized(AUTH_MESSAGES.googleEmailUnverified);
    let user = await users.findByEmail(identity.email);
    if (!user) {
      const [first, ...rest] = (identity.name ?? '').split(/\s+/).filter(Boolean);
      try {
        user = await users.insert({
          email: identity.email,
          firstName: (identity.givenName ?? first ?? identity.email.split('@')[0] ?? 'Traveller').slice(0, 100),
          lastName: (identity.familyName ?? rest.join(' ')).slice(0, 100),
          createdAt: clock.now(),
        });
      } catch (e) {
        // A sign-up with the same address won the race: link to it instead.
        if (!isUniqueViolation(e)) throw e;
        user = await users.findByEmail(identity.email);
        if (!user) throw e;
      }
    }
    await users.linkIdentity('google', identity.sub, user.id, identity.email);
    // If a parallel first sign-in linked this `sub` elsewhere first, follow the stored link.
    return (await users.findByIdentity('google', identity.sub)) ?? user;
  }

  async function googleSignIn(idToken: string, info: RequestInfo) {
    const clientId = config.GOOGLE_CLIENT_ID;
    if (!clientId) throw serviceUnavailable(AUTH_MESSAGES.googleUnavailable);
    const identity = await verifyGoogleIdToken(idToken, { clientId, keys: deps.googleKeys(), clock });
    if (!identity) throw unauthorized(AUTH_MESSAGES.googleFailed);
    const user = await googleAccount(identity);
    if (!user.isActive) throw forbidden(AUTH_MESSAGES.accountDisabled);
    return startSession(user, info);
  }

  /** Runs a sign-in and counts its outcome on `auth_logins_total`. */
  async function counted<T>(method: 'password' | 'google', signIn: () => Promise<T>): Promise<T> {
    try {
      const result = await signIn();
      deps.metrics.login(method, 'success');
      return result;
    } catch (e) {
      deps.metrics.login(method, loginOutcomeOf(e));
      throw e;
    }
  }

  return {
    async register(body: z.output<typeof registerBodySchema>, info: RequestInfo) {
      const email = normalizeEmail(body.email);
      await limiter.register(email, info.ip);
      refuseCommon(body.password);
      const passwordHash = await hasher.hash(body.password);
      let user: UserRow;
      try {
        user = await users.insert({
          email,
          passwordHash,
          firstName: body.first_name,
          lastName: body.last_name,
          phoneNumber: PHONE_OR_NULL(body.phone_number),
          createdAt: clock.now(),
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict(AUTH_MESSAGES.emailTaken);
        throw e;
      }
      return startSession(user, info);
    },

    /**
     * The same answer, after the same single argon2 verification, whether the address is unknown, has no password
     * (Google-only) or the password is wrong. Deactivation is told only to someone who knows the password.
     */
    async login(body: z.output<typeof loginBodySchema>, info: RequestInfo) {
      return counted('password', () => passwordLogin(body, info));
    },

    /**
     * Google sign-in (docs/product/providers.md#google-sign-in): the identity is keyed by Google's `sub`. A first
     * sign-in links to the account with the same e-mail only when Google vouches for that e-mail; otherwise it creates
     * an account.
     */
    async google(idToken: string, info: RequestInfo) {
      return counted('google', () => googleSignIn(idToken, info));
    },
  };
}
