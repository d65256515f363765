import { SEARCH_MAX_AIRPORT_ITEMS } from '@gowild/contract/flights';
import type { Airport } from '@gowild/contract/reference';
import { useMemo, useState } from 'react';
import { type ViewMode, buildAirportOptions } from './airport-options';
import { AirportPicker } from './airport-picker';
import { useGridColumns } from './use-grid-columns';

export interface GroupedOriginPickerProps {
  /** The radio group's name, unique on the page. */
  name: string;
  airports: readonly Airport[] | undefined;
  loading: boolean;
  error: string | null;
  value: string;
  onChange: (value: string) => void;
  /** The grouping to start with (a link naming airports starts in Airport View). */
  initialViewMode?: ViewMode;
}

/**
 * The departure picker of the range searches (trip finder, anywhere): City View (one city or airport) or Airport View
 * (several airports), the traveller's favourites first. Changing the grouping clears the choice, which the other
 * grouping may not offer.
 */
export function GroupedOriginPicker({
  name,
  airports,
  loading,
  error,
  value,
  onChange,
  initialViewMode = 'city',
}: GroupedOriginPickerProps) {
  const columns = useGridColumns();
  const [viewMode, setViewMode] = useState<ViewMode>(initialViewMode);
  const options = useMemo(() => buildAirportOptions(airports ?? [], viewMode), [airports, viewMode]);
  return (
    <>
      <fieldset className="flex flex-wrap gap-4 text-sm text-slate-800">
        <legend className="sr-only">Airport grouping</legend>
        {(['city', 'airport'] as const).map((m) => (
          <label key={m} className="inline-flex items-center gap-2">
            <input
              type="radio"
              name={name}
              checked={viewMode === m}
              onChange={() => {
                setViewMode(m);
                onChange('');
              }}
              className="accent-brand-700"
            />
            {m === 'city' ? 'City View' : 'Airport View (choose several)'}
          </label>
        ))}
      </fieldset>
      <AirportPicker
        label="Departure Airport"
        options={options}
        value={value}
        onChange={onChange}
        multiple={viewMode === 'airport' ? SEARCH_MAX_AIRPORT_ITEMS : undefined}
        favourites
        columns={columns}
        loading={loading}
        error={error}
      />
    </>
  );
}
