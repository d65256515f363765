import type { FastifyRequest } from 'fastify';
import type { AuthContext } from './session-auth';

/**
 * The caller a personal API key stood for (decision 268), set by the key hook (modules/api-keys) before any route's
 * checks run, so `authenticate` answers with the key's owner instead of reading the Authorization header as a session
 * token. Set only on the routes a key may call.
 */
const keyCallers = new WeakMap<FastifyRequest, AuthContext>();

export function setKeyCaller(request: FastifyRequest, ctx: AuthContext): void {
  keyCallers.set(request, ctx);
}

export function keyCallerOf(request: FastifyRequest): AuthContext | undefined {
  return keyCallers.get(request);
}
