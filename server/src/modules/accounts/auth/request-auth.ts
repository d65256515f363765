import { AUTH_MESSAGES, ENTITLEMENT_MESSAGES } from '@gowild/contract/auth';
import { ERROR_CODES } from '@gowild/contract/errors';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../../lib/http-error';
import { keyCallerOf } from './key-caller';
import type { AuthContext, SessionAuth } from './session-auth';

/**
 * The auth checks at the HTTP edge, for every module's routes: the request's bearer token resolved once per request
 * (whatever the number of checks), then who may pass. The services behind take the resolved caller, never the
 * request.
 */
export function createRequestAuth(sessionAuth: Pick<SessionAuth, 'resolveBearer'>) {
  const resolved = new WeakMap<FastifyRequest, Promise<AuthContext | null>>();

  const checks = {
    /**
     * The caller behind the request's bearer token, or null when it carries none. A token that is malformed,
     * forged, expired, of an ended session or of a deactivated account is a 401, never a silent visitor.
     */
    authenticate(request: FastifyRequest): Promise<AuthContext | null> {
      // A personal API key the key hook accepted (decision 268): its owner, never the header read as a session token.
      const keyed = keyCallerOf(request);
      if (keyed) return Promise.resolve(keyed);
      let p = resolved.get(request);
      if (!p) {
        p = sessionAuth.resolveBearer(request.headers.authorization);
        resolved.set(request, p);
      }
      return p;
    },
    /** 401 with `message` for visitors. */
    async requireUser(request: FastifyRequest, message: string = AUTH_MESSAGES.loginRequired): Promise<AuthContext> {
      const ctx = await checks.authenticate(request);
      if (!ctx) throw unauthorized(message);
      return ctx;
    },
    /** 401 for visitors, 403 'Admin privileges required.' for everyone else but admins. */
    async requireAdmin(request: FastifyRequest): Promise<AuthContext> {
      const ctx = await checks.requireUser(request);
      if (!ctx.user.isAdmin) throw forbidden(ENTITLEMENT_MESSAGES.adminRequired, ERROR_CODES.ADMIN_REQUIRED);
      return ctx;
    },
    /** 401 for visitors, 403 with `message` (the feature's premium text) for non-premium users. */
    async requirePremium(request: FastifyRequest, message: string, loginMessage?: string): Promise<AuthContext> {
      const ctx = await checks.requireUser(request, loginMessage);
      if (!ctx.user.isPremium) throw forbidden(message, ERROR_CODES.PREMIUM_REQUIRED);
      return ctx;
    },
  };
  return checks;
}
export type RequestAuth = ReturnType<typeof createRequestAuth>;
