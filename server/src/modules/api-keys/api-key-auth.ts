import { API_KEY_MESSAGES, API_KEY_PREFIX } from '@gowild/contract/api-keys';
import { type AnyRoute, everyRoute } from '@gowild/contract/api-routes';
import { ERROR_CODES } from '@gowild/contract/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, tooManyRequests, unauthorized } from '../../lib/http-error';
import { setKeyCaller } from '../accounts/accounts.module';
import type { ApiKeysService, KeyQuota } from './api-keys.service';

/**
 * The read-only routes a personal API key may call (docs/product/public-api.md; decision 268): answers from kept
 * observations and reference data, nothing that changes an account, spends money or reads another user. Every other
 * route refuses a key with 403, whatever else the request carries. Which routes is the route table's `keyed` flag
 * (decision 302), nowhere else.
 */
export const KEYED_ROUTES: readonly string[] = everyRoute()
  .filter(({ spec }) => spec.keyed)
  .map(({ spec }) => spec.path);

type KeyedPath = Extract<AnyRoute, { keyed: true }>['path'];

/**
 * What /developers says of each keyed route, in the order it lists them. Typed by the table's keyed paths, so a route
 * keyed there and not described here, or described here and not keyed, fails to compile.
 */
const KEYED_DOCS = {
  '/api/flights/grid': {
    freshness: 'Kept observations only, no airline request; each cell carries when its answer was seen (premium key).',
    example: '/api/flights/grid?origin=DEN&from=2026-12-01&days=7',
  },
  '/api/flights/price-history': {
    freshness: 'Every fare kept for the route and date over time, with the GoWild likelihood; as fresh as the last search or sweep.',
    example: '/api/flights/price-history?origin=DEN&destination=LAS&date=2026-12-01',
  },
  '/api/flights/route-insights': {
    freshness: 'GoWild likelihood and good price per destination, from kept observations.',
    example: '/api/flights/route-insights?origin=DEN&date=2026-12-01',
  },
  '/api/flights/connections': {
    freshness: 'Kept observations first; legs may be confirmed live with the airline, as in the app (premium key).',
    example: '/api/flights/connections?origin=DEN&destination=MIA&date=2026-12-01',
  },
  '/api/flights/anywhere': {
    freshness:
      'Every destination over up to 7 days, streamed: kept observations first, then confirmed live as in the app (premium key; counts as one search).',
    example: '/api/flights/anywhere?origin=DEN&from=2026-12-01&to=2026-12-03',
  },
  '/api/airports': { freshness: 'Reference data, changes when the network does.', example: '/api/airports' },
  '/api/gowild/blackout-dates': { freshness: 'Reference data: the GoWild blackout calendar.', example: '/api/gowild/blackout-dates' },
} satisfies Record<KeyedPath, { freshness: string; example: string }>;

/** The keyed routes with their freshness and an example call, for /developers. */
export const KEYED_ENDPOINTS: readonly { path: string; freshness: string; example: string }[] = Object.entries(KEYED_DOCS).map(
  ([path, docs]) => ({ path, ...docs }),
);

const keyed = new Set(KEYED_ROUTES);

/** The key the request carries: `X-API-Key`, or an `Authorization: Bearer gwk_…` (a session token is left alone). */
export function keyOf(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header !== '') return header.trim();
  if (Array.isArray(header)) return header[0] ?? '';
  const bearer = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(request.headers.authorization ?? '');
  if (bearer?.[1]?.startsWith(API_KEY_PREFIX)) return bearer[1];
  return undefined;
}

/** The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers) on every keyed answer, 429s included. */
function setQuotaHeaders(reply: FastifyReply, quota: KeyQuota): void {
  reply.header('ratelimit-limit', String(quota.limit));
  reply.header('ratelimit-remaining', String(quota.remaining));
  reply.header('ratelimit-reset', String(quota.resetSeconds));
}

/**
 * On every request, before the routes' own checks: a request with a key is refused off the keyed routes (403), with
 * a key that is malformed, unknown, revoked or of a deactivated account (401), or past the key's day (429 with
 * Retry-After). Otherwise the key's owner is the caller the routes' auth sees (accounts/auth/key-caller.ts). Requests
 * without a key pass untouched. Error texts never repeat the key.
 */
export function registerApiKeyAuth(app: FastifyInstance, keys: Pick<ApiKeysService, 'authenticate' | 'charge'>): void {
  app.addHook('onRequest', async (request, reply) => {
    const raw = keyOf(request);
    if (raw === undefined) return;
    const route = request.routeOptions.url;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    if (method !== 'GET' || route === undefined || !keyed.has(route)) {
      throw forbidden(API_KEY_MESSAGES.keyNotAllowed, ERROR_CODES.FORBIDDEN);
    }
    if (raw === '') throw unauthorized(API_KEY_MESSAGES.keyInvalid);
    const { key, user } = await keys.authenticate(raw);
    const quota = await keys.charge(key, user);
    setQuotaHeaders(reply, quota);
    if (!quota.allowed) throw tooManyRequests(API_KEY_MESSAGES.quotaSpent, quota.resetSeconds);
    // Never an admin through a key, whoever owns it: the keyed routes need no admin, and a leaked key must not be one.
    const asUser = { ...user, isAdmin: false };
    setKeyCaller(request, {
      user: asUser,
      sessionId: `api-key:${key.id}`,
      caller: { userId: user.id, email: user.email, isPremium: user.isPremium, isAdmin: false },
    });
  });
}
