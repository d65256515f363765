import { formatMediumDate } from '@gowild/contract/dates';
import { MAX_ALERT_DATES } from '@gowild/contract/notifications';
import { useMemo, useState } from 'react';
import { DateSelector } from '@/components/date-selector/date-selector';
import { useAppConfig } from '@/lib/app-config';
import { toggleAlertDate } from '../utils/alert-rules';

export interface TravelDatesFieldProps {
  dates: readonly string[];
  onChange: (dates: string[]) => void;
  /** The form's text for this field after a submit ('Please select at least one travel date'…). */
  error?: string | null;
  blackoutDates: readonly string[];
  /** The earliest date an alert may watch: tomorrow (docs/product/alerts.md#limits). */
  minDate: string;
  /** Injected in tests; the traveller's today otherwise. */
  today?: string;
  label?: string;
  /** How many dates may be chosen (a window-open alert watches one). */
  max?: number;
}

/**
 * Up to 5 travel dates on the shared date selector: pressing a day adds or removes it; the chosen dates are listed
 * (sorted) with a remove button each. A sixth date is refused with the limit's text.
 */
export function TravelDatesField({
  dates,
  onChange,
  error,
  blackoutDates,
  minDate,
  today,
  label = 'Travel dates',
  max = MAX_ALERT_DATES,
}: TravelDatesFieldProps) {
  const [limitError, setLimitError] = useState<string | null>(null);
  // The Peak Day Charge's amount, as the search form's date boxes say it (issue 31): the server's pass-year figure.
  const peakDayChargeFrom = useAppConfig().data?.passCharges?.peakDayChargeFrom ?? null;
  const blackout = useMemo(() => new Set(blackoutDates), [blackoutDates]);
  const blackedOut = dates.filter((d) => blackout.has(d));
  const shown = limitError ?? error ?? null;

  const toggle = (date: string) => {
    // One date (a seat alert): pressing another day takes its place.
    if (max === 1) {
      setLimitError(null);
      onChange(dates.includes(date) ? [] : [date]);
      return;
    }
    const next = toggleAlertDate(dates, date);
    setLimitError(next.error);
    if (!next.error) onChange(next.dates);
  };

  return (
    <div className="min-w-0" data-testid="travel-dates">
      <DateSelector
        label={label}
        value={dates[0] ?? ''}
        selected={dates}
        onChange={toggle}
        blackoutDates={blackoutDates}
        // A GoWild alert cannot match a blackout day: the first boxes start after any run of them.
        boxesSkipBlackouts
        allowBlackoutDates
        minDate={minDate}
        today={today}
        peakDayChargeFrom={peakDayChargeFrom}
      />
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm" aria-live="polite">
        <span className="text-slate-600">
          {dates.length} of {max} {max === 1 ? 'date' : 'dates'}
        </span>
        <ul className="flex flex-wrap gap-1.5" aria-label="Chosen travel dates">
          {dates.map((d) => (
            <li key={d}>
              <button
                type="button"
                onClick={() => toggle(d)}
                aria-label={`Remove ${formatMediumDate(d)}`}
                className="inline-flex items-center gap-1 rounded-full border border-brand-200 bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-900 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700"
              >
                {formatMediumDate(d)}
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      {blackedOut.length > 0 ? (
        <p className="mt-1 text-xs text-red-800">
          GoWild fares are blacked out on {blackedOut.map(formatMediumDate).join(', ')}: a GoWild-only alert cannot match{' '}
          {blackedOut.length === 1 ? 'that date' : 'those dates'}.
        </p>
      ) : null}
      {shown ? (
        <p role="alert" className="mt-1 text-sm text-red-600" data-testid="travel-dates-error">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
