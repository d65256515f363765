import { CONNECTION_MESSAGES, type ConnectionLeg, type Itinerary, flightOpensText } from '@gowild/contract/connections';
import { formatDuration, formatLocalTime } from '@gowild/contract/flight-format';
import { GOWILD_FARE_TYPE_LABELS } from '@gowild/contract/gowild-fare';
import { formatDollars } from '@gowild/contract/money';
import type { Airport } from '@gowild/contract/reference';
import { buildTripCalendar, tripCalendarFileName } from '@gowild/contract/trip-calendar';
import { type ReactNode, useState } from 'react';
import { downloadFile } from '@/lib/download-file';

/** The whole chain as an .ics file: one event per flight, each saying the flights are separate bookings. */
export function itineraryCalendar(it: Itinerary, airports: ReadonlyMap<string, Airport>, now: Date = new Date()): string {
  return buildTripCalendar({
    flights: it.legs.map((l) => l.flight),
    airports: (code) => {
      const a = airports.get(code);
      return a ? { code, name: a.name, city: a.city, timezone: a.timezone } : undefined;
    },
    separateTickets: it.legs.length > 1,
    now,
  });
}

/** '12 min ago' / '3 h ago' for when a flight's answer was read. */
function ago(iso: string, now: Date): string {
  const minutes = Math.max(0, Math.round((now.getTime() - Date.parse(iso)) / 60_000));
  return minutes < 60 ? `${minutes} min ago` : `${Math.round(minutes / 60)} h ago`;
}

function Leg({ leg, n, cityOf, now }: { leg: ConnectionLeg; n: number; cityOf: (code: string) => string; now: Date }) {
  const f = leg.flight;
  const link = f.booking_links.go_wild;
  const opens = flightOpensText(leg, now);
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-3" data-testid="itinerary-leg">
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Flight {n} · its own booking</p>
      <p className="mt-1 font-semibold text-slate-900">
        {f.origin} {formatLocalTime(f.departure_time)} → {f.destination} {formatLocalTime(f.arrival_time)}
      </p>
      <p className="text-sm text-slate-600">
        {cityOf(f.origin)} → {cityOf(f.destination)} · {f.departure_time.slice(0, 10)} · Frontier {f.flight_number} ·{' '}
        {formatDuration(f.duration)}
      </p>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-semibold text-brand-800" data-testid="leg-fare">
          {GOWILD_FARE_TYPE_LABELS[leg.fare_kind ?? 'standard']} {formatDollars(f.fares.go_wild?.total ?? 0)}
          {f.fares.go_wild?.available_seats != null ? (
            <span className="ml-1 font-normal text-slate-600">· {f.fares.go_wild.available_seats} seats</span>
          ) : null}
        </span>
        {link ? (
          <a href={link} target="_blank" rel="noopener noreferrer" className="text-sm font-medium text-brand-700 underline">
            Book this flight
          </a>
        ) : null}
      </div>
      <p className="mt-1 text-xs text-slate-600">
        {leg.confirmed ? 'Checked live just now' : `Seen ${ago(leg.checked_at, now)}`}
        {opens ? <span className="ml-1 font-medium text-amber-900"> · {opens}</span> : null}
      </p>
    </div>
  );
}

/** One itinerary: its flights, each wait between them, the self-transfer notice, the calendar and the share link. */
export function ItineraryCard({
  itinerary: it,
  cityOf,
  airports,
  shareUrl,
  highlighted = false,
  now = new Date(),
  actions,
  map,
}: {
  itinerary: Itinerary;
  cityOf: (code: string) => string;
  airports: ReadonlyMap<string, Airport>;
  /** The page's address with this itinerary picked: it finds the same flights again whatever their fares do. */
  shareUrl: string;
  highlighted?: boolean;
  now?: Date;
  /** More actions beside the calendar and the share link (the page adds the chain alert). */
  actions?: ReactNode;
  /** The itinerary's flights on a small map (the page draws it with the route map's code): beside the flights, above them on a phone. */
  map?: ReactNode;
}) {
  const [copied, setCopied] = useState(false);
  const path = [it.origin, ...it.legs.map((l) => l.flight.destination)];
  const share = async () => {
    try {
      await navigator.clipboard.writeText(shareUrl);
      setCopied(true);
    } catch {
      window.prompt('Copy this link', shareUrl);
    }
  };
  return (
    <li
      className={`rounded-xl border bg-white p-4 shadow-sm ${highlighted ? 'border-brand-500 ring-2 ring-brand-200' : 'border-slate-200'}`}
      data-testid="itinerary"
      data-status={it.status}
      data-itinerary-id={it.id}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-bold break-words text-slate-900">
          {path.map((code, i) => (
            <span key={`${code}-${i}`}>
              {i > 0 ? ' → ' : ''}
              <span className={i > 0 && i < path.length - 1 ? 'text-brand-700' : ''}>{code}</span>
            </span>
          ))}
          <span className="ml-2 text-sm font-normal text-slate-600">{cityOf(it.destination)}</span>
        </h3>
        <p className="text-lg font-bold text-slate-900" data-testid="itinerary-total">
          {formatDollars(it.total_price)}{' '}
          <span className="text-sm font-normal text-slate-600">
            GoWild, {it.legs.length} booking{it.legs.length === 1 ? '' : 's'}
          </span>
        </p>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        Leaves {formatLocalTime(it.departure_time)}, arrives {formatLocalTime(it.arrival_time)}
        {it.arrival_time.slice(0, 10) > it.departure_time.slice(0, 10) ? ' (+1 day)' : ''} · {formatDuration(it.total_minutes)} in all
        {it.seats !== null ? ` · ${it.seats} seats at least` : ''}
        <span
          className={`ml-2 rounded px-1.5 py-0.5 text-xs font-medium ${it.status === 'confirmed' ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-100 text-slate-700'}`}
          data-testid="itinerary-status"
        >
          {it.status === 'confirmed' ? 'Confirmed live' : 'From recent searches'}
        </span>
      </p>
      <div className={map ? 'mt-3 grid gap-3 md:grid-cols-[minmax(0,1fr)_18rem] md:items-start' : 'mt-3'}>
        {map ? (
          <div className="md:order-last" data-testid="itinerary-map-slot">
            {map}
          </div>
        ) : null}
        <div className="space-y-2">
          {it.legs.map((leg, i) => (
            <div key={leg.flight.flightHash}>
              {i > 0 ? (
                <div className="my-2 px-3 text-sm" data-testid="itinerary-stop">
                  <span className="font-semibold text-slate-800">
                    {formatDuration(it.stops[i - 1]!.minutes)} at {it.stops[i - 1]!.airport}: self-transfer
                  </span>
                  {it.stops[i - 1]!.overnight ? (
                    <span className="mt-1 block rounded bg-indigo-50 px-2 py-1 text-xs text-indigo-900" data-testid="itinerary-overnight">
                      <span className="font-semibold">Overnight.</span> {it.stops[i - 1]!.overnight_cost?.text}
                    </span>
                  ) : null}
                </div>
              ) : null}
              <Leg leg={leg} n={i + 1} cityOf={cityOf} now={now} />
            </div>
          ))}
        </div>
      </div>
      {it.legs.length > 1 ? (
        <p className="mt-3 text-xs text-amber-900" data-testid="itinerary-notice">
          {CONNECTION_MESSAGES.selfTransfer}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-4">
        <button
          type="button"
          className="text-sm font-medium text-brand-700 underline"
          onClick={() =>
            downloadFile(tripCalendarFileName(it.legs.map((l) => l.flight)), itineraryCalendar(it, airports), 'text/calendar;charset=utf-8')
          }
        >
          Add to Calendar
        </button>
        <button
          type="button"
          className="text-sm font-medium text-brand-700 underline"
          onClick={() => void share()}
          data-testid="itinerary-share"
        >
          {copied ? 'Link copied' : 'Share link'}
        </button>
        {actions}
      </div>
    </li>
  );
}
