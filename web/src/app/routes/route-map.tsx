import { PageHeader } from '@/app/routes/page-header';
import { useAirports } from '@/api/get-airports';
import { Notice } from '@/components/ui/notice';
import { PageSpinner } from '@/components/ui/spinner';
import { ROUTES_MESSAGES, useRoutes } from '@/api/get-routes';
import { RouteMap } from '@/features/route-map/components/route-map';
import { errorMessage } from '@/lib/api-client';
import { useAppConfig } from '@/lib/app-config';

/** /routes (premium-only; the guard shows others the route map's premium panel): docs/product/maps.md#route-map-page. */
export function RouteMapRoute() {
  const routes = useRoutes();
  const airports = useAirports();
  const config = useAppConfig();
  const failed = routes.error ?? airports.error;
  return (
    <div className="mx-auto max-w-6xl px-3 py-8 sm:px-6">
      <PageHeader title="Route Map" subtitle="Where can you get to from here? Pick an airport to see every place Frontier flies from it." />
      {failed ? (
        <Notice tone="error" size="lg" role="alert" title={ROUTES_MESSAGES.title} titleAs="h2" data-testid="routes-error">
          {errorMessage(failed, ROUTES_MESSAGES.fallback)}
        </Notice>
      ) : config.data ? (
        // The map is drawn while the routes load (a spinner over it), so Leaflet and the basemap do not wait for them.
        <RouteMap routes={routes.data} airports={airports.data} tiles={config.data.mapTiles} />
      ) : (
        <PageSpinner label="Loading routes" />
      )}
    </div>
  );
}
