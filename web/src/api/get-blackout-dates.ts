import { blackoutDatesResponseSchema } from '@gowild/contract/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const BLACKOUT_ERROR = 'Unable to fetch blackout dates. Please try again later.';

/** GET /api/gowild/blackout-dates: YYYY-MM-DD strings. */
export async function getBlackoutDates(signal?: AbortSignal): Promise<string[]> {
  const body = await apiRequest<unknown>('/gowild/blackout-dates', {
    action: 'fetch blackout dates',
    fixedMessage: BLACKOUT_ERROR,
    signal,
  });
  return blackoutDatesResponseSchema.parse(body);
}

export const blackoutDatesQueryOptions = () =>
  queryOptions({ queryKey: ['blackout-dates'], queryFn: ({ signal }) => getBlackoutDates(signal), staleTime: 60 * 60 * 1000, retry: 1 });

export function useBlackoutDates() {
  return useQuery(blackoutDatesQueryOptions());
}
