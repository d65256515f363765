import { referenceRoutes } from '@gowild/contract/routes/reference';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

export const BLACKOUT_ERROR = 'Unable to fetch blackout dates. Please try again later.';

/** GET /api/gowild/blackout-dates: YYYY-MM-DD strings. */
export async function getBlackoutDates(signal?: AbortSignal): Promise<string[]> {
  return callApi(referenceRoutes.blackoutDates, {
    action: 'fetch blackout dates',
    fixedMessage: BLACKOUT_ERROR,
    signal,
  });
}

export const blackoutDatesQueryOptions = () =>
  queryOptions({ queryKey: ['blackout-dates'], queryFn: ({ signal }) => getBlackoutDates(signal), staleTime: 60 * 60 * 1000, retry: 1 });

export function useBlackoutDates() {
  return useQuery(blackoutDatesQueryOptions());
}
