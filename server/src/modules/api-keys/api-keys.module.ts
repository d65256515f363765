import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { FastifyInstance } from 'fastify';
import type { AppModule } from '../../lib/app-module';
import type { Clock } from '../../lib/clock';
import type { RateLimitStore } from '../../lib/rate-limit';
import type { AuthService } from '../accounts/accounts.module';
import { KEYED_ROUTES, registerApiKeyAuth } from './api-key-auth';
import { createApiKeysRepository } from './api-keys.repository';
import { apiKeysRoutes } from './api-keys.routes';
import { type ApiKeysService, createApiKeysService } from './api-keys.service';

export interface ApiKeysDeps {
  config: Pick<Config, 'API_KEY_CALLS_PER_DAY_FREE' | 'API_KEY_CALLS_PER_DAY_PREMIUM'>;
  db: Db;
  clock: Clock;
  auth: Pick<AuthService, 'requireUser' | 'requireAdmin'>;
  /** The per-key day counters: Redis when configured (shared by every process), this process's memory otherwise. */
  counters: RateLimitStore;
}

interface ApiKeysServices {
  apiKeys: ApiKeysService;
  /**
   * The key hook on the whole app (app.ts registers it before any module's routes, so it reaches them all), and the
   * routes a key may call (the OpenAPI document marks them as accepting the key).
   */
  apiKeyAuth: { register(app: FastifyInstance): void; keyedRoutes: readonly string[] };
}

/**
 * Personal API keys (docs/product/public-api.md; decision 268): their table, the service that makes, lists, revokes
 * and checks them and counts each key's calls, the account's routes, and the hook that lets a key through to the
 * keyed routes (api-key-auth.ts), which app.ts registers on the whole app.
 */
export function createApiKeysModule(deps: ApiKeysDeps) {
  const limits = { free: deps.config.API_KEY_CALLS_PER_DAY_FREE, premium: deps.config.API_KEY_CALLS_PER_DAY_PREMIUM };
  const apiKeys = createApiKeysService({ repo: createApiKeysRepository(deps.db), clock: deps.clock, counters: deps.counters, limits });
  return {
    name: 'api-keys',
    services: {
      apiKeys,
      apiKeyAuth: { register: (app: FastifyInstance) => registerApiKeyAuth(app, apiKeys), keyedRoutes: KEYED_ROUTES },
    } satisfies ApiKeysServices,
    routes: (app) => apiKeysRoutes(app, { auth: deps.auth, keys: apiKeys, limits }),
  } satisfies AppModule;
}
export type ApiKeysModule = ReturnType<typeof createApiKeysModule>;
