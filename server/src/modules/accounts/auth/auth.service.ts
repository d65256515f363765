import { createHash, randomBytes } from 'node:crypto';
import {
  AUTH_MESSAGES,
  ENTITLEMENT_MESSAGES,
  type User,
  type forgotPasswordBodySchema,
  type loginBodySchema,
  type profileBodySchema,
  type registerBodySchema,
  type resetPasswordBodySchema,
} from '@gowild/contract/auth';
import { ERROR_CODES } from '@gowild/contract/errors';
import { LIMITS } from '@gowild/contract/limits';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { HttpError, badRequest, conflict, forbidden, serviceUnavailable, unauthorized } from '../../../lib/http-error';
import type { Caller } from '../entitlements/search-gate';
import type { EmailProvider } from '../../../providers/email/email.provider';
import { presentUser } from '../users/users.presenter';
import { type UserRow, createUsersRepository, isUniqueViolation, normalizeEmail } from '../users/users.repository';
import { type AccountMetrics, loginOutcomeOf } from './account.metrics';
import type { AuthLimiter } from './auth.limits';
import type { BackgroundTasks } from '../../../lib/background-tasks';
import { passwordResetEmail, resetLink } from './emails';
import { type GoogleKeys, verifyGoogleIdToken } from './google';
import { type PasswordHasher, isCommonPassword } from './password';
import { createResetTokensRepository } from './reset-tokens.repository';
import { createSessionLookup } from './session-lookup';
import { createSessionsRepository } from './sessions.repository';
import type { SessionTokens } from './tokens';

/** Who is calling, resolved from the bearer token and re-checked against the session and the account. */
interface AuthContext {
  user: UserRow;
  sessionId: string;
  caller: Caller;
}

/** What the service needs to know about the request it serves. */
interface RequestInfo {
  ip: string;
  userAgent: string | null;
  log: FastifyBaseLogger;
}

interface AuthServiceDeps {
  config: Config;
  db: Db;
  clock: Clock;
  hasher: PasswordHasher;
  tokens: SessionTokens;
  limiter: AuthLimiter;
  email: EmailProvider;
  background: BackgroundTasks;
  /** The Google key set; built on first use so a server without Google sign-in never fetches it. */
  googleKeys: () => GoogleKeys;
  metrics: AccountMetrics;
}

export function requestInfo(request: FastifyRequest): RequestInfo {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null, log: request.log };
}

function callerOf(user: UserRow): Caller {
  return { userId: user.id, email: user.email, isPremium: user.isPremium, isAdmin: user.isAdmin };
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const BEARER = /^Bearer[ \t]+([A-Za-z0-9._~+/=-]+)[ \t]*$/i;
const PHONE_OR_NULL = (phone: string | null | undefined) => (phone ? phone : null);
/**
 * How long an ended session's row is kept after its expiry before the purge deletes it: the per-account login cap
 * (decision 022) trusts addresses that signed in to the account, and this keeps that memory for a month.
 */
export const SESSION_RETENTION_MS = 30 * 86_400_000;
/** How long a dead reset link's row is kept after its expiry (a used link expires within the hour too). */
export const RESET_TOKEN_RETENTION_MS = 86_400_000;

export function createAuthService(deps: AuthServiceDeps) {
  const { config, clock, hasher, tokens, limiter } = deps;
  const users = createUsersRepository(deps.db);
  const sessions = createSessionsRepository(deps.db);
  const openSessions = createSessionLookup(sessions, clock);
  const resetTokens = createResetTokensRepository(deps.db);
  const resolved = new WeakMap<FastifyRequest, Promise<AuthContext | null>>();

  function refuseCommon(password: string) {
    if (isCommonPassword(password)) throw badRequest(AUTH_MESSAGES.passwordCommon, ERROR_CODES.VALIDATION_FAILED);
  }

  async function startSession(user: UserRow, info: RequestInfo): Promise<{ token: string; user: User }> {
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + config.SESSION_TTL_DAYS * 86_400_000);
    const sessionId = randomBytes(32).toString('base64url');
    await sessions.create({ id: sessionId, userId: user.id, ip: info.ip, userAgent: info.userAgent, createdAt: now, expiresAt });
    const fresh = (await users.touchLastLogin(user.id, now)) ?? user;
    return { token: await tokens.sign({ userId: user.id, sessionId }, expiresAt), user: presentUser(fresh) };
  }

  /** Resolves a raw token to an open session of an active account; `reason` says why not. */
  async function resolveToken(token: string): Promise<{ ctx: AuthContext } | { reason: string }> {
    const claims = await tokens.verify(token);
    if (!claims) return { reason: AUTH_MESSAGES.sessionExpired };
    const user = await openSessions.findOpen(claims.sessionId, claims.userId);
    if (!user) return { reason: AUTH_MESSAGES.sessionExpired };
    if (!user.isActive) return { reason: AUTH_MESSAGES.accountDisabled };
    return { ctx: { user, sessionId: claims.sessionId, caller: callerOf(user) } };
  }

  async function resolveRequest(request: FastifyRequest): Promise<AuthContext | null> {
    const header = request.headers.authorization;
    if (header === undefined || header === '') return null;
    const match = BEARER.exec(header);
    if (!match?.[1] || match[1].length > 8192) throw unauthorized(AUTH_MESSAGES.sessionExpired);
    const result = await resolveToken(match[1]);
    if ('reason' in result) throw unauthorized(result.reason);
    return result.ctx;
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

  async function googleSignIn(idToken: string, info: RequestInfo) {
    const clientId = config.GOOGLE_CLIENT_ID;
    if (!clientId) throw serviceUnavailable(AUTH_MESSAGES.googleUnavailable);
    const identity = await verifyGoogleIdToken(idToken, { clientId, keys: deps.googleKeys(), clock });
    if (!identity) throw unauthorized(AUTH_MESSAGES.googleFailed);
    let user = await users.findByIdentity('google', identity.sub);
    if (!user) {
      if (!identity.email || !identity.emailVerified) throw unauthorized(AUTH_MESSAGES.googleEmailUnverified);
      user = await users.findByEmail(identity.email);
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
      user = (await users.findByIdentity('google', identity.sub)) ?? user;
    }
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

  const service = {
    /**
     * The caller behind the request's bearer token, or null when it carries none. A token that is malformed,
     * forged, expired, of an ended session or of a deactivated account is a 401, never a silent visitor. Resolved
     * once per request, whatever the number of checks.
     */
    authenticate(request: FastifyRequest): Promise<AuthContext | null> {
      let p = resolved.get(request);
      if (!p) {
        p = resolveRequest(request);
        resolved.set(request, p);
      }
      return p;
    },
    /** 401 with `message` for visitors. */
    async requireUser(request: FastifyRequest, message: string = AUTH_MESSAGES.loginRequired): Promise<AuthContext> {
      const ctx = await service.authenticate(request);
      if (!ctx) throw unauthorized(message);
      return ctx;
    },
    /** 401 for visitors, 403 'Admin privileges required.' for everyone else but admins. */
    async requireAdmin(request: FastifyRequest): Promise<AuthContext> {
      const ctx = await service.requireUser(request);
      if (!ctx.user.isAdmin) throw forbidden(ENTITLEMENT_MESSAGES.adminRequired, ERROR_CODES.ADMIN_REQUIRED);
      return ctx;
    },
    /** 401 for visitors, 403 with `message` (the feature's premium text) for non-premium users. */
    async requirePremium(request: FastifyRequest, message: string, loginMessage?: string): Promise<AuthContext> {
      const ctx = await service.requireUser(request, loginMessage);
      if (!ctx.user.isPremium) throw forbidden(message, ERROR_CODES.PREMIUM_REQUIRED);
      return ctx;
    },

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

    /** Ends the session the token names; a missing or dead token is already logged out. */
    async logout(request: FastifyRequest): Promise<void> {
      const ctx = await service.authenticate(request).catch((e: unknown) => {
        if (e instanceof HttpError) return null;
        throw e;
      });
      if (ctx) await sessions.revoke(ctx.sessionId, clock.now());
    },

    async verifyToken(token: string | undefined): Promise<{ valid: boolean; user?: User; error?: string }> {
      if (!token) return { valid: false, error: AUTH_MESSAGES.noToken };
      const result = await resolveToken(token);
      if ('reason' in result) return { valid: false, error: result.reason };
      return { valid: true, user: presentUser(result.ctx.user) };
    },

    async updateProfile(ctx: AuthContext, body: z.output<typeof profileBodySchema>): Promise<User> {
      const changes: Parameters<typeof users.updateProfile>[1] = {};
      if (body.first_name !== undefined) changes.firstName = body.first_name;
      if (body.last_name !== undefined) changes.lastName = body.last_name;
      if (body.phone_number !== undefined) changes.phoneNumber = PHONE_OR_NULL(body.phone_number);
      const row = await users.updateProfile(ctx.user.id, changes);
      if (!row) throw unauthorized(AUTH_MESSAGES.sessionExpired);
      return presentUser(row);
    },

    /**
     * Google sign-in (docs/product/providers.md#google-sign-in): the identity is keyed by Google's `sub`. A first
     * sign-in links to the account with the same e-mail only when Google vouches for that e-mail; otherwise it creates
     * an account.
     */
    async google(idToken: string, info: RequestInfo) {
      return counted('google', () => googleSignIn(idToken, info));
    },

    /**
     * Identical answer for known and unknown addresses, returned before any lookup: the lookup, the token and the
     * e-mail happen in the background, so neither the body nor the timing tells whether an account exists.
     */
    async forgotPassword(body: z.output<typeof forgotPasswordBodySchema>, info: RequestInfo): Promise<string> {
      const email = normalizeEmail(body.email);
      await limiter.forgot(email, info.ip);
      deps.background.run('password-reset-email', info.log, async () => {
        const user = await users.findByEmail(email);
        if (!user || !user.isActive) return;
        const token = randomBytes(32).toString('base64url');
        const now = clock.now();
        await resetTokens.replace(user.id, sha256(token), now, new Date(now.getTime() + LIMITS.resetTokenTtlMs));
        await deps.email.send(
          passwordResetEmail({
            to: user.email,
            firstName: user.firstName,
            link: resetLink(config.APP_URL, token),
            supportEmail: config.SUPPORT_EMAIL,
          }),
        );
      });
      return AUTH_MESSAGES.forgotPasswordSent;
    },

    async verifyResetToken(token: string | undefined): Promise<{ valid: boolean; user_name?: string; error?: string }> {
      if (!token) return { valid: false, error: AUTH_MESSAGES.noResetToken };
      const user = await resetTokens.findUsable(sha256(token), clock.now());
      if (!user || !user.isActive) return { valid: false, error: AUTH_MESSAGES.invalidResetToken };
      return { valid: true, user_name: user.firstName };
    },

    async resetPassword(body: z.output<typeof resetPasswordBodySchema>): Promise<string> {
      refuseCommon(body.password);
      const tokenHash = sha256(body.token);
      // Cheap refusal of dead links before spending an argon2 hash; `redeem` re-checks atomically.
      const holder = await resetTokens.findUsable(tokenHash, clock.now());
      if (!holder) throw badRequest(AUTH_MESSAGES.invalidResetToken, ERROR_CODES.BAD_REQUEST);
      const passwordHash = await hasher.hash(body.password);
      const userId = await resetTokens.redeem(tokenHash, passwordHash, clock.now());
      if (!userId) throw badRequest(AUTH_MESSAGES.invalidResetToken, ERROR_CODES.BAD_REQUEST);
      await limiter.passwordReset(holder.email);
      return AUTH_MESSAGES.passwordResetDone;
    },

    /**
     * Deletes sessions and reset links long dead (see the retention constants); run at start and hourly. Idempotent,
     * so several API processes may run it at once.
     */
    async purgeExpired(): Promise<{ sessions: number; resetTokens: number }> {
      const now = clock.now().getTime();
      const purged = {
        sessions: await sessions.deleteExpiredBefore(new Date(now - SESSION_RETENTION_MS)),
        resetTokens: await resetTokens.deleteExpiredBefore(new Date(now - RESET_TOKEN_RETENTION_MS)),
      };
      deps.metrics.purged('sessions', purged.sessions);
      deps.metrics.purged('reset_tokens', purged.resetTokens);
      return purged;
    },

    /** Waits for background work (the reset e-mails) to finish. */
    idle: () => deps.background.idle(),
  };
  return service;
}
export type AuthService = ReturnType<typeof createAuthService>;
