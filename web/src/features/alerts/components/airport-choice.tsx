import { useId } from 'react';

export interface AirportChoiceProps {
  legend: string;
  codes: readonly string[];
  value: string;
  onChange: (code: string) => void;
  /** 'Denver, CO (DEN)' for a code, when the airports list knows it. */
  nameOf: (code: string) => string | null;
  error?: string | null;
}

/** One airport out of a city's (or a list's) airports: a radio group, so arrow keys move between them. */
export function AirportChoice({ legend, codes, value, onChange, nameOf, error }: AirportChoiceProps) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset className="min-w-0" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {codes.map((code) => {
          const title = nameOf(code);
          return (
            <label
              key={code}
              className={`flex cursor-pointer flex-col rounded-lg border px-3 py-2 text-left transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
                value === code
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-slate-200 bg-white hover:border-brand-500 hover:bg-brand-50'
              }`}
            >
              <input
                type="radio"
                name={name}
                value={code}
                checked={value === code}
                onChange={() => onChange(code)}
                aria-invalid={error ? true : undefined}
                className="sr-only"
              />
              <span className="text-sm font-semibold">{code}</span>
              {title ? <span className={`truncate text-xs ${value === code ? 'text-brand-50' : 'text-slate-600'}`}>{title}</span> : null}
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
