import { formatMediumDate } from '@gowild/contract/dates';
import { formatDuration, formatLocalTime } from '@gowild/contract/flight-format';
import type { Flight } from '@gowild/contract/flights';
import { GOWILD_FARE_TYPE_LABELS } from '@gowild/contract/gowild-fare';
import { utcToLocalIso } from '@gowild/contract/local-time';
import { formatWholeDollars } from '@gowild/contract/money';
import type { Airport } from '@gowild/contract/reference';
import type { TripPair } from '@gowild/contract/trip-finder';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** "Sat, Apr 4 · 8:00 AM" at the airport's own clock. */
const when = (local: string) => `${formatMediumDate(local.slice(0, 10))} · ${formatLocalTime(local)}`;

/** When the return becomes bookable, on the clock of the airport it leaves from (where its window is counted). */
export function opensLabel(pair: TripPair, airports: ReadonlyMap<string, Airport>): string {
  const tz = airports.get(pair.return.origin)?.timezone;
  const local = tz ? utcToLocalIso(Date.parse(pair.return_opens_at), tz) : pair.return_opens_at.slice(0, 19);
  return `${when(local)} ${tz ? `${pair.return.origin} time` : 'UTC'}`;
}

/**
 * The return's window: 'Return bookable now', 'Return bookable from …', or, when a charged GoWild fare (Early Booking,
 * Peak Day) is already sold before the window, that it is, and when the usual fare opens.
 */
export function returnWindowText(pair: TripPair, airports: ReadonlyMap<string, Airport>): string {
  if (pair.return_open) return 'Return bookable now';
  const opens = opensLabel(pair, airports);
  const type = pair.return.fares.go_wild?.fare_type;
  // A blackout day keeps its Peak Day charge after the window opens: there is no usual fare to wait for.
  if (pair.return_price !== null && type === 'peak_day')
    return `Return on a blackout day: bookable now with a ${GOWILD_FARE_TYPE_LABELS[type]} fare only`;
  if (pair.return_price !== null && type === 'early_booking')
    return `Return bookable now with a ${GOWILD_FARE_TYPE_LABELS[type]} fare; the usual GoWild fare opens ${opens}`;
  return `Return bookable from ${opens}`;
}

/** The stay: '3 nights · 3d 8h there' or, for a day trip, '8h 30m there'. */
export function stayLabel(pair: TripPair): string {
  const days = Math.floor(pair.stay_minutes / (24 * 60));
  const rest = pair.stay_minutes - days * 24 * 60;
  const there = `${days > 0 ? `${days}d ${Math.floor(rest / 60)}h` : formatDuration(rest)} there`;
  return pair.nights === null ? there : `${pair.nights} ${pair.nights === 1 ? 'night' : 'nights'} · ${there}`;
}

function FlightLine({ label, flight, price }: { label: string; flight: Flight; price: number | null }) {
  const type = flight.fares.go_wild?.fare_type;
  return (
    <li className="min-w-0">
      <span className="font-semibold text-slate-900">{label}</span> {when(flight.departure_time)} · {flight.origin} → {flight.destination}{' '}
      {formatLocalTime(flight.arrival_time)} · Flight {flight.flight_number}
      {price !== null ? (
        <span className="text-emerald-800">
          {' '}
          · {GOWILD_FARE_TYPE_LABELS[type ?? 'standard']} {formatWholeDollars(price)}
        </span>
      ) : null}
    </li>
  );
}

/** One pair of a destination (docs/product/trip-finder.md#the-answer): both flights, the stay, the total, the return's window. */
export function PairCard({
  pair,
  airports,
  onAlert,
  calendar,
}: {
  pair: TripPair;
  airports: ReadonlyMap<string, Airport>;
  onAlert: (pair: TripPair) => void;
  /** The calendar file's button for this pair (composed by the page). */
  calendar?: ReactNode;
}) {
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid="trip-pair">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm font-semibold text-slate-900">{stayLabel(pair)}</p>
        <p className="text-sm font-semibold">
          {pair.total_price !== null ? (
            <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-emerald-900">Total {formatWholeDollars(pair.total_price)}</span>
          ) : (
            <span className="text-slate-700">{formatWholeDollars(pair.outbound_price)} out + return fare when it opens</span>
          )}
        </p>
      </div>
      <ul className="mt-1 space-y-0.5 text-xs text-slate-700 break-words">
        <FlightLine label="Out" flight={pair.outbound} price={pair.outbound_price} />
        <FlightLine label="Back" flight={pair.return} price={pair.return_price} />
      </ul>
      <p className="mt-2 text-xs text-slate-700" data-testid="return-opens">
        {returnWindowText(pair, airports)}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {!pair.return_open ? (
          <Button variant="outline" size="sm" onClick={() => onAlert(pair)}>
            Alert me when the return opens
          </Button>
        ) : null}
        {calendar}
      </div>
    </li>
  );
}
