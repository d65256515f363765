import { useId } from 'react';
import type { AlertWatch } from '../utils/alert-rules';

/**
 * 'Alert me when': the results modal's choice of what a new alert watches (docs/product/alerts.md#alert-modal). Radio
 * buttons in a fieldset, so a keyboard moves between them with the arrow keys and a screen reader reads the legend.
 */
export function WatchChoice({
  value,
  onChange,
  origin,
}: {
  value: AlertWatch;
  onChange: (watch: AlertWatch) => void;
  /** The chosen origin airport's code, once there is one. */
  origin: string | null;
}) {
  const name = useId();
  const options: { watch: AlertWatch; label: string }[] = [
    { watch: 'price', label: 'A fare is at or under my price' },
    { watch: 'seats', label: 'GoWild seats drop to a number or fewer' },
    { watch: 'origin_wide', label: `Any destination from ${origin ?? 'this airport'} has GoWild` },
  ];
  return (
    <fieldset data-testid="alert-watch">
      <legend className="text-sm font-medium text-slate-800">Alert me when</legend>
      <div className="mt-1.5 space-y-1.5">
        {options.map((o) => (
          <label key={o.watch} className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={name}
              value={o.watch}
              checked={value === o.watch}
              onChange={() => onChange(o.watch)}
              className="mt-0.5 size-4 shrink-0 accent-brand-700"
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
