import { addDays, formatMediumDate, isIsoDate } from '@gowild/contract/dates';
import { useId } from 'react';
import { Button } from '@/components/ui/button';

export interface DateStepperProps {
  value: string;
  onChange: (date: string) => void;
  /** No day before this one (today, or the outbound arrival for returns). */
  min: string;
  label: string;
  disabled?: boolean;
}

/** Previous/next day arrows and a date picker (docs/product/search.md#results-header: nothing before `min`). */
export function DateStepper({ value, onChange, min, label, disabled = false }: DateStepperProps) {
  const id = useId();
  const prev = addDays(value, -1);
  return (
    <div className="flex items-center gap-1.5">
      <Button
        variant="secondary"
        size="icon"
        aria-label={`Previous day (${formatMediumDate(prev)})`}
        disabled={disabled || prev < min}
        onClick={() => onChange(prev)}
      >
        ‹
      </Button>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        min={min}
        disabled={disabled}
        onChange={(e) => {
          const v = e.target.value;
          if (isIsoDate(v) && v >= min) onChange(v);
        }}
        className="h-8 rounded-lg border border-slate-300 bg-white px-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
      />
      <Button
        variant="secondary"
        size="icon"
        aria-label={`Next day (${formatMediumDate(addDays(value, 1))})`}
        disabled={disabled}
        onClick={() => onChange(addDays(value, 1))}
      >
        ›
      </Button>
    </div>
  );
}
