import { addDays, daysBetween, formatMediumDate } from '@gowild/contract/dates';
import { hasGoWild, lowestFare } from '@gowild/contract/flight-format';
import type { Flight } from '@gowild/contract/flights';
import { formatWholeDollars } from '@gowild/contract/money';
import { GRID_LIMITS, type GridCell, type GridResponse, checkedAgoText, ribbonFareText } from '@gowild/contract/observations';

/**
 * How a cell is drawn: GoWild offered (three shades, cheapest third darkest), a fare without GoWild, observed with
 * no flights, only a lowest fare from the airline's week view (decision 243), or never observed.
 */
export type CellKind = 'gowild-1' | 'gowild-2' | 'gowild-3' | 'fare' | 'none' | 'ribbon' | 'unknown';

/** The cell's lowest fare came from the airline's week view (a ribbon), not from an answer of that day. */
const fromRibbon = (cell: GridCell) => cell.lowest_fare !== null && cell.lowest_fare_source === 'ribbon';

/**
 * The grid's first date: pages of GRID_LIMITS.maxDays days from today, the page holding the searched date. Opening a
 * cell of the grid then searches a date on the same page, so the grid stays put under the pointer.
 */
export function gridStart(searchedDate: string, today: string): string {
  const ahead = Math.max(0, daysBetween(today, searchedDate));
  return addDays(today, Math.floor(ahead / GRID_LIMITS.maxDays) * GRID_LIMITS.maxDays);
}

/** The cheapest and dearest GoWild fare of the whole grid, to shade each cell between them. */
export function goWildRange(grid: GridResponse): [number, number] | null {
  const prices = grid.destinations
    .flatMap((d) => d.cells)
    .map((c) => (c.go_wild_offered ? c.lowest_go_wild : null))
    .filter((p): p is number => p !== null);
  return prices.length ? [Math.min(...prices), Math.max(...prices)] : null;
}

/** GoWild cells in three shades by where the fare falls between the grid's cheapest and dearest (cheapest darkest). */
export function cellKind(cell: GridCell, range: [number, number] | null): CellKind {
  if (cell.go_wild_offered === null) return fromRibbon(cell) ? 'ribbon' : 'unknown';
  if (cell.go_wild_offered && cell.lowest_go_wild !== null) {
    const [lo, hi] = range ?? [cell.lowest_go_wild, cell.lowest_go_wild];
    const at = hi === lo ? 0 : (cell.lowest_go_wild - lo) / (hi - lo);
    return at <= 1 / 3 ? 'gowild-1' : at <= 2 / 3 ? 'gowild-2' : 'gowild-3';
  }
  return cell.lowest_fare !== null ? 'fare' : 'none';
}

/**
 * The price shown in the cell: the GoWild fare when offered, else the lowest fare (also when only the airline's week
 * view gave one); '–' or '?' otherwise.
 */
export function cellText(cell: GridCell): string {
  if (cell.go_wild_offered === null) return fromRibbon(cell) ? formatWholeDollars(cell.lowest_fare!) : '?';
  if (cell.go_wild_offered && cell.lowest_go_wild !== null) return formatWholeDollars(cell.lowest_go_wild);
  return cell.lowest_fare !== null ? formatWholeDollars(cell.lowest_fare) : '–';
}

/** The cell's lowest fare in words: a week view's figure says where it comes from and when it was seen. */
function lowestFareFact(cell: GridCell, now: Date): string {
  if (cell.lowest_fare === null) return 'no flights';
  if (fromRibbon(cell) && cell.lowest_fare_seen_at) return ribbonFareText(cell.lowest_fare, cell.lowest_fare_seen_at, now);
  return `lowest fare ${formatWholeDollars(cell.lowest_fare)}`;
}

/** What the cell says to a screen reader and in its tooltip, freshness included. */
export function cellLabel(input: { destination: string; cell: GridCell; blackout: boolean; now: Date }): string {
  const { cell, blackout } = input;
  const head = `${input.destination}, ${formatMediumDate(cell.date)}${blackout ? ', GoWild blackout date' : ''}`;
  if (cell.go_wild_offered === null) {
    if (!fromRibbon(cell)) return `${head}: not checked yet`;
    return `${head}: ${blackout ? '' : 'GoWild not checked, '}${lowestFareFact(cell, input.now)}`;
  }
  const facts: string[] = [];
  if (cell.go_wild_offered && cell.lowest_go_wild !== null) facts.push(`GoWild ${formatWholeDollars(cell.lowest_go_wild)}`);
  else if (!blackout) facts.push('no GoWild');
  facts.push(lowestFareFact(cell, input.now));
  if (cell.seats !== undefined && cell.seats !== null) facts.push(`${cell.seats} GoWild ${cell.seats === 1 ? 'seat' : 'seats'} left`);
  facts.push(checkedAgoText(cell.checked_at, input.now));
  return `${head}: ${facts.join(', ')}`;
}

/** Rows shown before 'Show all': a busy origin has 80 destinations, most never with GoWild. */
export const GRID_ROWS_SHOWN = 12;

/**
 * The rows in the order worth reading: most days with GoWild first, then most days checked, then by code; the
 * searched destination always among the rows shown.
 */
export function orderedRows<T extends GridResponse['destinations'][number]>(rows: readonly T[], all: boolean, keep: string | null): T[] {
  const count = (d: T, f: (c: GridCell) => boolean) => d.cells.filter(f).length;
  const sorted = [...rows].sort(
    (a, b) =>
      count(b, (c) => c.go_wild_offered === true) - count(a, (c) => c.go_wild_offered === true) ||
      count(b, (c) => c.go_wild_offered !== null) - count(a, (c) => c.go_wild_offered !== null) ||
      a.destination.localeCompare(b.destination),
  );
  if (all || sorted.length <= GRID_ROWS_SHOWN) return sorted;
  const shown = sorted.slice(0, GRID_ROWS_SHOWN);
  const kept = keep && !shown.some((d) => d.destination === keep) ? sorted.find((d) => d.destination === keep) : undefined;
  return kept ? [...shown, kept] : shown;
}

/** A search on screen's answer for one destination: its flights and when they were checked. */
export interface SearchedAnswer {
  flights: readonly Flight[];
  checkedAt?: string;
}

/**
 * The grid with the search on screen in it (docs/product/date-grid-and-history.md#date-grid): the searched date's cell
 * of each destination the search answered takes that answer when it is newer than the cell's (or the cell was never
 * checked), so the grid shows the search just run before its observations are written and read back. Answers without
 * a check time, or older than the cell, leave it as it is. The same grid when nothing changes.
 */
export function withSearchAnswers(grid: GridResponse, date: string, answers: ReadonlyMap<string, SearchedAnswer>): GridResponse {
  const at = grid.dates.findIndex((d) => d.date === date);
  if (at < 0 || answers.size === 0) return grid;
  let changed = false;
  const destinations = grid.destinations.map((row) => {
    const answer = answers.get(row.destination);
    const cell = row.cells[at];
    if (!answer?.checkedAt || !cell) return row;
    if (cell.checked_at !== null && Date.parse(cell.checked_at) >= Date.parse(answer.checkedAt)) return row;
    changed = true;
    const cells = [...row.cells];
    cells[at] = cellOfAnswer(cell, answer.flights, answer.checkedAt);
    return { ...row, cells };
  });
  return changed ? { ...grid, destinations } : grid;
}

/** A cell as an answer gives it: GoWild offered, the lowest GoWild and lowest fares, the most GoWild seats. */
function cellOfAnswer(cell: GridCell, flights: readonly Flight[], checkedAt: string): GridCell {
  const goWild = flights.filter(hasGoWild).map((f) => f.fares.go_wild!);
  const fares = flights.map(lowestFare).filter((p): p is number => p !== null);
  const seats = goWild.map((f) => f.available_seats).filter((s): s is number => typeof s === 'number');
  return {
    ...cell,
    go_wild_offered: goWild.length > 0,
    lowest_go_wild: goWild.length > 0 ? Math.min(...goWild.map((f) => f.total)) : null,
    lowest_fare: fares.length > 0 ? Math.min(...fares) : null,
    lowest_fare_source: fares.length > 0 ? 'answer' : null,
    lowest_fare_seen_at: fares.length > 0 ? checkedAt : null,
    ...('seats' in cell ? { seats: seats.length > 0 ? Math.max(...seats) : null } : {}),
    checked_at: checkedAt,
  };
}
