import { localToday } from '@gowild/contract/dates';
import { useAirports } from '@/api/get-airports';
import { PageHeader } from '@/app/routes/page-header';
import { HubSearchView } from '@/features/hub-search/components/hub-search-view';
import { useAuth } from '@/lib/auth/auth-context';

/** /hub-search: two-flight GoWild trips through a hub (premium; free users see what it does and the upgrade). */
export function HubSearchRoute() {
  const { isPremium } = useAuth();
  const airports = useAirports();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <PageHeader
        title="Search via a Hub"
        subtitle="Connections the airline does not sell: two GoWild flights, a safe layover, two tickets."
      />
      <HubSearchView airports={airports.data} airportsLoading={airports.isPending} isPremium={isPremium} today={localToday()} />
    </div>
  );
}
