import { formatMediumDate } from '@gowild/contract/dates';
import { arrivesNextDay, formatDuration, formatLocalTime, formatStops } from '@gowild/contract/flight-format';
import {
  FLIGHT_LIST_COLUMNS,
  FLIGHT_LIST_LABELS,
  type FlightListColumn,
  type FlightListRow,
  type SortDirection,
  flightListRow,
  sortFlightList,
} from '@gowild/contract/flight-list';
import type { Flight } from '@gowild/contract/flights';
import { formatWholeDollars } from '@gowild/contract/money';
import { useMemo, useState } from 'react';

export interface FlightListTableProps {
  flights: readonly Flight[];
  isPremium: boolean;
  /** The table's caption: what the list is of ('Every flight from Denver, Thu, Apr 2'). */
  caption: string;
  /** A destination's city name, shown under its code. */
  airportName?: (code: string) => string;
}

/** Columns that read best highest first the first time they are chosen (more seats, the latest). */
const FIRST_DIRECTION: Partial<Record<FlightListColumn, SortDirection>> = { seats: 'descending' };

const CELL = 'px-2 py-1.5 text-left align-top whitespace-nowrap sm:px-3';

function cell(row: FlightListRow, column: FlightListColumn, airportName?: (code: string) => string) {
  switch (column) {
    case 'destination': {
      const name = airportName?.(row.destination);
      return (
        <>
          <span className="font-semibold">{row.destination}</span>
          {name && name !== row.destination ? <span className="block max-w-32 truncate text-xs text-slate-600">{name}</span> : null}
        </>
      );
    }
    case 'date':
      return formatMediumDate(row.date);
    case 'departure':
      return formatLocalTime(row.departure);
    case 'arrival':
      return (
        <>
          {formatLocalTime(row.arrival)}
          {arrivesNextDay(row.flight) ? (
            <sup className="ml-0.5 text-[10px] text-amber-800" aria-label="next day">
              +1
            </sup>
          ) : null}
        </>
      );
    case 'stops':
      return formatStops(row.stops);
    case 'duration':
      return formatDuration(row.duration);
    case 'fare':
      return row.fareLabel ? (
        <span className={row.fare === 'go_wild' ? 'font-medium text-brand-800' : ''}>{row.fareLabel}</span>
      ) : (
        'Not on sale'
      );
    case 'price':
      return row.price === null ? '—' : <span className="font-semibold">{formatWholeDollars(row.price)}</span>;
    case 'seats':
      return row.seats === null ? (row.price === null ? '—' : 'Available') : row.seats;
  }
}

/**
 * Every flight of an answer in one table (docs/product/anywhere.md#the-flat-list): a real table, each column's
 * header a button that sorts by it (again: the other way), `aria-sort` on the sorted column and a polite status line
 * saying the order. Seats only for premium travellers. At 375 px the table scrolls sideways in its own region (the
 * keyboard can reach it), the destination column staying in view.
 */
export function FlightListTable({ flights, isPremium, caption, airportName }: FlightListTableProps) {
  const [sort, setSort] = useState<{ column: FlightListColumn; direction: SortDirection }>({ column: 'departure', direction: 'ascending' });
  const columns = FLIGHT_LIST_COLUMNS.filter((c) => c !== 'seats' || isPremium);
  const rows = useMemo(() => sortFlightList(flights.map(flightListRow), sort.column, sort.direction), [flights, sort]);
  const sortBy = (column: FlightListColumn) =>
    setSort((s) =>
      s.column === column
        ? { column, direction: s.direction === 'ascending' ? 'descending' : 'ascending' }
        : { column, direction: FIRST_DIRECTION[column] ?? 'ascending' },
    );

  return (
    <div className="space-y-1" data-testid="flight-list">
      {/* The caption read on screen, outside the scrolling region so a phone never cuts it; the table's own is for screen readers. */}
      <p className="text-sm font-semibold text-slate-800" aria-hidden="true">
        {caption} <span className="font-normal text-slate-600">({rows.length})</span>
      </p>
      <p className="sr-only" role="status" aria-live="polite">
        {`Sorted by ${FLIGHT_LIST_LABELS[sort.column]}, ${sort.direction}`}
      </p>
      <div
        className="max-h-[70vh] overflow-auto rounded-lg border border-slate-200 bg-white"
        role="region"
        aria-label={`${caption} (scrollable)`}
        tabIndex={0}
      >
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">
            {caption} ({rows.length})
          </caption>
          <thead className="sticky top-0 z-10 bg-slate-50">
            <tr>
              {columns.map((c, i) => {
                const sorted = sort.column === c;
                return (
                  <th
                    key={c}
                    scope="col"
                    aria-sort={sorted ? sort.direction : undefined}
                    className={`border-b border-slate-200 p-0 text-left font-semibold text-slate-700 ${i === 0 ? 'sticky left-0 z-20 bg-slate-50 shadow-[1px_0_0_#e2e8f0]' : ''}`}
                  >
                    <button
                      type="button"
                      onClick={() => sortBy(c)}
                      className="flex w-full items-center gap-1 px-2 py-2 text-left whitespace-nowrap hover:bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700 sm:px-3"
                      data-testid={`sort-${c}`}
                    >
                      {FLIGHT_LIST_LABELS[c]}
                      <span aria-hidden="true" className={sorted ? 'text-brand-800' : 'text-slate-400'}>
                        {sorted ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.flight.flightHash}-${row.origin}`} className="border-b border-slate-100 last:border-0">
                {columns.map((c, i) =>
                  i === 0 ? (
                    <th key={c} scope="row" className={`${CELL} sticky left-0 z-[1] bg-white font-normal shadow-[1px_0_0_#e2e8f0]`}>
                      {cell(row, c, airportName)}
                    </th>
                  ) : (
                    <td key={c} className={CELL} data-column={c}>
                      {cell(row, c, airportName)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
