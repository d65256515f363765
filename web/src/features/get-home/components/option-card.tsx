import { formatMiles } from '@gowild/contract/distance';
import { formatDuration, formatLocalTime, formatStops } from '@gowild/contract/flight-format';
import type { GetHomeOption } from '@gowild/contract/get-home';
import { formatWholeDollars } from '@gowild/contract/money';

const KIND_LABELS: Record<GetHomeOption['kind'], string> = {
  nonstop: 'Nonstop',
  connecting: 'Airline connection',
  self_transfer: 'Self-transfer',
};

/** One way home (docs/product/get-me-home.md#the-answer): when it leaves and lands, from where, the drive, the price. */
export function OptionCard({
  option,
  dayLabel,
  cityOf,
}: {
  option: GetHomeOption;
  dayLabel: (date: string) => string;
  cityOf: (code: string) => string;
}) {
  const first = option.flights[0]!;
  const last = option.flights.at(-1)!;
  const lands = `${dayLabel(option.arrival_time.slice(0, 10))} ${formatLocalTime(option.arrival_time)}`;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" data-testid="home-option" data-kind={option.kind}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-lg font-bold text-slate-900">
          Home {lands} <span className="text-sm font-medium text-slate-600">at {last.destination}</span>
        </p>
        <p className="text-sm font-semibold">
          {option.total_go_wild !== null ? (
            <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-emerald-900">GoWild {formatWholeDollars(option.total_go_wild)}</span>
          ) : option.total_lowest !== null ? (
            <span className="text-slate-700">From {formatWholeDollars(option.total_lowest)}</span>
          ) : null}
        </p>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-800">
          {KIND_LABELS[option.kind]}
          {option.hub ? ` via ${option.hub}` : ''}
        </span>
        Leaves {option.from} {dayLabel(first.departure_time.slice(0, 10))} {formatLocalTime(first.departure_time)}
        {option.drive_miles > 0 ? ` · ${formatMiles(option.drive_miles)} drive to ${cityOf(option.from)}` : ''}
      </p>
      <ol className="mt-2 space-y-0.5 text-xs text-slate-600">
        {option.flights.map((f) => (
          <li key={f.flightHash}>
            {f.origin} {formatLocalTime(f.departure_time)} → {f.destination} {formatLocalTime(f.arrival_time)} · Flight {f.flight_number} ·{' '}
            {formatDuration(f.duration)} · {formatStops(f.stops)}
          </li>
        ))}
      </ol>
      {option.layover_minutes !== null ? (
        <p className="mt-1 text-xs text-amber-900">
          {formatDuration(option.layover_minutes)} at {option.hub}: two tickets, collect bags and check in again.
        </p>
      ) : null}
    </li>
  );
}
