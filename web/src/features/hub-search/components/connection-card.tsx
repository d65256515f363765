import { formatDollars } from '@gowild/contract/money';
import { formatDuration, formatLocalTime, formatStops } from '@gowild/contract/flight-format';
import type { Flight } from '@gowild/contract/flights';
import { HUB_MESSAGES, type HubConnection, secondFlightOpensText } from '@gowild/contract/hub-search';
import type { Airport } from '@gowild/contract/reference';
import { buildTripCalendar, tripCalendarFileName } from '@gowild/contract/trip-calendar';
import { downloadFile } from '@/lib/download-file';

function Leg({ label, flight, cityOf, opens }: { label: string; flight: Flight; cityOf: (code: string) => string; opens?: string }) {
  const link = flight.booking_links.go_wild;
  return (
    <div className="min-w-0 flex-1 rounded-lg border border-slate-200 bg-slate-50 p-3" data-testid="hub-leg">
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</p>
      <p className="mt-1 font-semibold text-slate-900">
        {flight.origin} {formatLocalTime(flight.departure_time)} → {flight.destination} {formatLocalTime(flight.arrival_time)}
      </p>
      <p className="text-sm text-slate-600">
        {cityOf(flight.origin)} → {cityOf(flight.destination)} · {flight.departure_time.slice(0, 10)} · Frontier {flight.flight_number} ·{' '}
        {formatStops(flight.stops)} · {formatDuration(flight.duration)}
      </p>
      <div className="mt-2 flex items-center justify-between gap-2">
        <span className="text-sm font-semibold text-brand-800">GoWild {formatDollars(flight.fares.go_wild?.total ?? 0)}</span>
        {link ? (
          <a href={link} target="_blank" rel="noopener noreferrer" className="text-sm font-medium text-brand-700 underline">
            Book this ticket
          </a>
        ) : null}
      </div>
      {opens ? (
        <p className="mt-1 text-xs font-medium text-amber-900" data-testid="hub-second-opens">
          {opens}
        </p>
      ) : null}
    </div>
  );
}

/** The two tickets as an .ics file, each event saying they are separate tickets (docs/product/search.md#via-a-hub). */
export function connectionCalendar(c: HubConnection, airports: ReadonlyMap<string, Airport>, now: Date = new Date()): string {
  return buildTripCalendar({
    flights: [c.first, c.second],
    airports: (code) => {
      const a = airports.get(code);
      return a ? { code, name: a.name, city: a.city, timezone: a.timezone } : undefined;
    },
    separateTickets: true,
    now,
  });
}

function download(c: HubConnection, airports: ReadonlyMap<string, Airport>) {
  downloadFile(tripCalendarFileName([c.first, c.second]), connectionCalendar(c, airports), 'text/calendar;charset=utf-8');
}

/** One two-ticket trip: both flights, the layover at the hub, and the separate-ticket risk. */
export function ConnectionCard({
  connection: c,
  cityOf,
  airports,
  now = new Date(),
}: {
  connection: HubConnection;
  cityOf: (code: string) => string;
  airports: ReadonlyMap<string, Airport>;
  /** When the card is drawn: the second ticket's opening is shown only before it (tests pass their own). */
  now?: Date;
}) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="hub-connection">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-bold text-slate-900">
          {c.first.origin} → <span className="text-brand-700">{c.hub}</span> → {c.destination}
          <span className="ml-2 text-sm font-normal text-slate-600">{cityOf(c.destination)}</span>
        </h3>
        <p className="text-lg font-bold text-slate-900" data-testid="hub-total">
          {formatDollars(c.total_go_wild)} <span className="text-sm font-normal text-slate-600">GoWild, 2 tickets</span>
        </p>
      </div>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-stretch">
        <Leg label="Ticket 1" flight={c.first} cityOf={cityOf} />
        <div className="flex flex-col items-center justify-center px-2 text-center text-sm" data-testid="hub-layover">
          <span className="font-semibold text-slate-800">
            {formatDuration(c.layover_minutes)} at {c.hub}
          </span>
          {c.overnight ? (
            <span className="mt-1 rounded bg-indigo-100 px-1.5 py-0.5 text-xs font-medium text-indigo-900">Overnight</span>
          ) : null}
        </div>
        <Leg label="Ticket 2" flight={c.second} cityOf={cityOf} opens={secondFlightOpensText(c, now)} />
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-amber-900">
          <span className="font-semibold">Separate tickets.</span> {c.overnight ? HUB_MESSAGES.overnight : null} If ticket 1 is late, ticket
          2 will not wait.
        </p>
        <button type="button" className="text-sm font-medium text-brand-700 underline" onClick={() => download(c, airports)}>
          Add to Calendar
        </button>
      </div>
    </li>
  );
}
