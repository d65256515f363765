import { FAVOURITES_MESSAGES, favouriteRank } from '@gowild/contract/favourites';
import { useId, useMemo, useState } from 'react';
import { useFavourites } from '@/lib/favourites/favourites-context';
import { type AirportOption, filterOptions, formatDistance, leadWithFavourites } from './airport-options';

export interface AirportPickerProps {
  label: string;
  options: readonly AirportOption[];
  value: string;
  onChange: (value: string) => void;
  /** Cards in one row at this width (2/3/4/5); the collapsed grid shows one row. */
  columns: number;
  loading?: boolean;
  error?: string | null;
  /**
   * Several cards may be chosen, up to this many (docs/product/search.md#airport-pickers: Airport View's departure
   * airports, up to the server's limit); the value is then the codes joined with commas.
   */
  multiple?: number;
  /**
   * An origin picker (docs/product/favourites.md): for a signed-in traveller, home airports and favourites lead the
   * cards, and each card has a star to keep it as a favourite.
   */
  favourites?: boolean;
}

/** Toggles `code` in a comma-separated choice of at most `max`; a full choice stays as it is. */
export function toggleChoice(value: string, code: string, max: number): string {
  const chosen = value ? value.split(',').filter(Boolean) : [];
  if (chosen.includes(code)) return chosen.filter((c) => c !== code).join(',');
  return chosen.length >= max ? value : [...chosen, code].join(',');
}

/**
 * The picker of docs/product/search.md#airport-pickers: a filter box and a grid of cards. One row at first with 'Show
 * More (N more)' / 'Show Less' (hidden while typing, when every match shows). Clicking the chosen card again clears the
 * choice.
 */
export function AirportPicker({
  label,
  options: given,
  value,
  onChange,
  columns,
  loading = false,
  error = null,
  multiple,
  favourites: withFavourites = false,
}: AirportPickerProps) {
  const control = useFavourites();
  const kept = withFavourites ? (control?.favourites ?? null) : null;
  const options = useMemo(() => (kept ? leadWithFavourites(given, kept) : given), [given, kept]);
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState(false);
  const inputId = useId();
  const typing = query.trim().length > 0;
  const matches = useMemo(() => filterOptions(options, query), [options, query]);
  const chosenValues = useMemo(() => (multiple ? value.split(',').filter(Boolean) : value ? [value] : []), [multiple, value]);
  const selectedOptions = chosenValues.map((v) => options.find((o) => o.value === v)).filter((o): o is AirportOption => Boolean(o));
  const full = multiple !== undefined && chosenValues.length >= multiple;
  const choose = (o: AirportOption) => {
    if (multiple) onChange(toggleChoice(value, o.value, multiple));
    else onChange(o.value === value ? '' : o.value);
  };

  let shown: AirportOption[];
  if (typing || expanded) shown = matches;
  else {
    // The chosen cards lead the collapsed row so they are always on screen.
    const rest = matches.filter((o) => !chosenValues.includes(o.value));
    shown = [...selectedOptions, ...rest.slice(0, Math.max(0, columns - selectedOptions.length))];
  }
  const hiddenCount = matches.length - shown.length;

  return (
    <div className="min-w-0">
      <label htmlFor={inputId} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
        {selectedOptions.length ? (
          <span className="ml-2 font-normal text-slate-600">— {selectedOptions.map((o) => o.title).join(', ')}</span>
        ) : null}
      </label>
      {multiple ? (
        <p className="mb-1 text-xs text-slate-600" data-testid="picker-multiple-hint">
          Choose up to {multiple} airports{chosenValues.length ? ` (${chosenValues.length} chosen)` : ''}.
        </p>
      ) : null}
      <input
        id={inputId}
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          // Enter with exactly one match, or a typed code that is a card's own, picks it (and does not submit the
          // form); otherwise the form handles Enter.
          if (e.key !== 'Enter' || !typing) return;
          const typed = query.trim().toUpperCase();
          const only = matches.length === 1 ? matches[0] : matches.find((o) => o.value === typed || o.value === `CITY:${typed}`);
          if (!only) return;
          e.preventDefault();
          if (!chosenValues.includes(only.value)) choose(only);
          setQuery('');
        }}
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
              const isSelected = chosenValues.includes(o.value);
              const rank = kept ? favouriteRank(o.value, o.codes, kept) : 2;
              return (
                <li key={o.value} className="relative" data-favourite={kept ? ['home', 'favourite', 'other'][rank] : undefined}>
                  <AirportCard
                    option={o}
                    selected={isSelected}
                    disabled={full && !isSelected}
                    onChoose={() => choose(o)}
                    favourite={kept && control ? { rank, toggle: () => control.toggleFavourite(o.value) } : null}
                  />
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

/**
 * One airport or city card: its title, subtitle and distance, pressed when chosen; with favourites, HOME on a home
 * airport and a star to add or remove the others.
 */
function AirportCard({
  option: o,
  selected,
  disabled,
  onChoose,
  favourite,
}: {
  option: AirportOption;
  selected: boolean;
  disabled: boolean;
  onChoose: () => void;
  /** The card's place among the traveller's favourites (0 home, 1 favourite, 2 other) and how to star it; null: none. */
  favourite: { rank: number; toggle: () => void } | null;
}) {
  return (
    <>
      <button
        type="button"
        aria-pressed={selected}
        data-value={o.value}
        disabled={disabled}
        onClick={onChoose}
        className={`flex h-full w-full flex-col items-start rounded-lg border px-3 py-2 text-left transition ${favourite ? 'pr-8' : ''} focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50 ${
          selected ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-200 bg-white hover:border-brand-500 hover:bg-brand-50'
        }`}
      >
        <span className="w-full truncate text-sm font-semibold">{o.title}</span>
        <span className={`w-full truncate text-xs ${selected ? 'text-brand-50' : 'text-slate-600'}`}>{o.subtitle}</span>
        {o.distance !== null ? (
          <span className={`text-xs ${selected ? 'text-brand-50' : 'text-slate-600'}`}>{formatDistance(o.distance)}</span>
        ) : null}
      </button>
      {favourite ? (
        favourite.rank === 0 ? (
          <span
            className={`pointer-events-none absolute right-1.5 top-1.5 rounded px-1 text-[10px] font-semibold uppercase ${
              selected ? 'bg-white/20 text-white' : 'bg-brand-50 text-brand-800'
            }`}
          >
            {FAVOURITES_MESSAGES.homeBadge}
          </span>
        ) : (
          <button
            type="button"
            aria-pressed={favourite.rank === 1}
            aria-label={favourite.rank === 1 ? FAVOURITES_MESSAGES.unstar(o.title) : FAVOURITES_MESSAGES.star(o.title)}
            title={favourite.rank === 1 ? FAVOURITES_MESSAGES.unstar(o.title) : FAVOURITES_MESSAGES.star(o.title)}
            onClick={favourite.toggle}
            className={`absolute right-0.5 top-0.5 flex h-8 w-8 items-center justify-center rounded-md text-lg leading-none focus-visible:outline-2 focus-visible:outline-brand-600 ${
              selected
                ? 'text-white hover:bg-white/20'
                : favourite.rank === 1
                  ? 'text-amber-500 hover:bg-amber-50'
                  : 'text-slate-500 hover:bg-slate-100 hover:text-amber-700'
            }`}
          >
            <span aria-hidden="true">{favourite.rank === 1 ? '★' : '☆'}</span>
          </button>
        )
      ) : null}
    </>
  );
}
