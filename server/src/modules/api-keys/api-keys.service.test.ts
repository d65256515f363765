import { describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock';
import { createMemoryRateLimitStore } from '../../lib/rate-limit';
import type { UserRow } from '../accounts/accounts.module';
import type { ApiKeyRow, ApiKeysRepository } from './api-keys.repository';
import { createApiKeysService } from './api-keys.service';

/**
 * The key's "last used" is written without holding up the call that used it; the owner's next list of keys (on this
 * process) waits for that write, so a key used a moment ago never shows as unused.
 */
describe('the last use of a key', () => {
  it('is in the list the owner asks for right after a call, however slow the write', async () => {
    const clock = manualClock(new Date('2026-07-15T16:00:00Z'));
    const row = {
      id: 'k1',
      userId: 'u1',
      name: 'sheet',
      prefix: 'gwk_abcdef',
      lastUsedAt: null,
      createdAt: clock.now(),
    } as unknown as ApiKeyRow;
    let finishWrite: () => void = () => {};
    const repo = {
      touch: (_id: string, at: Date) =>
        new Promise<void>((resolve) => {
          finishWrite = () => {
            (row as { lastUsedAt: Date | null }).lastUsedAt = at;
            resolve();
          };
        }),
      listLive: async () => [{ ...row }],
    } as unknown as ApiKeysRepository;
    const keys = createApiKeysService({ repo, clock, counters: createMemoryRateLimitStore(), limits: { free: 5, premium: 8 } });
    const user = { id: 'u1', isPremium: false } as UserRow;

    expect(await keys.charge(row, user)).toMatchObject({ allowed: true, count: 1 });
    const listed = keys.list(user);
    // The write lands after the list was asked for: the list waits for it.
    setImmediate(() => finishWrite());
    expect((await listed)[0]).toMatchObject({ last_used_at: '2026-07-15T16:00:00.000Z', calls_today: 1 });
  });
});
