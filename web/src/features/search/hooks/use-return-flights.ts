import type { Flight } from '@gowild/contract/flights';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { errorMessage } from '@/lib/api-client';
import { RETURN_MESSAGES, searchSingleRoute } from '../api/search-single-route';
import { mergeReturnFlights } from '../utils/return-flights';

export interface ReturnSearchInput {
  /** Airports to fly back from (every airport of the destination). */
  origins: string[];
  /** Where home is: the outbound search's origin value (a code or CITY:XXX). */
  destination: string;
  date: string;
  /** Local arrival time of the outbound flight; returns must leave at or after it. */
  outboundArrival: string | null;
  enabled: boolean;
}

/**
 * docs/product/search.md#return-flights: one single-route search per airport, in parallel; failed ones are dropped. The
 * result is an error only when every one of them failed.
 */
export function useReturnFlights(input: ReturnSearchInput) {
  const queries = useQueries({
    queries: input.origins.map((origin) => ({
      queryKey: ['return-flights', origin, input.destination, input.date],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        searchSingleRoute({ origin, destination: input.destination, date: input.date }, signal),
      enabled: input.enabled && Boolean(input.destination && input.date),
      staleTime: 5 * 60 * 1000,
      retry: false,
    })),
  });
  const loading = queries.some((q) => q.isFetching) || (input.enabled && queries.some((q) => q.isPending));
  const allFailed = queries.length > 0 && queries.every((q) => q.isError);
  const dataKey = queries.map((q) => q.dataUpdatedAt).join(',');
  const flights: Flight[] = useMemo(
    () =>
      mergeReturnFlights(
        queries.map((q) => (q.isSuccess ? q.data : null)),
        input.outboundArrival,
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [dataKey, input.outboundArrival],
  );
  const error = allFailed ? errorMessage(queries[0]?.error, RETURN_MESSAGES.failed) : null;
  return { flights, loading, error };
}
