import { ALERT_MESSAGES } from '@gowild/contract/notifications';
import { WINDOW_ALERT_TEXTS } from '@gowild/contract/window-alerts';
import { TextField } from '@/components/ui/text-field';
import { CheckboxField } from './checkbox-field';

/**
 * The price alert's parts that the results' alert modal and the notifications page's form both show (the wider
 * alerts' are in wider-alert-fields.tsx): one component each, so both say the same.
 */

/** A price alert's ceiling: the alert fires for a fare at or under it. */
export function MaxPriceField({
  value,
  onChange,
  error,
  hint,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: string;
}) {
  return (
    <TextField
      label="Maximum price (USD)"
      type="number"
      inputMode="decimal"
      min={1}
      step={0.01}
      placeholder="e.g. 99"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      hint={hint}
    />
  );
}

/** A price alert's 'GoWild only': unchecked, any fare on sale counts. */
export function GoWildOnlyField({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <CheckboxField
      label="GoWild only"
      hint="Only GoWild fares with seats count. Unchecked, any fare on sale counts."
      checked={checked}
      onChange={onChange}
    />
  );
}

/** The create button's text: the cap once reached, else what the alert's kind creates. */
export function createAlertLabel(atLimit: boolean, windowKind: boolean): string {
  return atLimit ? ALERT_MESSAGES.maxAlertsReached : windowKind ? WINDOW_ALERT_TEXTS.button : 'Create Alert';
}
