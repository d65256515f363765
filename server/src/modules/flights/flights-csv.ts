import { exportFileName } from '@gowild/contract/anywhere';
import { isAvailable } from '@gowild/contract/flight-format';
import { type FlightListRow, flightListRow, flightListRows, sortFlightList } from '@gowild/contract/flight-list';
import type { Fare, Flight } from '@gowild/contract/flights';
import type { FastifyReply } from 'fastify';
import { findAirport } from '../../lib/reference-data/airports';

/**
 * A field as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. A field a spreadsheet would
 * run as a formula (=, +, -, @ first) is quoted with a leading apostrophe: an export must never run anything.
 */
function field(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const money = (n: number | null) => (n === null ? null : n.toFixed(2));
const onSale = (fare: Fare | null) => money(isAvailable(fare) ? fare.total : null);

/** The columns of every flights file, in order; seats only for premium callers. */
function headerOf(premium: boolean): string[] {
  return [
    'Origin',
    'Destination',
    'Destination city',
    'Date',
    'Departs (local)',
    'Arrives (local)',
    'Stops',
    'Duration (minutes)',
    'Flight',
    'Fare type',
    'Price (USD)',
    'GoWild (USD)',
    'Standard (USD)',
    'Discount Den (USD)',
    ...(premium ? ['Seats'] : []),
    'Booking link',
  ];
}

/** One flight's cells, in the header's order. */
function cellsOf(r: FlightListRow, premium: boolean): (string | number | null)[] {
  const f = r.flight;
  return [
    r.origin,
    r.destination,
    findAirport(r.destination)?.city ?? '',
    r.date,
    r.departure.slice(0, 16).replace('T', ' '),
    r.arrival.slice(0, 16).replace('T', ' '),
    r.stops,
    r.duration,
    f.flight_number,
    r.fareLabel,
    money(r.price),
    onSale(f.fares.go_wild),
    onSale(f.fares.standard),
    onSale(f.fares.discount_den),
    ...(premium ? [r.seats] : []),
    r.fare ? (f.booking_links[r.fare] ?? null) : null,
  ];
}

const csvText = (lines: readonly (readonly (string | number | null)[])[]) =>
  lines.map((cells) => cells.map(field).join(',')).join('\r\n') + '\r\n';

/**
 * The flights of an answer as CSV (docs/product/anywhere.md#export): a header row, then one flight per row in
 * timetable order (departure, then destination). Prices to the cent, as the airline charges them; times airport-local,
 * as the airline gives them. Seats only for premium callers (a free caller's answer has none to give).
 */
export function flightsCsv(flights: Readonly<Record<string, readonly Flight[]>>, opts: { premium: boolean }): string {
  const rows = sortFlightList(flightListRows(flights), 'departure', 'ascending').map((r) => cellsOf(r, opts.premium));
  return csvText([headerOf(opts.premium), ...rows]);
}

/**
 * Get me home's ways home as CSV (docs/product/get-me-home.md#export): the same columns after a first one, 'Option'
 * (1, 2, … in the answer's order, soonest home first), one row per flight, a self-transfer's two tickets in flying
 * order under the same number.
 */
export function waysHomeCsv(options: readonly { flights: readonly Flight[] }[], opts: { premium: boolean }): string {
  const rows = options.flatMap((o, i) => o.flights.map((f) => [i + 1, ...cellsOf(flightListRow(f), opts.premium)]));
  return csvText([['Option', ...headerOf(opts.premium)], ...rows]);
}

/** Sends CSV as a download named for the search (gowild-DEN-2026-04-02.csv). */
export function sendCsv(reply: FastifyReply, csv: string, name: { origin: string; from: string; to?: string }) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${exportFileName(name.origin, name.from, name.to)}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
