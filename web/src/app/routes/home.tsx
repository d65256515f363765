import type { Flight } from '@gowild/contract/flights';
import { addDays } from '@gowild/contract/dates';
import { LIMITS } from '@gowild/contract/limits';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useRefreshSearchUsage, useSearchUsage } from '@/features/usage/api/get-search-usage';
import { UsageBadge } from '@/features/usage/components/usage-badge';
import { useUpgrade } from '@/features/billing/hooks/use-upgrade';
import { saveTripAndBuildHref } from '@/features/flight-summary/utils/summary-link';
import { useUserLocation } from '@/features/location/hooks/use-user-location';
import { distanceMiles } from '@gowild/contract/distance';
import type { AlertTarget } from '@/features/alerts/components/alert-modal';
import { SearchPage, type SelectedTrip } from '@/features/search/components/search-page';
import { DATE_GRID_TEASER } from '@/features/date-grid/teaser';
import { WEATHER_MESSAGES } from '@/features/weather/api/get-weather';
import { WhatsNewModal } from '@/features/whats-new/components/whats-new-modal';
import { ExportCsvButton } from '@/features/flight-list/components/export-csv-button';
import { PremiumTeaser } from '@/app/premium-feature-panel';
import { useAppConfig } from '@/lib/app-config';
import { useAuth } from '@/lib/auth/auth-context';
import { useAirports } from '@/api/get-airports';
import { type SearchPanels, SearchPanelsProvider } from '@/components/search-panels/search-panels';

// The alert modal is a chunk of its own, fetched the first time a premium user presses 'Price alert'.
// An open card's weather, hotels and cars are chunks of their own, fetched when a card first opens: the search form
// does not wait for them (initial JavaScript of /, docs/benchmarks.md).
const WeatherForecast = lazy(() => import('@/features/weather/components/weather-forecast').then((m) => ({ default: m.WeatherForecast })));
const SearchDestinationExtras = lazy(() =>
  import('@/app/destination-extras-panels').then((m) => ({
    default: ({ code, date, flights }: { code: string; date: string; flights: readonly Flight[] }) => (
      <m.DestinationExtrasPanels code={code} stay={m.stayForDestination(date, flights)} variant="search" />
    ),
  })),
);
const AlertModal = lazy(() => import('@/features/alerts/components/alert-modal').then((m) => ({ default: m.AlertModal })));
// So is the flight map (Leaflet and the basemap): fetched the first time a premium user opens a card.
// And the results map: fetched the first time a traveller presses 'Show map' on the departure results.
const ResultsMap = lazy(() => import('@/features/route-map/components/results-map').then((m) => ({ default: m.ResultsMap })));
const FlightMapPanel = lazy(() => import('@/features/route-map/components/flight-map').then((m) => ({ default: m.FlightMapPanel })));
// The date grid and the route history (likelihood, good price, sparkline) are chunks of their own, fetched with the
// first results (docs/product/date-grid-and-history.md).
const DateGrid = lazy(() => import('@/features/date-grid/components/date-grid').then((m) => ({ default: m.DateGrid })));
const RouteInsightLine = lazy(() =>
  import('@/features/price-history/components/route-insight-line').then((m) => ({ default: m.RouteInsightLine })),
);
// The flat list of every flight: a chunk of its own, fetched the first time a traveller presses 'List'.
const FlightListTable = lazy(() =>
  import('@/features/flight-list/components/flight-list-table').then((m) => ({ default: m.FlightListTable })),
);
const PriceHistoryPanel = lazy(() =>
  import('@/features/price-history/components/price-history-panel').then((m) => ({ default: m.PriceHistoryPanel })),
);

/**
 * The panels of other features the search's screens show (weather, hotels and cars, the maps, the date grid, route
 * history, the flat list, the export), each a chunk of its own, provided once to every screen and card.
 */
function useHomeSearchPanels(): SearchPanels {
  const auth = useAuth();
  const config = useAppConfig();
  const airports = useAirports();
  const airportCity = useCallback((code: string) => airports.data?.find((a) => a.stationCode === code)?.city ?? code, [airports.data]);
  const monthly = config.data?.plans.find((p) => p.id === 'monthly');
  return {
    weather: (code, date) => (
      // The week from the travel date: today's weather is no use for a trip next week.
      <Suspense fallback={null}>
        <WeatherForecast code={code} range={{ start: date, end: addDays(date, LIMITS.weatherDays - 1) }} title="7-day forecast" />
      </Suspense>
    ),
    flightMap: (_code, flights) => (
      <Suspense fallback={null}>
        <FlightMapPanel flights={flights} />
      </Suspense>
    ),
    resultsMap: ({ origins, destinations, open }) => (
      <Suspense fallback={<div className="h-[320px] animate-pulse rounded-lg bg-slate-100 sm:h-[420px]" />}>
        <ResultsMap origins={origins} destinations={destinations} onOpen={open} />
      </Suspense>
    ),
    stayWeather: (code, range) => (
      <Suspense fallback={null}>
        <WeatherForecast code={code} range={range} title="Weather during your stay" emptyText={WEATHER_MESSAGES.emptyStay} />
      </Suspense>
    ),
    destinationExtras: (code, date, flights) => (
      <Suspense fallback={null}>
        <SearchDestinationExtras code={code} date={date} flights={flights} />
      </Suspense>
    ),
    dateGrid: (grid) =>
      auth.isPremium ? (
        <Suspense fallback={null}>
          <DateGrid
            origin={grid.origin}
            today={grid.today}
            selected={{ destination: grid.destination, date: grid.date }}
            onOpen={grid.open}
            answers={grid.answers}
          />
        </Suspense>
      ) : (
        <PremiumTeaser title={DATE_GRID_TEASER.title} description={DATE_GRID_TEASER.description} monthlyPrice={monthly?.price} />
      ),
    cardInsight: (route) => (
      <Suspense fallback={null}>
        <RouteInsightLine {...route} />
      </Suspense>
    ),
    cardHistory: (route) => (
      <Suspense fallback={null}>
        <PriceHistoryPanel route={route} />
      </Suspense>
    ),
    flightList: ({ flights, caption }) => (
      <Suspense fallback={null}>
        <FlightListTable flights={flights} caption={caption} isPremium={auth.isPremium} airportName={airportCity} />
      </Suspense>
    ),
    exportControl: ({ direction, origin, destination, date }) => (
      <ExportCsvButton
        target={
          direction === 'inbound'
            ? { path: '/flights/inbound', query: { destination, date } }
            : { path: '/flights/search', query: { origin, date, ...(destination ? { destination } : {}) } }
        }
      />
    ),
  };
}

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
  const panels = useHomeSearchPanels();

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
      <SearchPanelsProvider panels={panels}>
        <SearchPage
          auth={{ initialized: auth.isInitialized, signedIn: auth.isAuthenticated, isPremium: auth.isPremium }}
          searchesRemaining={usage.data?.searches_remaining}
          freeSearchesPerDay={config.data?.freeSearchesPerDay ?? null}
          usageBadge={<UsageBadge onUpgrade={() => void upgrade.start('monthly')} />}
          distance={distance}
          demoFlights={config.data?.providers.flights === 'demo'}
          onSearchCompleted={() => void refreshUsage()}
          onSelectReturn={onSelectReturn}
          onPriceAlert={setAlertTarget}
          passCharges={config.data?.passCharges ?? null}
        />
      </SearchPanelsProvider>
      <Suspense fallback={null}>{alertTarget ? <AlertModal target={alertTarget} onClosed={() => setAlertTarget(null)} /> : null}</Suspense>
      <WhatsNewModal version={config.data?.appVersion} monthlyPrice={monthly?.price} />
    </div>
  );
}
