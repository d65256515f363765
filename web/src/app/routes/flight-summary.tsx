import { lazy, Suspense } from 'react';
import { FlightSummaryView } from '@/features/flight-summary/components/flight-summary-view';
import { useAirports } from '@/api/get-airports';
import { DestinationExtrasPanels, stayFromArrival } from '@/app/destination-extras-panels';
import { WEATHER_MESSAGES } from '@/features/weather/api/get-weather';
import { WeatherForecast } from '@/features/weather/components/weather-forecast';

// The price history is a chunk of its own (docs/product/date-grid-and-history.md#price-history).
const PriceHistoryPanel = lazy(() =>
  import('@/features/price-history/components/price-history-panel').then((m) => ({ default: m.PriceHistoryPanel })),
);

/** `/flight-summary`: the chosen round trip (docs/product/search.md#trip-summary), with the destination's weather for the stay. */
export function FlightSummaryRoute() {
  const airports = useAirports();
  return (
    <div className="mx-auto w-full max-w-6xl px-3 py-6 sm:px-6">
      <title>Flight Summary · GoWild Finder</title>
      <FlightSummaryView
        airports={airports.data}
        airportsFailed={airports.isError}
        renderPriceHistory={(legs) => (
          <Suspense fallback={null}>
            <div className="space-y-3">
              {legs.map((leg) => (
                <PriceHistoryPanel
                  key={`${leg.origin}-${leg.destination}`}
                  route={leg}
                  title={`Price history, ${leg.origin} → ${leg.destination}`}
                />
              ))}
            </div>
          </Suspense>
        )}
        renderDestinationPanels={(code, stay) => (
          <div className="space-y-4">
            <WeatherForecast
              code={code}
              range={{ start: stay.start, end: stay.end }}
              title="Weather during your stay"
              emptyText={WEATHER_MESSAGES.emptyStay}
            />
            <DestinationExtrasPanels code={code} stay={stayFromArrival(stay.arrival, stay.end)} variant="summary" />
          </div>
        )}
      />
    </div>
  );
}
