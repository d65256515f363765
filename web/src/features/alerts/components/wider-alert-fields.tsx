import { addDays, formatLongDate } from '@gowild/contract/dates';
import { WINDOW_ALERT_TEXTS } from '@gowild/contract/window-alerts';
import { ALERT_RANGE_MAX_DAYS, MAX_SEATS_THRESHOLD, datesText } from '@gowild/contract/wider-alerts';
import { TextField } from '@/components/ui/text-field';
import type { AlertWatch } from '../utils/alert-rules';

/**
 * The parts of the wider alerts (docs/product/alerts.md#kinds-of-alert) that the results' alert modal and the
 * notifications page's form both show: one component each, so both say the same.
 */

/** What each watch does, under the form's title. */
export const WATCH_EXPLAIN: Record<AlertWatch, string> = {
  price: 'We check every 10 minutes and e-mail you once when a fare at or under your price appears.',
  seats: 'We check every 10 minutes and tell you once when GoWild seats on this route drop to your number or fewer.',
  origin_wide: 'We check every 10 minutes and tell you once when a flight from this airport to any destination has GoWild.',
};

/** The travel dates' label for what is watched. */
export function travelDatesLabel(watch: AlertWatch): string {
  if (watch === 'seats') return 'Travel date';
  if (watch === 'origin_wide') return `Travel dates (a range of up to ${ALERT_RANGE_MAX_DAYS} days)`;
  return 'Travel dates (up to 5)';
}

/** A seat alert's N: the alert fires at this many GoWild seats left or fewer. */
export function SeatsField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string | null }) {
  return (
    <TextField
      label={`Seats left (1 to ${MAX_SEATS_THRESHOLD})`}
      type="number"
      inputMode="numeric"
      min={1}
      max={MAX_SEATS_THRESHOLD}
      step={1}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error ?? undefined}
      hint="The alert fires when a flight's GoWild fare has this many seats left or fewer."
    />
  );
}

/** Under an any-destination alert's dates: the range it watches, every day from the first chosen to the last. */
export function OriginWideRangeNote({ range }: { range: { from: string; to: string } | null }) {
  if (!range) return null;
  return (
    <p className="-mt-3 text-xs text-slate-600" data-testid="alert-range">
      Watches every day of {datesText(range.from === range.to ? [range.from] : [range.from, range.to])}.
    </p>
  );
}

/** A window-open alert's range: its date and up to 6 more days (7 in all). */
export function WindowRangeSelect({ date, value, onChange }: { date: string; value: number; onChange: (extraDays: number) => void }) {
  return (
    <label className="block text-sm font-medium text-slate-800">
      {WINDOW_ALERT_TEXTS.rangeLabel}
      <select
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        data-testid="window-range"
      >
        {Array.from({ length: ALERT_RANGE_MAX_DAYS }, (_, n) => (
          <option key={n} value={n}>
            {n === 0 ? 'No, this date only' : `${n} more day${n === 1 ? '' : 's'}, to ${formatLongDate(addDays(date, n))}`}
          </option>
        ))}
      </select>
    </label>
  );
}
