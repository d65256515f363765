import { formatWholeDollars } from '@gowild/contract/money';
import { useId } from 'react';
import { FILTER_LIMITS, type FareFilter, type FlightFilters, type StopsFilter, updateFilters } from '../utils/filters';
import { formatMinutesOfDay } from '@gowild/contract/flight-format';
import { FLIGHT_SORT_KEYS, FLIGHT_SORT_LABELS, isFlightSortKey } from '@gowild/contract/flight-sort';

export interface FlightFiltersPanelProps {
  filters: FlightFilters;
  onChange: (next: FlightFilters) => void;
  /** The price slider's top (highest fare rounded up to 50). */
  ceiling: number;
  onReset: () => void;
  /** On small screens the panel folds away behind a Filters button; from 640 px it is always open. */
  openOnSmall?: boolean;
}

const STOPS: { value: StopsFilter; label: string }[] = [
  { value: 'any', label: 'Any' },
  { value: 'nonstop', label: 'Nonstop' },
  { value: 'one_stop', label: '1 stop max' },
];

const FARES: { value: FareFilter; label: string }[] = [
  { value: 'any', label: 'Any fare' },
  { value: 'gowild', label: 'GoWild only' },
  { value: 'usual_gowild', label: 'Usual GoWild fare only' },
];

/** A row of toggle chips, one pressed. */
function Chips<T extends string>({ options, value, onPick }: { options: { value: T; label: string }[]; value: T; onPick: (v: T) => void }) {
  return (
    <div className="flex flex-wrap gap-1">
      {options.map((s) => (
        <button
          key={s.value}
          type="button"
          aria-pressed={value === s.value}
          onClick={() => onPick(s.value)}
          className={`rounded-full border px-2.5 py-1 text-xs font-medium ${
            value === s.value
              ? 'border-brand-700 bg-brand-700 text-white'
              : 'border-slate-300 bg-white text-slate-800 hover:border-brand-500'
          }`}
        >
          {s.label}
        </button>
      ))}
    </div>
  );
}

/**
 * The filters of docs/product/search.md#filters: stops, fares (GoWild only, the usual GoWild fare only), max duration
 * (1–24 h by 0.5), max price (by 50), departure window and landing time (by 30 min), and the order.
 */
export function FlightFiltersPanel({ filters, onChange, ceiling, onReset, openOnSmall = true }: FlightFiltersPanelProps) {
  const ids = { stops: useId(), early: useId(), late: useId(), sort: useId() };
  const set = (patch: Partial<FlightFilters>) => onChange(updateFilters(filters, patch, ceiling));
  const L = FILTER_LIMITS;
  const rangeCls = 'w-full accent-brand-700';
  return (
    <div
      className={`${openOnSmall ? 'grid' : 'hidden sm:grid'} gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm sm:grid-cols-2 lg:grid-cols-3`}
      role="group"
      aria-label="Flight filters"
    >
      <fieldset>
        <legend id={ids.stops} className="mb-1 font-medium text-slate-800">
          Stops
        </legend>
        <Chips options={STOPS} value={filters.stops} onPick={(stops) => set({ stops })} />
      </fieldset>
      <fieldset>
        <legend className="mb-1 font-medium text-slate-800">Fares</legend>
        <Chips options={FARES} value={filters.fares} onPick={(fares) => set({ fares })} />
      </fieldset>
      <LabelledRange
        label={`Max duration: ${filters.maxDurationHours >= L.durationMaxHours ? 'Any' : `${filters.maxDurationHours}h`}`}
        range={[L.durationMinHours, L.durationMaxHours, L.durationStepHours]}
        value={filters.maxDurationHours}
        valueText={filters.maxDurationHours >= L.durationMaxHours ? 'Any duration' : `${filters.maxDurationHours} hours`}
        onChange={(maxDurationHours) => set({ maxDurationHours })}
      />
      <LabelledRange
        label={`Max price: ${filters.maxPrice >= ceiling ? 'Any' : formatWholeDollars(filters.maxPrice)}`}
        range={[0, ceiling, L.priceStep]}
        value={filters.maxPrice}
        valueText={filters.maxPrice >= ceiling ? 'Any price' : `${filters.maxPrice} dollars`}
        onChange={(maxPrice) => set({ maxPrice })}
      />
      <fieldset>
        <legend className="mb-1 font-medium text-slate-800">
          Departs {formatMinutesOfDay(filters.earliestDeparture)} – {formatMinutesOfDay(filters.latestDeparture)}
        </legend>
        <div className="flex items-center gap-2">
          <span aria-hidden="true" className="w-8 shrink-0 text-xs text-slate-600">
            From
          </span>
          <label htmlFor={ids.early} className="sr-only">
            Earliest departure
          </label>
          <input
            id={ids.early}
            type="range"
            min={L.timeMin}
            max={L.timeMax}
            step={L.timeStep}
            value={filters.earliestDeparture}
            aria-valuetext={formatMinutesOfDay(filters.earliestDeparture)}
            onChange={(e) => set({ earliestDeparture: Number(e.target.value) })}
            className={rangeCls}
          />
        </div>
        <div className="flex items-center gap-2">
          <span aria-hidden="true" className="w-8 shrink-0 text-xs text-slate-600">
            To
          </span>
          <label htmlFor={ids.late} className="sr-only">
            Latest departure
          </label>
          <input
            id={ids.late}
            type="range"
            min={L.timeMin}
            max={L.timeMax}
            step={L.timeStep}
            value={filters.latestDeparture}
            aria-valuetext={formatMinutesOfDay(filters.latestDeparture)}
            onChange={(e) => set({ latestDeparture: Number(e.target.value) })}
            className={rangeCls}
          />
        </div>
      </fieldset>
      <LabelledRange
        label={`Lands by: ${filters.arriveBy >= L.timeMax ? 'Any time' : formatMinutesOfDay(filters.arriveBy)}`}
        range={[L.timeMin, L.timeMax, L.timeStep]}
        value={filters.arriveBy}
        valueText={filters.arriveBy >= L.timeMax ? 'Any time' : formatMinutesOfDay(filters.arriveBy)}
        onChange={(arriveBy) => set({ arriveBy })}
      />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-3">
        <label htmlFor={ids.sort} className="flex items-center gap-2 font-medium text-slate-800">
          Sort by
          <select
            id={ids.sort}
            value={filters.sort}
            onChange={(e) => {
              if (isFlightSortKey(e.target.value)) set({ sort: e.target.value });
            }}
            className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm font-normal focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
          >
            {FLIGHT_SORT_KEYS.map((k) => (
              <option key={k} value={k}>
                {FLIGHT_SORT_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={onReset} className="ml-auto text-xs font-medium text-brand-700 underline-offset-2 hover:underline">
          Reset filters
        </button>
      </div>
    </div>
  );
}

/** A slider with its label above it, saying its value, and the same in words for a screen reader. */
function LabelledRange({
  label,
  range: [min, max, step],
  value,
  valueText,
  onChange,
}: {
  label: string;
  range: readonly [number, number, number];
  value: number;
  valueText: string;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={valueText}
        onChange={(e) => onChange(Number(e.target.value))}
        className="w-full accent-brand-700"
      />
    </div>
  );
}
