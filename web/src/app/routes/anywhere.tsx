import { localToday } from '@gowild/contract/dates';
import { Suspense, lazy, useCallback } from 'react';
import { useAirports } from '@/api/get-airports';
import { PageHeader } from '@/app/routes/page-header';
import { AnywhereView } from '@/features/anywhere/components/anywhere-view';
import { ExportCsvButton } from '@/features/flight-list/components/export-csv-button';
import { useAuth } from '@/lib/auth/auth-context';

// The flat list is a chunk of its own, fetched the first time the traveller asks for every flight.
const FlightListTable = lazy(() =>
  import('@/features/flight-list/components/flight-list-table').then((m) => ({ default: m.FlightListTable })),
);

/**
 * /anywhere: every destination from an origin over up to 7 days, one way (premium; the guard shows free users what it
 * does), composed from the anywhere search and the flight list (the sortable table and the CSV export).
 */
export function AnywhereRoute() {
  const { isPremium } = useAuth();
  const airports = useAirports();
  const cityOf = useCallback((code: string) => airports.data?.find((a) => a.stationCode === code)?.city ?? code, [airports.data]);
  return (
    <div className="mx-auto max-w-6xl px-3 py-8 sm:px-6 sm:py-10">
      <PageHeader title="Anywhere" subtitle="Every destination from your airport over the next few days, one way, in one search." />
      <AnywhereView
        airports={airports.data}
        airportsLoading={airports.isPending}
        airportsError={airports.error?.message ?? null}
        today={localToday()}
        renderFlightList={({ flights, caption }) => (
          <Suspense fallback={null}>
            <FlightListTable flights={flights} caption={caption} isPremium={isPremium} airportName={cityOf} />
          </Suspense>
        )}
        renderExport={(request) => <ExportCsvButton target={{ path: '/flights/anywhere', query: { ...request } }} />}
      />
    </div>
  );
}
