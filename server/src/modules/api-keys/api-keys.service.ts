import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_MESSAGES, API_KEY_PREFIX, type ApiKey, MAX_API_KEYS_PER_USER } from '@gowild/contract/api-keys';
import type { Clock } from '../../lib/clock';
import { badRequest, notFound, unauthorized } from '../../lib/http-error';
import type { RateLimitStore } from '../../lib/rate-limit';
import { type UserRow, secondsUntilNextUtcDay, utcDay } from '../accounts/accounts.module';
import { createBatchedLookup } from '../../lib/batched-lookup';
import { type ApiKeyRow, type ApiKeysRepository, LAST_USED_GRANULARITY_MS } from './api-keys.repository';

/** 32 random bytes (256 bits) in URL-safe base64: the key after its `gwk_` prefix. */
const KEY_BYTES = 32;
/** What the list shows of a key: the prefix and six characters, enough to tell keys apart and nothing to use. */
const SHOWN_CHARS = API_KEY_PREFIX.length + 6;
/** A key as the hook accepts it before looking it up: the prefix, then URL-safe base64 of the right length. */
const KEY_SHAPE = /^gwk_[A-Za-z0-9_-]{43}$/;

/** The SHA-256 of a key, hex: what the table keeps. A key is 256 random bits, so a fast hash is enough (decision 268). */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function newApiKey(): string {
  return API_KEY_PREFIX + randomBytes(KEY_BYTES).toString('base64url');
}

/** A day's count for one key: calls served (refused ones are not shown), the plan's limit and when the day ends. */
export interface KeyQuota {
  limit: number;
  count: number;
  remaining: number;
  resetSeconds: number;
}

export function createApiKeysService(deps: {
  repo: ApiKeysRepository;
  clock: Clock;
  /** Shared by every process when Redis is configured (lib/rate-limit.ts): the per-key day counters. */
  counters: RateLimitStore;
  limits: { free: number; premium: number };
}) {
  const { repo, clock, counters } = deps;
  const counterKey = (id: string) => `apikey:${id}:${utcDay(clock.now())}`;
  const limitFor = (user: Pick<UserRow, 'isPremium'>) => (user.isPremium ? deps.limits.premium : deps.limits.free);
  // Every call carrying a key looks it up: concurrent calls share one query (decision 065's batching, as sessions do),
  // and a key revoked before a call arrives is never honoured for it.
  const liveKeys = createBatchedLookup((hashes: string[]) => repo.findLiveByHashes(hashes));
  // When this process last wrote each key's "last used": the write is skipped within the minute the list shows, so a
  // busy key costs one statement a minute instead of one a call (the statement itself also checks the minute, for
  // the other processes).
  const touchedAt = new Map<string, number>();
  // The writes under way: not awaited by the call that made them, but by this process's next list of keys, so the
  // owner who used a key and then opens /profile sees its last use (a race a loaded machine lost now and then).
  const touching = new Set<Promise<void>>();
  function touch(id: string, now: Date): void {
    const last = touchedAt.get(id);
    if (last !== undefined && now.getTime() - last < LAST_USED_GRANULARITY_MS) return;
    if (touchedAt.size > 10_000) touchedAt.clear();
    touchedAt.set(id, now.getTime());
    const write: Promise<void> = repo
      .touch(id, now)
      .catch(() => undefined)
      .finally(() => touching.delete(write));
    touching.add(write);
  }

  async function present(row: ApiKeyRow, limit: number): Promise<ApiKey> {
    const used = await counters.peek(counterKey(row.id)).catch(() => ({ count: 0 }));
    return {
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      created_at: row.createdAt.toISOString(),
      last_used_at: row.lastUsedAt?.toISOString() ?? null,
      calls_today: Math.min(used.count, limit),
      daily_limit: limit,
    };
  }

  return {
    /** Makes a key for the user: the full key is in this answer only; the table keeps its hash. */
    async create(user: UserRow, name: string): Promise<{ key: string; api_key: ApiKey }> {
      if ((await repo.countLive(user.id)) >= MAX_API_KEYS_PER_USER) throw badRequest(API_KEY_MESSAGES.tooManyKeys);
      const key = newApiKey();
      const row = await repo.insert({ userId: user.id, name, keyHash: hashApiKey(key), prefix: key.slice(0, SHOWN_CHARS) });
      return { key, api_key: await present(row, limitFor(user)) };
    },

    async list(user: UserRow): Promise<ApiKey[]> {
      await Promise.all(touching);
      const rows = await repo.listLive(user.id);
      return Promise.all(rows.map((r) => present(r, limitFor(user))));
    },

    async revoke(user: UserRow, id: string): Promise<void> {
      if (!(await repo.revokeOwn(user.id, id, clock.now()))) throw notFound(API_KEY_MESSAGES.notFound);
    },

    /**
     * The live key's owner, or 401. The text never repeats what was sent; a malformed key is refused before any query.
     * A deactivated owner's keys stop with the account.
     */
    async authenticate(raw: string): Promise<{ key: ApiKeyRow; user: UserRow }> {
      if (!KEY_SHAPE.test(raw)) throw unauthorized(API_KEY_MESSAGES.keyInvalid);
      const found = await liveKeys.get(hashApiKey(raw));
      if (!found || !found.user.isActive) throw unauthorized(API_KEY_MESSAGES.keyInvalid);
      return found;
    },

    /**
     * Counts one call against the key's day (UTC) and says where the day stands. The count is one atomic increment
     * in the shared store, so however many processes serve a key, exactly `limit` calls a day pass.
     */
    async charge(key: ApiKeyRow, user: UserRow): Promise<KeyQuota & { allowed: boolean }> {
      const limit = limitFor(user);
      const now = clock.now();
      const window = await counters.hit(counterKey(key.id), secondsUntilNextUtcDay(now) * 1000);
      touch(key.id, now);
      return {
        limit,
        count: window.count,
        remaining: Math.max(0, limit - window.count),
        resetSeconds: secondsUntilNextUtcDay(now),
        allowed: window.count <= limit,
      };
    },

    /** Counts per key for the admin read: who owns it, its name and prefix, today's calls; never the key or its hash. */
    async adminUsage() {
      const rows = await repo.listAllForAdmin();
      return Promise.all(
        rows.map(async (r) => {
          const used = await counters.peek(counterKey(r.id)).catch(() => ({ count: 0 }));
          return {
            id: r.id,
            user_email: r.email,
            name: r.name,
            prefix: r.prefix,
            revoked: r.revokedAt !== null,
            last_used_at: r.lastUsedAt?.toISOString() ?? null,
            calls_today: used.count,
          };
        }),
      );
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
