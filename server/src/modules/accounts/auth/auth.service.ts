import { AUTH_MESSAGES, type User, type profileBodySchema } from '@gowild/contract/auth';
import type { z } from 'zod';
import type { Config } from '../../../config';
import type { BackgroundTasks } from '../../../lib/background-tasks';
import type { Clock } from '../../../lib/clock';
import { unauthorized } from '../../../lib/http-error';
import type { EmailProvider } from '../../../providers/email/email.provider';
import { presentUser } from '../users/users.presenter';
import type { UsersRepository } from '../users/users.repository';
import type { AccountMetrics } from './account.metrics';
import type { AuthLimiter } from './auth.limits';
import type { GoogleKeys } from './google';
import type { PasswordHasher } from './password';
import { createPasswordReset } from './password-reset.service';
import type { RequestAuth } from './request-auth';
import type { ResetTokensRepository } from './reset-tokens.repository';
import { type AuthContext, createSessionAuth } from './session-auth';
import type { SessionLookup } from './session-lookup';
import type { SessionsRepository } from './sessions.repository';
import { PHONE_OR_NULL, createSignIn } from './sign-in';
import type { SessionTokens } from './tokens';

export type { RequestInfo } from './sign-in';

interface AuthServiceDeps {
  config: Config;
  clock: Clock;
  hasher: PasswordHasher;
  tokens: SessionTokens;
  limiter: AuthLimiter;
  email: EmailProvider;
  background: BackgroundTasks;
  /** The Google key set; built on first use so a server without Google sign-in never fetches it. */
  googleKeys: () => GoogleKeys;
  metrics: AccountMetrics;
  /** The repositories, built by the accounts module. */
  users: UsersRepository;
  sessions: SessionsRepository;
  openSessions: Pick<SessionLookup, 'findOpen'>;
  resetTokens: ResetTokensRepository;
}

/**
 * How long an ended session's row is kept after its expiry before the purge deletes it: the per-account login cap
 * (decision 022) trusts addresses that signed in to the account, and this keeps that memory for a month.
 */
export const SESSION_RETENTION_MS = 30 * 86_400_000;
/** How long a dead reset link's row is kept after its expiry (a used link expires within the hour too). */
export const RESET_TOKEN_RETENTION_MS = 86_400_000;

/**
 * The account calls, on plain arguments (a body, the request's address, a resolved caller): session tokens to
 * callers (session-auth.ts), the ways in (sign-in.ts), forgotten passwords (password-reset.service.ts), the profile,
 * and the purge of long-dead rows.
 */
export function createAuthService(deps: AuthServiceDeps) {
  const { clock, users, sessions, resetTokens } = deps;
  const sessionAuth = createSessionAuth(deps);
  return {
    ...sessionAuth,
    ...createSignIn(deps),
    ...createPasswordReset(deps),

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
}
export type AccountAuth = ReturnType<typeof createAuthService>;

/** The accounts module's auth face: the account calls, and the request checks every module's routes use. */
export type AuthService = AccountAuth & RequestAuth;
