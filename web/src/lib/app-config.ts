import { referenceRoutes } from '@gowild/contract/routes/reference';
import type { PublicConfig } from '@gowild/contract/config';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

/**
 * GET /api/config: plan prices, the free quota, support e-mail, Google client id and demo providers.
 * Every figure the pages show comes from here (docs/product/README.md#rules-that-hold-everywhere), so it lives in lib
 * for all features to read.
 */
export function getAppConfig(): Promise<PublicConfig> {
  return callApi(referenceRoutes.config, {
    action: 'load the app configuration',
    defaultMessage: 'Failed to load the app configuration',
  });
}

export const appConfigQueryKey = ['app-config'] as const;

export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: appConfigQueryKey,
    queryFn: getAppConfig,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}

/** The providers that are serving demo data, in display order. */
export function demoProviders(config: PublicConfig): string[] {
  const labels: Record<keyof PublicConfig['providers'], string> = {
    flights: 'flights',
    weather: 'weather',
    email: 'e-mail',
    billing: 'billing',
    hotels: 'hotels',
    cars: 'rental cars',
    geo: 'location',
  };
  return (Object.keys(labels) as (keyof PublicConfig['providers'])[]).filter((k) => config.providers[k] === 'demo').map((k) => labels[k]);
}
