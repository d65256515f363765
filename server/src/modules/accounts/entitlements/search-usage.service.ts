import type { SearchUsage } from '@gowild/contract/auth';
import type { Clock } from '../../../lib/clock';
import type { UserRow } from '../users/users.repository';
import { utcDay } from './quota';
import type { SearchUsageRepository } from './search-usage.repository';

/** GET /auth/search-usage: premium is unlimited (nulls); free users see today's allowance and what is left. */
export function createSearchUsageService(deps: { usage: SearchUsageRepository; clock: Clock; freeSearchesPerDay: number }) {
  return {
    async forUser(user: Pick<UserRow, 'id' | 'isPremium'>): Promise<SearchUsage> {
      if (user.isPremium) return { search_limit: null, searches_remaining: null, is_premium: true };
      const used = await deps.usage.used(user.id, utcDay(deps.clock.now()));
      const limit = deps.freeSearchesPerDay;
      return { search_limit: limit, searches_remaining: Math.max(0, limit - used), is_premium: false };
    },
  };
}
export type SearchUsageService = ReturnType<typeof createSearchUsageService>;
