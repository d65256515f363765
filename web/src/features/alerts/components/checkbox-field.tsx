import { useId } from 'react';

/** A checkbox with its label beside it and a hint under it, tied with aria-describedby. */
export function CheckboxField({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div>
      <label className="flex items-start gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={`${id}-hint`}
          className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-700"
        />
        {label}
      </label>
      <p id={`${id}-hint`} className="mt-0.5 ml-6 text-xs text-slate-600">
        {hint}
      </p>
    </div>
  );
}
