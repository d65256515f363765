import { localToday } from '@gowild/contract/dates';
import { Suspense, lazy, useState } from 'react';
import { useAirports } from '@/api/get-airports';
import { PageHeader } from '@/app/routes/page-header';
import type { AlertTarget } from '@/features/alerts/components/alert-modal';
import { CalendarButton } from '@/features/flight-summary/components/calendar-button';
import { TripFinderView } from '@/features/trip-finder/components/trip-finder-view';

// The alert modal is a chunk of its own, fetched the first time the traveller asks for an alert.
const AlertModal = lazy(() => import('@/features/alerts/components/alert-modal').then((m) => ({ default: m.AlertModal })));

/**
 * /trips: GoWild round trips and day trips in one search (premium; the guard shows free users what it does), composed
 * from the trip finder, the alert modal and the summary's calendar file.
 */
export function TripFinderRoute() {
  const airports = useAirports();
  const [alertTarget, setAlertTarget] = useState<AlertTarget | null>(null);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <PageHeader title="Trip finder" subtitle="Every GoWild way out and back over the dates you choose, best trip first." />
      <TripFinderView
        airports={airports.data}
        airportsLoading={airports.isPending}
        airportsError={airports.error?.message ?? null}
        today={localToday()}
        // A return whose window is not open yet: the window-open alert says, once it opens, whether GoWild is there.
        onAlert={(target) => setAlertTarget({ ...target, kind: 'window_open' })}
        calendarFor={(pair, byCode) => (
          <CalendarButton
            trip={{
              departure: pair.outbound,
              return: pair.return,
              origin: pair.outbound.origin,
              destination: pair.outbound.destination,
              date: pair.outbound.departure_time.slice(0, 10),
            }}
            airports={byCode}
          />
        )}
      />
      <Suspense fallback={null}>{alertTarget ? <AlertModal target={alertTarget} onClosed={() => setAlertTarget(null)} /> : null}</Suspense>
    </div>
  );
}
