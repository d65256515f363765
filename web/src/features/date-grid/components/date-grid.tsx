import { dayOfMonth, formatMediumDate, formatWeekdayShort } from '@gowild/contract/dates';
import { GRID_LIMITS, type GridResponse, likelihoodText, OBSERVATION_MESSAGES, RIBBON_TEXTS } from '@gowild/contract/observations';
import { Fragment, type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { useAirports } from '@/api/get-airports';
import { Notice } from '@/components/ui/notice';
import { errorMessage } from '@/lib/api-client';
import { DATE_GRID_MESSAGES, useDateGrid } from '../api/get-date-grid';
import {
  type CellKind,
  type SearchedAnswer,
  withSearchAnswers,
  GRID_ROWS_SHOWN,
  cellKind,
  cellLabel,
  cellText,
  goWildRange,
  gridStart,
  orderedRows,
} from '../utils/grid-cells';

export interface DateGridProps {
  /** As searched: an airport, a comma list or CITY:XXX. */
  origin: string;
  /** The traveller's today: the grid shows pages of days from it (see gridStart). */
  today: string;
  days?: number;
  /** The search on screen, outlined in the grid; its date picks the page of days. */
  selected: { destination: string | null; date: string };
  /** A cell was opened (click, Enter or Space): show that day's results for the destination. */
  onOpen: (destination: string, date: string) => void;
  /** 'Orlando, FL (MCO)'; by default from the airports list. */
  airportName?: (code: string) => string;
  /** The clock freshness is told against (tests pin it). */
  now?: Date;
  /** The search on screen's answers for `selected.date`, by destination: shown until the grid's own are newer. */
  answers?: ReadonlyMap<string, SearchedAnswer>;
}

const KIND_CLASSES: Record<CellKind, string> = {
  'gowild-1': 'bg-brand-700 text-white font-semibold',
  'gowild-2': 'bg-brand-500 text-white font-semibold',
  'gowild-3': 'bg-brand-200 text-brand-900 font-semibold',
  fare: 'bg-slate-100 text-slate-700',
  none: 'bg-white text-slate-500',
  // A fare only the airline's week view gave: grey like a fare, in italics and dotted, so it never reads as checked.
  ribbon: 'bg-slate-50 text-slate-600 italic border border-dotted border-slate-400',
  unknown: 'bg-white text-slate-500',
};

// Blackout days are hatched, so they read as "no GoWild" without relying on colour alone (the header says it too).
const BLACKOUT_STYLE = { backgroundImage: 'repeating-linear-gradient(135deg, transparent 0 6px, rgb(251 191 36 / 0.35) 6px 8px)' };

/** Whether any cell's lowest fare comes from the airline's week view (then the note says what that is). */
const hasRibbonFigures = (grid: GridResponse) => grid.destinations.some((d) => d.cells.some((c) => c.lowest_fare_source === 'ribbon'));

const KEYS_MOVE: Record<string, [number, number]> = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };

/**
 * The destination × date heat map (docs/product/date-grid-and-history.md#date-grid): every destination from the origin over
 * the coming days, from what the service already checked. One cell is in the tab order; arrow keys, Home and End
 * move between cells, Enter or Space opens the day's results.
 */
export function DateGrid({ origin, today, days = GRID_LIMITS.maxDays, selected, onOpen, airportName, now, answers }: DateGridProps) {
  const from = gridStart(selected.date, today);
  const grid = useDateGrid({ origin, from, days });
  // The search just run is in the grid at once, not once its observations have been written and read back.
  const data = useMemo(
    () => (grid.data && answers ? withSearchAnswers(grid.data, selected.date, answers) : grid.data),
    [grid.data, answers, selected.date],
  );
  const airports = useAirports();
  const byCode = useMemo(() => new Map((airports.data ?? []).map((a) => [a.stationCode, a.cityAndCode])), [airports.data]);
  const nameOf = airportName ?? ((code: string) => byCode.get(code) ?? code);
  return (
    <section
      aria-labelledby="date-grid-title"
      className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
      data-testid="date-grid"
      aria-busy={grid.isPending}
    >
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id="date-grid-title" className="text-base font-bold text-slate-900">
          The next {days} days at a glance
        </h2>
        {grid.data?.demo ? (
          <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900" title={OBSERVATION_MESSAGES.demoData}>
            Demo data
          </span>
        ) : null}
      </div>
      <p className="mb-3 text-xs text-slate-600">
        GoWild fares (green, darker is cheaper) and lowest fares from what we last checked; hover or focus a day to see how fresh it is.
        Open a day to see its flights.
        {data && hasRibbonFigures(data) ? <span data-testid="grid-ribbon-note"> {RIBBON_TEXTS.about}</span> : null}
      </p>
      {grid.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Loading the date grid…
        </p>
      ) : grid.isError ? (
        <Notice tone="warning" role="status">
          {errorMessage(grid.error, DATE_GRID_MESSAGES.failed)}
        </Notice>
      ) : !data || data.destinations.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing checked from here for these dates yet.</p>
      ) : (
        <GridTable grid={data} selected={selected} onOpen={onOpen} airportName={nameOf} now={now ?? new Date()} />
      )}
    </section>
  );
}

/**
 * 'Orlando, FL (MCO)', whole: in the narrow sticky column of a phone the place wraps onto more lines rather than
 * being cut ('Cabo Sa… (SJD)' named no place a traveller knows), breaking only between words (and after a '/', as in
 * 'Bentonville/Fayetteville'); the code stays on one line with its brackets.
 */
function RowName({ name, code }: { name: string; code: string }) {
  const suffix = ` (${code})`;
  const place = name.endsWith(suffix) ? name.slice(0, -suffix.length) : name === code ? '' : name;
  const parts = place.split('/');
  return (
    <span className="block leading-tight font-semibold break-words text-slate-900" data-testid="grid-row-name">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? (
            <>
              /<wbr />
            </>
          ) : null}
          {part}
        </Fragment>
      ))}
      {place ? ' ' : null}
      <span className="whitespace-nowrap">{place ? `(${code})` : code}</span>
    </span>
  );
}

interface GridTableProps {
  grid: GridResponse;
  selected: DateGridProps['selected'];
  onOpen: DateGridProps['onOpen'];
  airportName: (code: string) => string;
  now: Date;
}

function GridTable({ grid, selected, onOpen, airportName, now }: GridTableProps) {
  const tableRef = useRef<HTMLTableElement>(null);
  const [showAll, setShowAll] = useState(false);
  const destinations = orderedRows(grid.destinations, showAll, selected.destination);
  const rows = destinations.length;
  const cols = grid.dates.length;
  const selectedRow = destinations.findIndex((d) => d.destination === selected.destination);
  const selectedCol = grid.dates.findIndex((d) => d.date === selected.date);
  const [active, setActive] = useState<[number, number]>([Math.max(0, selectedRow), Math.max(0, selectedCol)]);
  const [row, col] = [Math.min(active[0], rows - 1), Math.min(active[1], cols - 1)];
  const range = goWildRange(grid);

  const moveTo = (r: number, c: number) => {
    const next: [number, number] = [Math.max(0, Math.min(rows - 1, r)), Math.max(0, Math.min(cols - 1, c))];
    setActive(next);
    tableRef.current?.querySelector<HTMLElement>(`[data-cell="${next[0]}-${next[1]}"]`)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const move = KEYS_MOVE[e.key];
    if (move) moveTo(row + move[0], col + move[1]);
    else if (e.key === 'Home') moveTo(e.ctrlKey ? 0 : row, 0);
    else if (e.key === 'End') moveTo(e.ctrlKey ? rows - 1 : row, cols - 1);
    else if (e.key === 'Enter' || e.key === ' ') onOpen(destinations[row]!.destination, grid.dates[col]!.date);
    else return;
    e.preventDefault();
  };

  return (
    // The grid scrolls sideways inside its box on a narrow screen; the page itself never does.
    <div className="-mx-3 overflow-x-auto overscroll-x-contain sm:mx-0" data-testid="date-grid-scroll">
      <table
        ref={tableRef}
        role="grid"
        aria-labelledby="date-grid-title"
        className="border-separate border-spacing-0.5 text-xs"
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            <th scope="col" className="sticky left-0 z-10 bg-white px-2 text-left font-semibold text-slate-700">
              Destination
            </th>
            {grid.dates.map((d, c) => (
              <th
                key={d.date}
                scope="col"
                aria-label={`${formatMediumDate(d.date)}${d.blackout ? ', GoWild blackout date' : ''}`}
                className={`min-w-[3.25rem] px-1 py-1 text-center font-medium ${c === selectedCol ? 'rounded bg-brand-50 text-brand-900' : 'text-slate-600'}`}
                style={d.blackout ? BLACKOUT_STYLE : undefined}
              >
                <span className="block">{formatWeekdayShort(d.date)}</span>
                <span className="block text-sm font-semibold text-slate-900">{dayOfMonth(d.date)}</span>
                {d.blackout ? <span className="block text-[10px] font-semibold text-amber-800 uppercase">Blackout</span> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {destinations.map((dest, r) => (
            <tr key={dest.destination}>
              <th
                scope="row"
                className="sticky left-0 z-10 w-28 max-w-28 bg-white px-2 py-1 text-left align-middle font-normal sm:w-52 sm:max-w-52"
              >
                <RowName name={airportName(dest.destination)} code={dest.destination} />
                <span className="block text-[11px] leading-tight text-slate-600" data-testid="grid-likelihood">
                  {likelihoodText(dest.likelihood)}
                </span>
              </th>
              {dest.cells.map((cell, c) => {
                const blackout = grid.dates[c]?.blackout ?? false;
                const label = cellLabel({ destination: airportName(dest.destination), cell, blackout, now });
                const isSelected = r === selectedRow && c === selectedCol;
                const kind = cellKind(cell, range);
                return (
                  <td
                    key={cell.date}
                    role="gridcell"
                    data-cell={`${r}-${c}`}
                    data-destination={dest.destination}
                    data-date={cell.date}
                    data-kind={kind}
                    tabIndex={r === row && c === col ? 0 : -1}
                    aria-label={label}
                    aria-selected={isSelected}
                    title={label}
                    onClick={() => {
                      setActive([r, c]);
                      onOpen(dest.destination, cell.date);
                    }}
                    className={`h-10 min-w-[3.25rem] cursor-pointer rounded text-center tabular-nums hover:ring-2 hover:ring-brand-300 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 ${KIND_CLASSES[kind]} ${isSelected ? 'ring-2 ring-slate-900' : ''} ${kind === 'unknown' ? 'border border-dashed border-slate-300' : ''}`}
                    style={blackout ? BLACKOUT_STYLE : undefined}
                  >
                    {cellText(cell)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {grid.destinations.length > GRID_ROWS_SHOWN ? (
        <button
          type="button"
          onClick={() => setShowAll((x) => !x)}
          aria-expanded={showAll}
          className="sticky left-0 mt-2 ml-3 text-sm font-semibold text-brand-700 underline underline-offset-2 sm:ml-0"
        >
          {showAll ? 'Show fewer destinations' : `Show all ${grid.destinations.length} destinations`}
        </button>
      ) : null}
    </div>
  );
}
