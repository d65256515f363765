import { useId, useMemo, useState } from 'react';
import { type AirportOption, filterOptions, formatDistance } from './airport-options';

export interface AirportPickerProps {
  label: string;
  options: readonly AirportOption[];
  value: string;
  onChange: (value: string) => void;
  /** Cards in one row at this width (2/3/4/5); the collapsed grid shows one row. */
  columns: number;
  loading?: boolean;
  error?: string | null;
}

/**
 * The picker of docs/product/search.md#airport-pickers: a filter box and a grid of cards. One row at first with 'Show
 * More (N more)' / 'Show Less' (hidden while typing, when every match shows). Clicking the chosen card again clears the
 * choice.
 */
export function AirportPicker({ label, options, value, onChange, columns, loading = false, error = null }: AirportPickerProps) {
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState(false);
  const inputId = useId();
  const typing = query.trim().length > 0;
  const matches = useMemo(() => filterOptions(options, query), [options, query]);
  const selected = options.find((o) => o.value === value);

  let shown: AirportOption[];
  if (typing || expanded) shown = matches;
  else {
    // The chosen card leads the collapsed row so it is always on screen.
    const rest = matches.filter((o) => o.value !== value);
    shown = selected ? [selected, ...rest.slice(0, columns - 1)] : rest.slice(0, columns);
  }
  const hiddenCount = matches.length - shown.length;

  return (
    <div className="min-w-0">
      <label htmlFor={inputId} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
        {selected ? <span className="ml-2 font-normal text-slate-600">— {selected.title}</span> : null}
      </label>
      <input
        id={inputId}
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder="Search cities or airports..."
        autoComplete="off"
        className="mb-2 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
      />
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : loading ? (
        <div
          className="grid grid-cols-2 gap-2 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5"
          aria-busy="true"
          aria-label={`Loading ${label.toLowerCase()} options`}
        >
          {Array.from({ length: columns }, (_, i) => (
            <div key={i} className="h-16 animate-pulse rounded-lg bg-slate-200" />
          ))}
        </div>
      ) : (
        <>
          <ul role="list" aria-label={`${label} choices`} className="grid grid-cols-2 gap-2 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
            {shown.map((o) => {
              const isSelected = o.value === value;
              return (
                <li key={o.value}>
                  <button
                    type="button"
                    aria-pressed={isSelected}
                    data-value={o.value}
                    onClick={() => onChange(isSelected ? '' : o.value)}
                    className={`flex h-full w-full flex-col items-start rounded-lg border px-3 py-2 text-left transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                      isSelected
                        ? 'border-brand-700 bg-brand-700 text-white'
                        : 'border-slate-200 bg-white hover:border-brand-500 hover:bg-brand-50'
                    }`}
                  >
                    <span className="w-full truncate text-sm font-semibold">{o.title}</span>
                    <span className={`w-full truncate text-xs ${isSelected ? 'text-brand-50' : 'text-slate-600'}`}>{o.subtitle}</span>
                    {o.distance !== null ? (
                      <span className={`text-xs ${isSelected ? 'text-brand-50' : 'text-slate-600'}`}>{formatDistance(o.distance)}</span>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
          {typing && matches.length === 0 ? <p className="text-sm text-slate-600">No airports match “{query.trim()}”.</p> : null}
          {!typing && (hiddenCount > 0 || expanded) ? (
            <button
              type="button"
              aria-expanded={expanded}
              onClick={() => setExpanded((x) => !x)}
              className="mt-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              {expanded ? 'Show Less' : `Show More (${hiddenCount} more)`}
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}
