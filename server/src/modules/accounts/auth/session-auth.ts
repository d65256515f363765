import { AUTH_MESSAGES, type User } from '@gowild/contract/auth';
import type { Clock } from '../../../lib/clock';
import { unauthorized } from '../../../lib/http-error';
import type { Caller } from '../entitlements/search-gate';
import { presentUser } from '../users/users.presenter';
import type { UserRow } from '../users/users.repository';
import type { SessionLookup } from './session-lookup';
import type { SessionsRepository } from './sessions.repository';
import type { SessionTokens } from './tokens';

/** Who is calling, resolved from the bearer token and re-checked against the session and the account. */
export interface AuthContext {
  user: UserRow;
  sessionId: string;
  caller: Caller;
}

function callerOf(user: UserRow): Caller {
  return { userId: user.id, email: user.email, isPremium: user.isPremium, isAdmin: user.isAdmin };
}

const BEARER = /^Bearer[ \t]+([A-Za-z0-9._~+/=-]+)[ \t]*$/i;

/**
 * Session tokens to callers: a token is honoured only while its signature and expiry hold, its session is open and
 * its account active (checked on every request, batched: decision 065).
 */
export function createSessionAuth(deps: {
  tokens: Pick<SessionTokens, 'verify'>;
  openSessions: Pick<SessionLookup, 'findOpen'>;
  sessions: Pick<SessionsRepository, 'revoke'>;
  clock: Clock;
}) {
  const { tokens, openSessions } = deps;

  /** Resolves a raw token to an open session of an active account; `reason` says why not. */
  async function resolveToken(token: string): Promise<{ ctx: AuthContext } | { reason: string }> {
    const claims = await tokens.verify(token);
    if (!claims) return { reason: AUTH_MESSAGES.sessionExpired };
    const user = await openSessions.findOpen(claims.sessionId, claims.userId);
    if (!user) return { reason: AUTH_MESSAGES.sessionExpired };
    if (!user.isActive) return { reason: AUTH_MESSAGES.accountDisabled };
    return { ctx: { user, sessionId: claims.sessionId, caller: callerOf(user) } };
  }

  /**
   * The caller behind an Authorization header, or null when there is none. A token that is malformed, forged,
   * expired, of an ended session or of a deactivated account is a 401, never a silent visitor.
   */
  async function resolveBearer(header: string | undefined): Promise<AuthContext | null> {
    if (header === undefined || header === '') return null;
    const match = BEARER.exec(header);
    if (!match?.[1] || match[1].length > 8192) throw unauthorized(AUTH_MESSAGES.sessionExpired);
    const result = await resolveToken(match[1]);
    if ('reason' in result) throw unauthorized(result.reason);
    return result.ctx;
  }

  return {
    resolveBearer,

    async verifyToken(token: string | undefined): Promise<{ valid: boolean; user?: User; error?: string }> {
      if (!token) return { valid: false, error: AUTH_MESSAGES.noToken };
      const result = await resolveToken(token);
      if ('reason' in result) return { valid: false, error: result.reason };
      return { valid: true, user: presentUser(result.ctx.user) };
    },

    /** Ends the session; a caller with no live session is already logged out. */
    async logout(ctx: AuthContext | null): Promise<void> {
      if (ctx) await deps.sessions.revoke(ctx.sessionId, deps.clock.now());
    },
  };
}
export type SessionAuth = ReturnType<typeof createSessionAuth>;
