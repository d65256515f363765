/**
 * The ribbon side of the sweep bench's (d) (decision 243): the pages of the simulated day carry the emulator's 7-day
 * ribbon, every answer goes through the real observation store into the day's database, and at the day's end the real
 * observations service reads the grid and the price history back. The bench counts only what the service and the
 * store's metrics say; the rules (which figure a cell shows, which history point is a ribbon's) are theirs.
 */
import { addDays } from '@gowild/contract/dates';
import type { GridCell } from '@gowild/contract/observations';
import { Registry } from 'prom-client';
import type { Db } from '../src/db/client';
import type { Clock } from '../src/lib/clock';
import { readAirports } from '../src/modules/flights/flights.module';
import { createObservationStore } from '../src/modules/observations/observation-store';
import { observationMetrics } from '../src/modules/observations/observations.metrics';
import { createObservationsRepository } from '../src/modules/observations/observations.repository';
import { createObservationsService } from '../src/modules/observations/observations.service';
import type { Schedule } from '../src/providers/flights/emulator/schedule';
import type { FlightQuery, RouteRibbon } from '../src/providers/flights/flights.provider';

/** Days the page's ribbon shows either side of the searched date. */
const REACH = 3;

/**
 * The ribbon of the emulator's results page for `query` at `now`: each day's lowest Discount Den fare as the emulator
 * reckons it for its page (`lowestDiscountDen`), as the adapter reads a ribbon: a day greyed out (nothing on sale) or
 * with no fare (sold out) gives no figure.
 */
export function emulatorRibbon(schedule: Schedule, query: FlightQuery, now: Date): RouteRibbon[] {
  const days: RouteRibbon['days'] = [];
  for (let i = -REACH; i <= REACH; i++) {
    const date = addDays(query.date, i);
    const day = schedule.lowestDiscountDen(query.origin, query.destination, date, now);
    if (day.sells && day.fare !== null && day.fare > 0) days.push({ date, lowestFare: day.fare });
  }
  return [{ origin: query.origin, destination: query.destination, days }];
}

/** What a day's ribbons gave, as the store's metrics and the service's grid and price history tell it. */
export interface RibbonTally {
  /** `observations_ribbon_figures_total` by result: new, changed, seen_again, late, dropped. */
  figures: Record<string, number>;
  /** The grid's cells over `days` dates from `from`, every origin. */
  cells: {
    total: number;
    /** An answer kept (checked_at) and a lowest fare: the answer's, or a ribbon figure seen after it (`fresherRibbon`). */
    answered: number;
    fresherRibbon: number;
    /** A lowest fare only thanks to a ribbon: no answer kept for that route and date. */
    ribbonOnly: number;
    /** An answer kept but no fare (a day with no flights). */
    answeredNoFare: number;
    empty: number;
  };
  /** The price history of every cell with anything kept: its points by source, and routes and dates with ribbon points only. */
  history: { routeDates: number; answer: number; ribbon: number; ribbonOnly: number };
  /** `observations_ribbon_filled_total` by figure (grid_cell, history_point, good_price), from the reads above. */
  filled: Record<string, number>;
  /** How long the grid and the histories took to read (ms). */
  readMs: number;
}

/** Sums a counter's values by one label. */
async function byLabel(registry: Registry, name: string, label: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const v of (await registry.getSingleMetric(name)?.get())?.values ?? []) {
    const key = String(v.labels[label]);
    out[key] = (out[key] ?? 0) + v.value;
  }
  return out;
}

/** One grid cell into the tally's kinds. */
function kindOf(c: GridCell): keyof Omit<RibbonTally['cells'], 'total'> {
  if (c.checked_at === null) return c.lowest_fare === null ? 'empty' : 'ribbonOnly';
  if (c.lowest_fare === null) return 'answeredNoFare';
  return c.lowest_fare_source === 'ribbon' ? 'fresherRibbon' : 'answered';
}

/**
 * The real observation store on the day's database (with the app's write delay), to hand to the flights engine, and
 * the day's-end tally through the real observations service.
 */
export function observedDay(deps: { db: Db; clock: Clock; destinationsFrom(origin: string): readonly string[]; writeDelayMs: number }) {
  const registry = new Registry();
  const metrics = observationMetrics(registry);
  const repository = createObservationsRepository(deps.db);
  const store = createObservationStore({ repository, metrics, writeDelayMs: deps.writeDelayMs });
  const service = createObservationsService({
    repository,
    clock: deps.clock,
    // Blackout days change no figure counted here.
    reference: { destinationsFrom: deps.destinationsFrom, isBlackout: () => false },
    readAirports,
    demo: () => true,
    metrics,
  });

  /** Each origin's grid (premium) over `days` dates from `from`, and the price history of every cell it shows anything for. */
  async function tally(origins: readonly string[], from: string, days: number): Promise<RibbonTally> {
    const t = performance.now();
    const cells = { total: 0, answered: 0, fresherRibbon: 0, ribbonOnly: 0, answeredNoFare: 0, empty: 0 };
    const history = { routeDates: 0, answer: 0, ribbon: 0, ribbonOnly: 0 };
    for (const origin of origins) {
      const grid = await service.grid({ origin, from, days }, true);
      for (const { destination, cells: row } of grid.destinations) {
        for (const cell of row) {
          const kind = kindOf(cell);
          cells.total++;
          cells[kind]++;
          // A cell showing nothing has no answer and no ribbon figure kept: no history to read.
          if (kind === 'empty') continue;
          const { points } = await service.priceHistory({ origin, destination, date: cell.date });
          const ribbon = points.filter((p) => p.source === 'ribbon').length;
          history.routeDates++;
          history.ribbon += ribbon;
          history.answer += points.length - ribbon;
          if (ribbon > 0 && ribbon === points.length) history.ribbonOnly++;
        }
      }
    }
    return {
      figures: await byLabel(registry, 'observations_ribbon_figures_total', 'result'),
      cells,
      history,
      filled: await byLabel(registry, 'observations_ribbon_filled_total', 'figure'),
      readMs: performance.now() - t,
    };
  }

  return { store, tally };
}
