import { addDays } from '@gowild/contract/dates';
import { LIMITS } from '@gowild/contract/limits';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useRefreshSearchUsage, useSearchUsage } from '@/features/usage/api/get-search-usage';
import { UsageBadge } from '@/features/usage/components/usage-badge';
import { useUpgrade } from '@/features/billing/hooks/use-upgrade';
import { saveTripAndBuildHref } from '@/features/flight-summary/utils/summary-link';
import { useUserLocation } from '@/features/location/hooks/use-user-location';
import { distanceMiles } from '@/features/location/utils/distance';
import type { AlertTarget } from '@/features/alerts/components/alert-modal';
import { SearchPage, type SelectedTrip } from '@/features/search/components/search-page';
import { WEATHER_MESSAGES } from '@/features/weather/api/get-weather';
import { WeatherForecast } from '@/features/weather/components/weather-forecast';
import { WhatsNewModal } from '@/features/whats-new/components/whats-new-modal';
import { DestinationExtrasPanels, stayForDestination } from '@/app/destination-extras-panels';
import { useAppConfig } from '@/lib/app-config';
import { useAuth } from '@/lib/auth/auth-context';

// The alert modal is a chunk of its own, fetched the first time a premium user presses 'Price alert'.
const AlertModal = lazy(() => import('@/features/alerts/components/alert-modal').then((m) => ({ default: m.AlertModal })));
// So is the flight map (Leaflet and the basemap): fetched the first time a premium user opens a card.
const FlightMapPanel = lazy(() => import('@/features/route-map/components/flight-map').then((m) => ({ default: m.FlightMapPanel })));

/** `/`: the search experience, composed from search, usage, location, weather, flight-summary, alerts and what's-new. */
export function HomeRoute() {
  const auth = useAuth();
  const config = useAppConfig();
  const usage = useSearchUsage();
  const refreshUsage = useRefreshSearchUsage();
  const location = useUserLocation();
  const navigate = useNavigate();
  const here = location.data;
  const upgrade = useUpgrade();
  const [alertTarget, setAlertTarget] = useState<AlertTarget | null>(null);

  const distance = useMemo(() => (here ? (lat: number, lng: number) => distanceMiles(here, { lat, lng }) : undefined), [here]);
  const onSelectReturn = useCallback(
    (trip: SelectedTrip) => {
      const href = saveTripAndBuildHref({
        departure: trip.departure.flight,
        returnFlight: trip.returnFlight,
        origin: trip.origin,
        destination: trip.destination,
        date: trip.date,
      });
      void navigate(href);
    },
    [navigate],
  );

  const monthly = config.data?.plans.find((p) => p.id === 'monthly');
  return (
    <div className="mx-auto w-full max-w-6xl px-3 py-6 sm:px-6">
      <title>GoWild Finder · Find every GoWild fare from your airport</title>
      <SearchPage
        auth={{ initialized: auth.isInitialized, signedIn: auth.isAuthenticated, isPremium: auth.isPremium }}
        searchesRemaining={usage.data?.searches_remaining}
        freeSearchesPerDay={config.data?.freeSearchesPerDay ?? null}
        usageBadge={<UsageBadge onUpgrade={() => void upgrade.start('monthly')} />}
        distance={distance}
        demoFlights={config.data?.providers.flights === 'demo'}
        renderWeather={(code, date) => (
          // The week from the travel date: today's weather is no use for a trip next week.
          <WeatherForecast code={code} range={{ start: date, end: addDays(date, LIMITS.weatherDays - 1) }} title="7-day forecast" />
        )}
        renderFlightMap={(_code, flights) => (
          <Suspense fallback={null}>
            <FlightMapPanel flights={flights} />
          </Suspense>
        )}
        renderStayWeather={(code, range) => (
          <WeatherForecast code={code} range={range} title="Weather during your stay" emptyText={WEATHER_MESSAGES.emptyStay} />
        )}
        renderDestinationExtras={(code, date, flights) => (
          <DestinationExtrasPanels code={code} stay={stayForDestination(date, flights)} variant="search" />
        )}
        onSearchCompleted={() => void refreshUsage()}
        onSelectReturn={onSelectReturn}
        onPriceAlert={setAlertTarget}
        passCharges={config.data?.passCharges ?? null}
      />
      <Suspense fallback={null}>{alertTarget ? <AlertModal target={alertTarget} onClosed={() => setAlertTarget(null)} /> : null}</Suspense>
      <WhatsNewModal version={config.data?.appVersion} monthlyPrice={monthly?.price} />
    </div>
  );
}
