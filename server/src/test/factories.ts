import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppDeps, AppOverrides } from '../deps';
import { type Argon2Params, createPasswordHasher } from '../modules/accounts/auth/password';
import { type SearchLogEntry, createSearchLogRepository } from '../modules/accounts/entitlements/search-log.repository';
import { type NewUser, type UserRow, createUsersRepository } from '../modules/accounts/users/users.repository';
import { buildTestApp } from './build-test-app';

/** The password every factory user has. */
export const TEST_PASSWORD = 'Correct-Horse-Battery-9';

/**
 * Tests only: argon2id at 1 MiB and 1 pass instead of production's 19 MiB and 2 passes, so suites that sign many
 * users in stay fast on a 2-core machine. Verification reads the parameters from the stored hash, so users made
 * with it log in through the real code path; one test checks the production parameters themselves.
 */
export const TEST_ARGON2: Argon2Params = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
export const testPasswordHasher = createPasswordHasher(TEST_ARGON2);

const hashes = new Map<string, Promise<string>>();
const cheapHash = (password: string) => {
  let h = hashes.get(password);
  if (!h) hashes.set(password, (h = testPasswordHasher.hash(password)));
  return h;
};

let seq = 0;

/** Values for a new user row; unique e-mail unless given. */
function buildUser(overrides: Partial<NewUser> = {}): NewUser {
  seq += 1;
  const id = `${Date.now().toString(36)}${seq}${Math.random().toString(36).slice(2, 6)}`;
  return {
    email: `traveller-${id}@example.com`,
    firstName: 'Test',
    lastName: `Traveller${seq}`,
    phoneNumber: null,
    ...overrides,
  };
}

/** Stores a user whose password is `password` (default TEST_PASSWORD). */
export async function createUser(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  overrides: Partial<NewUser> & { password?: string } = {},
): Promise<UserRow & { password: string }> {
  const { password = TEST_PASSWORD, ...values } = overrides;
  const row = await createUsersRepository(deps.database.db).insert({
    passwordHash: await cheapHash(password),
    createdAt: deps.clock.now(),
    ...buildUser(values),
  });
  return { ...row, password };
}

/** Writes a search log line directly, as the search gate would after a search ran. */
export async function logSearch(deps: Pick<AppDeps, 'database'>, entry: SearchLogEntry): Promise<void> {
  await createSearchLogRepository(deps.database.db).insert(entry);
}

export type Role = 'visitor' | 'free' | 'premium' | 'admin' | 'deactivated';
export const ROLES: readonly Role[] = ['visitor', 'free', 'premium', 'admin', 'deactivated'];

export interface SignedIn {
  role: Role;
  user: (UserRow & { password: string }) | null;
  token: string | null;
  /** Authorization header to pass to app.inject (empty for a visitor). */
  headers: Record<string, string>;
}

/**
 * A caller of the given role with a real session token, signed in through POST /api/auth/login. `deactivated` is a
 * user whose account was switched off after signing in, with the session left open, so a test shows that the
 * account flag itself is re-checked on every request.
 */
export async function signInAs(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'database' | 'clock'>,
  role: Role,
  overrides: Partial<NewUser> = {},
): Promise<SignedIn> {
  if (role === 'visitor') return { role, user: null, token: null, headers: {} };
  const user = await createUser(deps, { isPremium: role === 'premium', isAdmin: role === 'admin', ...overrides });
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password } });
  if (res.statusCode !== 200) throw new Error(`factory login failed: ${res.statusCode} ${res.body}`);
  const token = (res.json() as { token: string }).token;
  if (role === 'deactivated') {
    await createUsersRepository(deps.database.db).updateFlags(user.id, { isActive: false });
    user.isActive = false;
  }
  return { role, user, token, headers: { authorization: `Bearer ${token}` } };
}

/**
 * buildTestApp with what account tests need: a throw-away DATA_DIR (the outbox and the JWT secret file live there),
 * the fast test hasher, and the global per-IP limit raised so only the account limits under test can answer 429.
 */
export async function buildAccountsTestApp(
  opts: { env?: Record<string, string>; deps?: AppOverrides; logStream?: NodeJS.WritableStream } = {},
) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'gw-accounts-'));
  const built = await buildTestApp({
    env: { DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '1000000', ...opts.env },
    deps: { passwordHasher: testPasswordHasher, ...opts.deps },
    logStream: opts.logStream,
  });
  built.app.addHook('onClose', async () => {
    await rm(dataDir, { recursive: true, force: true });
  });
  return { ...built, dataDir };
}
