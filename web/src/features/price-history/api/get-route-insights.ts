import { observationsRoutes } from '@gowild/contract/routes/observations';
import { type RouteInsightsResponse } from '@gowild/contract/observations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

const FAILED = 'Route history is unavailable right now.';

/**
 * GET /api/flights/route-insights: the GoWild likelihood and good-price verdict of every destination from the
 * origin on a date, in one call the results cards share.
 */
export async function getRouteInsights(origin: string, date: string, signal?: AbortSignal): Promise<RouteInsightsResponse> {
  return callApi(observationsRoutes.routeInsights, {
    action: 'load route history',
    defaultMessage: FAILED,
    prefer: 'message',
    query: { origin, date },
    signal,
    unreadable: FAILED,
  });
}

export const routeInsightsQueryOptions = (origin: string, date: string) =>
  queryOptions({
    queryKey: ['route-insights', origin, date],
    queryFn: ({ signal }) => getRouteInsights(origin, date, signal),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });

export function useRouteInsights(origin: string, date: string) {
  return useQuery(routeInsightsQueryOptions(origin, date));
}
