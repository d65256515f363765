import { LIMITS } from '@gowild/contract/limits';
import { useId, useState } from 'react';

/** docs/product/search.md#trip-duration: an integer 1–365; typed values are clamped. */
export function clampTripDays(raw: number): number {
  if (!Number.isFinite(raw)) return LIMITS.tripDurationMin;
  return Math.min(LIMITS.tripDurationMax, Math.max(LIMITS.tripDurationMin, Math.round(raw)));
}

export interface TripDurationStepperProps {
  value: number | null;
  onChange: (days: number | null) => void;
}

/** The optional 'Trip Duration' stepper: minus disabled at 1, plus at 365, Clear empties it. */
export function TripDurationStepper({ value, onChange }: TripDurationStepperProps) {
  const id = useId();
  const hintId = useId();
  // What is being typed, until it is committed on blur/Enter (so "3" on the way to "30" is not clamped early).
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const t = draft.trim();
    onChange(t === '' ? null : clampTripDays(Number(t)));
    setDraft(null);
  };
  const btn =
    'h-9 w-9 rounded-lg border border-slate-300 bg-white text-lg font-semibold hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        Trip Duration
      </label>
      <p id={hintId} className="mb-1 text-xs text-slate-600">
        Optional: Specify how many days you want to stay
      </p>
      <div className="flex items-center gap-2">
        <button
          type="button"
          className={btn}
          aria-label="Fewer days"
          disabled={value !== null && value <= LIMITS.tripDurationMin}
          onClick={() => onChange(value === null ? LIMITS.tripDurationMin : clampTripDays(value - 1))}
        >
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={LIMITS.tripDurationMin}
          max={LIMITS.tripDurationMax}
          step={1}
          aria-describedby={hintId}
          placeholder="Days"
          value={draft ?? (value === null ? '' : String(value))}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            // Commits the value; the form then takes the same Enter as a search (docs/product/search.md#trip-duration).
            if (e.key === 'Enter') commit();
          }}
          className="h-9 w-20 rounded-lg border border-slate-300 px-2 text-center text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
        />
        <button
          type="button"
          className={btn}
          aria-label="More days"
          disabled={value !== null && value >= LIMITS.tripDurationMax}
          onClick={() => onChange(value === null ? LIMITS.tripDurationMin : clampTripDays(value + 1))}
        >
          +
        </button>
        <span className="text-sm text-slate-600">{value === null ? '' : value === 1 ? 'day' : 'days'}</span>
        {value !== null ? (
          <button
            type="button"
            onClick={() => onChange(null)}
            className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            Clear
          </button>
        ) : null}
      </div>
    </div>
  );
}
