import { localToday } from '@gowild/contract/dates';
import { Suspense, lazy } from 'react';
import { useAirports } from '@/api/get-airports';
import { PageHeader } from '@/app/routes/page-header';
import { ChainAlertButton } from '@/features/alerts/components/chain-alert-button';
import { HubSearchView } from '@/features/hub-search/components/hub-search-view';
import { RouteBuilderTabs } from '@/features/hub-search/components/route-builder-tabs';
import { RouteBuilderView } from '@/features/hub-search/components/route-builder-view';
import { useAuth } from '@/lib/auth/auth-context';

// Leaflet and the basemap come with the first itinerary's map, not with the page (as the results' flight map).
const ItineraryMap = lazy(() => import('@/features/route-map/components/itinerary-map').then((m) => ({ default: m.ItineraryMap })));

/**
 * /route-builder: GoWild trips of up to three flights, each its own booking (docs/product/connections.md), beside the
 * two-flight search via one hub at /hub-search (premium; free users see the hub search's teaser and the upgrade).
 */
export function RouteBuilderRoute() {
  const { isPremium } = useAuth();
  const airports = useAirports();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <PageHeader
        title="Route Builder"
        subtitle="Connections the airline does not sell: up to three GoWild flights, a safe self-transfer, one booking each."
      />
      {isPremium ? (
        <>
          <RouteBuilderTabs current="routes" />
          <RouteBuilderView
            airports={airports.data}
            airportsLoading={airports.isPending}
            today={localToday()}
            itineraryActions={(it) => <ChainAlertButton itinerary={it} />}
            itineraryMap={(it) => (
              <Suspense fallback={<div className="h-44 animate-pulse rounded-lg bg-slate-100 sm:h-48" />}>
                <ItineraryMap flights={it.legs.map((l) => l.flight)} />
              </Suspense>
            )}
          />
        </>
      ) : (
        <HubSearchView airports={airports.data} airportsLoading={airports.isPending} isPremium={false} today={localToday()} />
      )}
    </div>
  );
}
