import { type RouteInsightsResponse, routeInsightsResponseSchema } from '@gowild/contract/observations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, readAnswer } from '@/lib/api-client';

const FAILED = 'Route history is unavailable right now.';

/**
 * GET /api/flights/route-insights: the GoWild likelihood and good-price verdict of every destination from the
 * origin on a date, in one call the results cards share.
 */
export async function getRouteInsights(origin: string, date: string, signal?: AbortSignal): Promise<RouteInsightsResponse> {
  const body = await apiRequest<unknown>('/flights/route-insights', {
    action: 'load route history',
    defaultMessage: FAILED,
    prefer: 'message',
    query: { origin, date },
    signal,
  });
  return readAnswer(routeInsightsResponseSchema, body, FAILED);
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
