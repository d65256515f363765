import { addDays } from '@gowild/contract/dates';
import type { Airport } from '@gowild/contract/reference';
import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { useFavourites } from '@/lib/favourites/favourites-context';

/** The fields of the two connection searches' forms (the route builder and the search via a hub), one of each. */
const FIELD = 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900';
const LABEL = 'block text-sm font-medium text-slate-800';

/** '2 h', '1 h 30 min': a choice of minutes as a traveller reads it. */
export const hoursText = (m: number) => (m % 60 === 0 ? `${m / 60} h` : `${Math.floor(m / 60)} h ${m % 60} min`);

/** The airports by city for the selects, and a code's city for the cards (the code when unknown). */
export function useAirportChoices(airports: readonly Airport[] | undefined) {
  const sorted = useMemo(
    () => [...(airports ?? [])].sort((a, b) => a.city.localeCompare(b.city) || a.stationCode.localeCompare(b.stationCode)),
    [airports],
  );
  const byCode = useMemo(() => new Map(sorted.map((a) => [a.stationCode, a])), [sorted]);
  const cityOf = (code: string) => byCode.get(code)?.city ?? code;
  return { sorted, byCode, cityOf };
}

/**
 * An airport select; `anywhere` is the value of its first choice, 'Anywhere' (without it, 'Select an airport'). With
 * `favourites`, the signed-in traveller's home and favourite airports lead it (docs/product/favourites.md), then every
 * airport by city.
 */
export function AirportSelect(props: {
  label: string;
  value: string;
  onChange(v: string): void;
  airports: readonly Airport[];
  loading: boolean;
  anywhere?: string;
  name?: string;
  favourites?: boolean;
}) {
  const kept = useFavourites()?.favourites ?? null;
  const byCode = useMemo(() => new Map(props.airports.map((a) => [a.stationCode, a])), [props.airports]);
  // Cities among the favourites have no place here: these searches take one airport.
  const yours =
    props.favourites && kept
      ? [...new Set([...kept.home_airports, ...kept.favourite_airports])].flatMap((code) => byCode.get(code) ?? [])
      : [];
  const option = (a: Airport) => (
    <option key={a.stationCode} value={a.stationCode}>
      {a.city} ({a.stationCode})
    </option>
  );
  return (
    <label className={LABEL}>
      {props.label}
      <select
        name={props.name}
        className={FIELD}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        disabled={props.loading}
      >
        {props.anywhere !== undefined ? (
          <option value={props.anywhere}>Anywhere</option>
        ) : (
          <option value="">{props.loading ? 'Loading airports…' : 'Select an airport'}</option>
        )}
        {yours.length > 0 ? (
          <>
            <optgroup label="Your airports">{yours.map(option)}</optgroup>
            <optgroup label="All airports">{props.airports.map(option)}</optgroup>
          </>
        ) : (
          props.airports.map(option)
        )}
      </select>
    </label>
  );
}

/** The departure date: from today (at the traveller) to a year ahead. */
export function DateField({ value, today, onChange }: { value: string; today: string; onChange(v: string): void }) {
  return (
    <label className={LABEL}>
      Date
      <input type="date" className={FIELD} value={value} min={today} max={addDays(today, 365)} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

/**
 * A choice of minutes shown as hours. `blank` is a first choice meaning the default or no limit (its value ''); `note`
 * adds words to a choice (' (safe default)').
 */
export function MinutesSelect<V extends number | ''>(props: {
  label: string;
  value: V;
  choices: readonly number[];
  onChange(v: V): void;
  blank?: string;
  note?: (m: number) => string;
}) {
  return (
    <label className={LABEL}>
      {props.label}
      <select
        className={FIELD}
        value={props.value}
        onChange={(e) => props.onChange((e.target.value === '' ? '' : Number(e.target.value)) as V)}
      >
        {props.blank !== undefined ? <option value="">{props.blank}</option> : null}
        {props.choices.map((m) => (
          <option key={m} value={m}>
            {hoursText(m)}
            {props.note?.(m) ?? ''}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Airport codes typed by the traveller ('DEN, ATL'), in capitals. */
export function CodesField(props: { label: string; value: string; placeholder: string; onChange(v: string): void }) {
  return (
    <label className={LABEL}>
      {props.label}
      <input
        className={FIELD}
        value={props.value}
        placeholder={props.placeholder}
        onChange={(e) => props.onChange(e.target.value.toUpperCase())}
      />
    </label>
  );
}

/** A time of day (HH:mm), blank for none. */
export function TimeField({ label, value, onChange }: { label: string; value: string; onChange(v: string): void }) {
  return (
    <label className={LABEL}>
      {label}
      <input type="time" className={FIELD} value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

/** A plain select of the form's look, for choices that are not minutes. */
export function ChoiceSelect<V extends string | number>(props: {
  label: string;
  value: V;
  choices: readonly { value: V; text: string }[];
  onChange(v: V): void;
}) {
  return (
    <label className={LABEL}>
      {props.label}
      <select
        className={FIELD}
        value={props.value}
        onChange={(e) => props.onChange(props.choices.find((c) => String(c.value) === e.target.value)!.value)}
      >
        {props.choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The form's last cell: the overnight checkbox above the search button, which says 'Searching...' while it runs. */
export function OvernightAndSubmit(props: {
  overnightLabel: string;
  overnight: boolean;
  onOvernight(v: boolean): void;
  busy: boolean;
  submitLabel: string;
  testId: string;
}) {
  return (
    <div className="flex flex-col justify-end gap-2">
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={props.overnight} onChange={(e) => props.onOvernight(e.target.checked)} />
        {props.overnightLabel}
      </label>
      <Button type="submit" disabled={props.busy} data-testid={props.testId}>
        {props.busy ? 'Searching...' : props.submitLabel}
      </Button>
    </div>
  );
}
