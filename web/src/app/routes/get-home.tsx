import { localToday } from '@gowild/contract/dates';
import { useAirports } from '@/api/get-airports';
import { PageHeader } from '@/app/routes/page-header';
import { ExportCsvButton } from '@/features/flight-list/components/export-csv-button';
import { GetHomeView } from '@/features/get-home/components/get-home-view';
import { locateUser } from '@/features/location/hooks/use-user-location';

/** /get-home: the soonest ways home today and tomorrow (premium; the guard shows free users what it does). */
export function GetHomeRoute() {
  const airports = useAirports();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <PageHeader title="Get me home" subtitle="Stranded? Every way home today and tomorrow, from the airports within your drive." />
      <GetHomeView
        airports={airports.data}
        airportsLoading={airports.isPending}
        today={localToday()}
        locate={() => locateUser()}
        renderExport={(query) => <ExportCsvButton target={{ path: '/flights/home', query }} />}
      />
    </div>
  );
}
