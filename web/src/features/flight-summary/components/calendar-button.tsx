import { goWildRouteKind } from '@gowild/contract/gowild-window';
import type { Airport } from '@gowild/contract/reference';
import { buildTripCalendar, tripCalendarFileName } from '@gowild/contract/trip-calendar';
import { Button } from '@/components/ui/button';
import { showToast } from '@/components/ui/toast/toast-store';
import type { SharedTrip } from '../utils/share-data';
import { downloadFile } from '@/lib/download-file';

/** The .ics text of a trip: both flights at local times, and the GoWild-opens reminder for the return. */
export function tripCalendar(trip: SharedTrip, airports: ReadonlyMap<string, Airport>, now: Date = new Date()): string {
  const back = trip.return;
  const from = airports.get(back.origin);
  const to = airports.get(back.destination);
  return buildTripCalendar({
    flights: [trip.departure, back],
    airports: (code) => {
      const a = airports.get(code);
      return a ? { code, name: a.name, city: a.city, timezone: a.timezone } : undefined;
    },
    plannedReturn: from && to ? { flight: back, kind: goWildRouteKind(from.countryCode, to.countryCode) } : undefined,
    now,
  });
}

/** 'Add to Calendar': downloads the trip as an .ics file (docs/product/search.md#calendar-export). */
export function CalendarButton({ trip, airports }: { trip: SharedTrip; airports: ReadonlyMap<string, Airport> }) {
  const download = () => {
    try {
      downloadFile(tripCalendarFileName([trip.departure, trip.return]), tripCalendar(trip, airports), 'text/calendar;charset=utf-8');
    } catch {
      showToast({ type: 'error', title: 'Calendar Export Failed', message: 'Could not create the calendar file. Please try again.' });
    }
  };
  return (
    <Button
      variant="secondary"
      onClick={download}
      data-testid="calendar-export"
      title="Both flights and a reminder for when GoWild opens for your return"
    >
      Add to Calendar
    </Button>
  );
}
