import type { Registry } from 'prom-client';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AppModule, Job } from '../../lib/app-module';
import { createBackgroundTasks } from '../../lib/background-tasks';
import type { Clock } from '../../lib/clock';
import type { RateLimitStore } from '../../lib/rate-limit';
import type { EmailProvider } from '../../providers/email/email.provider';
import { accountsCommands } from './accounts.cli';
import { accountMetrics } from './auth/account.metrics';
import { type AuthLimits, createAuthLimiter, resolveAuthLimits } from './auth/auth.limits';
import { authRoutes } from './auth/auth.routes';
import { type AccountAuth, type AuthService, createAuthService } from './auth/auth.service';
import { createRequestAuth } from './auth/request-auth';
import { createResetTokensRepository } from './auth/reset-tokens.repository';
import { createSessionLookup } from './auth/session-lookup';
import { createSessionsRepository } from './auth/sessions.repository';
import { type GoogleKeys, googleRemoteKeys } from './auth/google';
import { type PasswordHasher, createPasswordHasher } from './auth/password';
import { type SessionKeys, createSessionTokens, resolveSessionKeys } from './auth/tokens';
import { type SearchGate, createSearchGate } from './entitlements/search-gate';
import { createSearchLogRepository } from './entitlements/search-log.repository';
import { type SearchLogWriter, createSearchLogWriter } from './entitlements/search-log.writer';
import { createSearchUsageRepository } from './entitlements/search-usage.repository';
import { type SearchUsageService, createSearchUsageService } from './entitlements/search-usage.service';
import { createUsersRepository } from './users/users.repository';
import { type UsersService, createUsersService } from './users/users.service';

// The accounts module's public face: other modules use accounts only through what this file exports.
export type { AuthService } from './auth/auth.service';
export type { AuthLimits } from './auth/auth.limits';
export type { GoogleKeys } from './auth/google';
export type { PasswordHasher } from './auth/password';
export type { Caller, SearchGate, SearchKind, SearchOutcome, SearchTicket } from './entitlements/search-gate';
export type { SearchEnd } from './entitlements/quota';
export { searchCounts, secondsUntilNextUtcDay, utcDay } from './entitlements/quota';
// The caller a personal API key stands for (modules/api-keys; decision 268).
export { setKeyCaller } from './auth/key-caller';
export type { UserRow } from './users/users.repository';
export type { UsersService } from './users/users.service';
export { presentUser } from './users/users.presenter';

/** The account calls with the request checks that resolve a request's bearer token through them. */
const withRequestAuth = (account: AccountAuth): AuthService => ({ ...account, ...createRequestAuth(account) });

/** How often long-dead sessions and reset links are deleted, so the tables do not grow with every sign-in. */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

export interface AccountsDeps {
  config: Config;
  db: Db;
  clock: Clock;
  metrics: Registry;
  email: EmailProvider;
  rateLimits: RateLimitStore;
  /** Argon2id with the production parameters unless given (tests pass a cheap one). */
  passwordHasher?: PasswordHasher;
  /** Google's key set; defaults to the remote JWKS at GOOGLE_JWKS_URL. Tests pass jose's createLocalJWKSet. */
  googleKeys?: GoogleKeys;
  authLimits?: Partial<AuthLimits>;
}

interface AccountsServices {
  /** Bearer-token resolution (`authenticate`, `requireUser`, `requireAdmin`, `requirePremium`) and the auth calls. */
  auth: AuthService;
  users: UsersService;
  searchUsage: SearchUsageService;
  /** The entitlement check every flight search passes (401/403/429 and the quota reservation). */
  searchGate: SearchGate;
  /** The search log's batched writer (decision 065): `flush()` writes what is queued now. */
  searchLog: SearchLogWriter;
}

/** Sign-up and sign-in, sessions, users, the search gate and the daily quota (docs/product/accounts-and-plans.md). */
export function createAccountsModule(deps: AccountsDeps, overrides: Partial<AccountsServices> = {}) {
  const { config, clock, email } = deps;
  const db = deps.db;
  const passwordHasher = deps.passwordHasher ?? createPasswordHasher();
  let keys: SessionKeys | undefined;
  // Resolved on first use, so building the module (tests, the CLI) never writes a secret file it does not need.
  const tokens = createSessionTokens({ keys: () => (keys ??= resolveSessionKeys(config)), clock });
  let remoteKeys: GoogleKeys | undefined;
  const googleKeys = () => deps.googleKeys ?? (remoteKeys ??= googleRemoteKeys(config.GOOGLE_JWKS_URL));
  const background = createBackgroundTasks();
  const metrics = accountMetrics(deps.metrics);
  const repos = {
    users: createUsersRepository(db),
    sessions: createSessionsRepository(db),
    resetTokens: createResetTokensRepository(db),
  };
  const openSessions = createSessionLookup(repos.sessions, clock);
  const usageRepo = createSearchUsageRepository(db);
  const auth: AuthService =
    overrides.auth ??
    withRequestAuth(
      createAuthService({
        config,
        clock,
        hasher: passwordHasher,
        tokens,
        limiter: createAuthLimiter(deps.rateLimits, resolveAuthLimits(deps.authLimits)),
        email,
        background,
        googleKeys,
        metrics,
        ...repos,
        openSessions,
      }),
    );
  const users = overrides.users ?? createUsersService({ repo: repos.users, hasher: passwordHasher, clock, repoOn: createUsersRepository });
  const searchUsage =
    overrides.searchUsage ?? createSearchUsageService({ usage: usageRepo, clock, freeSearchesPerDay: config.FREE_SEARCHES_PER_DAY });
  const searchLog = createSearchLogWriter({
    repo: createSearchLogRepository(db),
    flushEveryMs: config.SEARCH_LOG_FLUSH_MS,
    batchRows: config.SEARCH_LOG_BATCH_ROWS,
  });
  const searchGate =
    overrides.searchGate ??
    createSearchGate({
      auth,
      usage: usageRepo,
      log: searchLog,
      clock,
      freeSearchesPerDay: config.FREE_SEARCHES_PER_DAY,
      metrics,
    });
  const purgeExpired: Job = {
    name: 'accounts.purge-expired',
    everyMs: PURGE_INTERVAL_MS,
    async run(log) {
      const purged = await auth.purgeExpired();
      if (purged.sessions + purged.resetTokens > 0) log.info({ purged }, 'purged expired sessions and reset links');
    },
  };
  return {
    name: 'accounts',
    services: { auth, users, searchUsage, searchGate, searchLog } satisfies AccountsServices,
    routes: async (app) => {
      // The app's logger, for the search log writer's failures (they happen after the request that queued the row).
      searchLog.useLogger(app.log);
      await authRoutes(app, { auth, usage: searchUsage });
    },
    jobs: [purgeExpired],
    cli: accountsCommands({ users }),
    metrics,
    // The reset e-mails run in the background: wait for them before the e-mail provider closes. The queued search
    // log rows are written before the database closes (the app has stopped taking requests by now).
    close: async () => {
      await background.idle();
      await searchLog.close();
    },
  } satisfies AppModule;
}
export type AccountsModule = ReturnType<typeof createAccountsModule>;
