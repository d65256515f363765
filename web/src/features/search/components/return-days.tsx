import { type IsoDate, formatMediumDate } from '@gowild/contract/dates';
import type { GoWildGap } from '@gowild/contract/gowild-explain';
import { useReturnFlights } from '../hooks/use-return-flights';
import { RETURN_DAYS_TEXTS, dayFigures, returnDays, windowLine } from '../utils/return-days';

export interface ReturnDaysProps {
  /** Airports to fly back from, and home (the outbound search's origin value). */
  origins: string[];
  destination: string;
  /** The return date on show: the strip starts there. */
  date: IsoDate;
  outboundArrival: string | null;
  enabled: boolean;
  onPick: (date: IsoDate) => void;
  /** Why the way home can have no GoWild on a date (blackout, window not open), or null. */
  gapFor?: (date: IsoDate) => GoWildGap | null;
}

function ReturnDay({ day, shown, ...props }: Omit<ReturnDaysProps, 'date'> & { day: IsoDate; shown: boolean }) {
  const ret = useReturnFlights({
    origins: props.origins,
    destination: props.destination,
    date: day,
    outboundArrival: props.outboundArrival,
    enabled: props.enabled,
  });
  const opening = windowLine(props.gapFor?.(day) ?? null, props.origins[0] ?? '');
  return (
    <li
      className={`flex flex-col gap-1 rounded-lg border p-3 ${shown ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white'}`}
      data-testid="return-day"
      data-date={day}
      data-window={opening.open ? 'open' : 'later'}
    >
      <h3 className="text-sm font-bold text-slate-900">{formatMediumDate(day)}</h3>
      <p className={`text-xs font-semibold ${opening.open ? 'text-emerald-800' : 'text-amber-900'}`} data-testid="return-day-window">
        {opening.text}
      </p>
      <p className="text-sm text-slate-700" data-testid="return-day-figures" aria-busy={ret.loading || undefined}>
        {ret.loading ? 'Searching…' : ret.error ? RETURN_DAYS_TEXTS.failed : dayFigures(ret.flights)}
      </p>
      {shown ? (
        <p className="mt-auto text-xs font-medium text-brand-900">{RETURN_DAYS_TEXTS.shown}</p>
      ) : (
        <button
          type="button"
          className="mt-auto self-start text-xs font-semibold text-brand-800 underline underline-offset-2"
          onClick={() => props.onPick(day)}
        >
          {RETURN_DAYS_TEXTS.show}
          <span className="sr-only"> for {formatMediumDate(day)}</span>
        </button>
      )}
    </li>
  );
}

/**
 * docs/product/search.md#returns-side-by-side: the return date and the two days after it together, each with its
 * flights' count and cheapest fare and whether GoWild for it can be booked now or opens later (and when).
 */
export function ReturnDays(props: ReturnDaysProps) {
  const { date, ...rest } = props;
  return (
    <section aria-labelledby="return-days-title" data-testid="return-days">
      <h2 id="return-days-title" className="mb-2 text-sm font-bold text-slate-800">
        {RETURN_DAYS_TEXTS.title}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-3">
        {returnDays(date).map((day) => (
          <ReturnDay key={day} day={day} shown={day === date} {...rest} />
        ))}
      </ul>
    </section>
  );
}
