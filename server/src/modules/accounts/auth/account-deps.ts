import type { Redis } from 'ioredis';
import type { Registry } from 'prom-client';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { type RateLimitStore, createRateLimitStore } from '../../../lib/rate-limit';
import type { SearchGate } from '../entitlements/search-gate';
import type { EmailProvider } from '../../../providers/email/email.provider';
import { createEmailProvider } from '../../../providers/email';
import { type AdminService, createAdminService } from '../../admin/admin.service';
import { createAdminRepository } from '../../admin/admin.repository';
import { createSearchGate } from '../entitlements/search-gate';
import { createSearchLogRepository } from '../entitlements/search-log.repository';
import { createSearchUsageRepository } from '../entitlements/search-usage.repository';
import { type SearchUsageService, createSearchUsageService } from '../entitlements/search-usage.service';
import { createUsersRepository } from '../users/users.repository';
import { type UsersService, createUsersService } from '../users/users.service';
import { accountMetrics } from './account.metrics';
import { type AuthLimits, createAuthLimiter, resolveAuthLimits } from './auth.limits';
import { type AuthService, createAuthService } from './auth.service';
import { createBackgroundTasks } from './background';
import { type GoogleKeys, googleRemoteKeys } from './google';
import { type PasswordHasher, createPasswordHasher } from './password';
import { createSessionTokens, resolveJwtSecret } from './tokens';

/** The account, entitlement and admin services on AppDeps. Tests override the knobs (hasher, keys, limits, store). */
export interface AccountDeps {
  email: EmailProvider;
  rateLimits: RateLimitStore;
  passwordHasher: PasswordHasher;
  /** Google's key set; defaults to the remote JWKS at GOOGLE_JWKS_URL. Tests pass jose's createLocalJWKSet. */
  googleKeys?: GoogleKeys;
  authLimits?: Partial<AuthLimits>;
  /** Bearer-token resolution (`authenticate`, `requireUser`, `requireAdmin`, `requirePremium`) and the auth calls. */
  auth: AuthService;
  users: UsersService;
  searchUsage: SearchUsageService;
  admin: AdminService;
  searchGate: SearchGate;
}

export function createAccountDeps(
  base: { config: Config; database: Database; clock: Clock; metrics: Registry; redis?: Redis; disposers: (() => Promise<void>)[] },
  overrides: Partial<AccountDeps> = {},
): AccountDeps {
  const { config, clock } = base;
  const db = base.database.db;
  const email = overrides.email ?? createEmailProvider(config);
  const rateLimits = overrides.rateLimits ?? createRateLimitStore({ redis: base.redis, clock });
  const passwordHasher = overrides.passwordHasher ?? createPasswordHasher();
  let secret: Uint8Array | undefined;
  // Resolved on first use, so building deps (tests, the CLI) never writes a secret file it does not need.
  const tokens = createSessionTokens({ secret: () => (secret ??= resolveJwtSecret(config)), clock });
  let remoteKeys: GoogleKeys | undefined;
  const googleKeys = () => overrides.googleKeys ?? (remoteKeys ??= googleRemoteKeys(config.GOOGLE_JWKS_URL));
  const background = createBackgroundTasks();
  const metrics = accountMetrics(base.metrics);
  const auth =
    overrides.auth ??
    createAuthService({
      config,
      db,
      clock,
      hasher: passwordHasher,
      tokens,
      limiter: createAuthLimiter(rateLimits, resolveAuthLimits(overrides.authLimits)),
      email,
      background,
      googleKeys,
      metrics,
    });
  base.disposers.push(async () => {
    await background.idle();
    await email.close();
  });
  const usageRepo = createSearchUsageRepository(db);
  const users = overrides.users ?? createUsersService({ repo: createUsersRepository(db), hasher: passwordHasher, clock });
  const searchUsage =
    overrides.searchUsage ?? createSearchUsageService({ usage: usageRepo, clock, freeSearchesPerDay: config.FREE_SEARCHES_PER_DAY });
  const admin = overrides.admin ?? createAdminService({ repo: createAdminRepository(db), clock });
  const searchGate =
    overrides.searchGate ??
    createSearchGate({
      auth,
      usage: usageRepo,
      log: createSearchLogRepository(db),
      clock,
      freeSearchesPerDay: config.FREE_SEARCHES_PER_DAY,
      metrics,
    });
  return {
    email,
    rateLimits,
    passwordHasher,
    googleKeys: overrides.googleKeys,
    authLimits: overrides.authLimits,
    auth,
    users,
    searchUsage,
    admin,
    searchGate,
  };
}
