import {
  addDays,
  addMonths,
  dayOfMonth,
  formatLongDate,
  formatMonthShort,
  formatMonthYear,
  formatWeekdayShort,
  isPast,
  localToday,
  monthStart,
} from '@gowild/contract/dates';
import { LIMITS } from '@gowild/contract/limits';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { BLACKOUT_ERROR, blackoutDatesQueryOptions } from '@/api/get-blackout-dates';
import { DAY_TAG_WORDS, type DayTag, boxDays, calendarCells, dayTags, firstNonBlackoutDay, peakDayWords } from './calendar';

/** The chips of the box view; 'peak-day' is a line of words under them instead. */
const TAG_STYLES: Record<Exclude<DayTag, 'peak-day'>, string> = {
  blackout: 'bg-red-100 text-red-800',
  available: 'bg-emerald-100 text-emerald-800',
  gowild: 'bg-brand-100 text-brand-800',
  international: 'bg-sky-100 text-sky-800',
};
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const INITIAL_BOXES = 3;
/** Said while the blackout list is on its way, in place of the tags it holds back. */
export const BLACKOUT_CHECKING = 'Checking blackout dates…';

type BlackoutStatus = 'known' | 'loading' | 'failed';

/**
 * Whether `blackoutDates` is the real list yet. Callers hand the list over as an array, empty while it loads, so the
 * selector asks the shared blackout query (one request for the page, cached) unless told; until it answers, no day
 * is tagged (docs/product/search.md#date-selector).
 */
function useBlackoutStatus(known: boolean | undefined): BlackoutStatus {
  const query = useQuery({ ...blackoutDatesQueryOptions(), enabled: known === undefined });
  if (known !== undefined) return known ? 'known' : 'loading';
  return query.isSuccess ? 'known' : query.isError ? 'failed' : 'loading';
}

export interface DateSelectorProps {
  value: string;
  onChange: (date: string) => void;
  blackoutDates: readonly string[];
  /**
   * Whether `blackoutDates` is known (false while it loads). Absent: the blackout query's own state says. Until it is
   * known no day carries a tag, since 'gowild' on a day that turns out to be a blackout would be a false promise.
   */
  blackoutDatesKnown?: boolean;
  /**
   * The first boxes start at the first day that is not a blackout (alerts: a GoWild alert cannot match a blackout
   * day, so three of them first would be three useless offers). Show more and the calendar still have every day.
   */
  boxesSkipBlackouts?: boolean;
  /** docs/product/search.md#blackout-dates: blackout dates are selectable when true; the search form passes true. */
  allowBlackoutDates?: boolean;
  label?: string;
  /** Injected in tests; the traveller's today otherwise. */
  today?: string;
  /**
   * The earliest day that can be picked (today when absent); the box view starts there. Alerts pass tomorrow
   * (docs/product/alerts.md#limits).
   */
  minDate?: string;
  /**
   * Several days at once (alerts): these show as chosen, `value` only says where the calendar opens, and `onChange`
   * gets the day pressed so the caller adds or removes it.
   */
  selected?: readonly string[];
  /** The Peak Day Charge's 'from' amount (the server's configuration): said with the line on blackout days. */
  peakDayChargeFrom?: number | null;
}

/**
 * The date selector of docs/product/search.md#date-selector. Box view: the next 30 days (3 at first, more on request),
 * each tagged. Calendar view: 42 cells from the Sunday before the 1st, month arrows, Today, and Show less back to the
 * boxes. Past days are never selectable. Arrow keys move between days in the calendar.
 */
export function DateSelector({
  value,
  onChange,
  blackoutDates,
  blackoutDatesKnown,
  boxesSkipBlackouts = false,
  allowBlackoutDates = false,
  label = 'Departure Date',
  today: todayProp,
  minDate,
  selected,
  peakDayChargeFrom,
}: DateSelectorProps) {
  const today = todayProp ?? localToday();
  const first = minDate && minDate > today ? minDate : today;
  const blackout = useMemo(() => new Set(blackoutDates), [blackoutDates]);
  const status = useBlackoutStatus(blackoutDatesKnown);
  // What the tags read: nothing until the list is known.
  const tagBlackout = status === 'known' ? blackout : null;
  const [view, setView] = useState<'box' | 'calendar'>('box');
  const [expanded, setExpanded] = useState(false);
  const [month, setMonth] = useState(() => monthStart(value && !isPast(value, first) ? value : first));
  const headingId = useId();

  const selectable = (date: string) => !isPast(date, first) && (allowBlackoutDates || (status === 'known' && !blackout.has(date)));
  const isChosen = (date: string) => (selected ? selected.includes(date) : value === date);
  const pick = (date: string) => {
    if (selectable(date)) onChange(date);
  };

  const days = boxDays(first, LIMITS.boxViewDays);
  const boxStart = boxesSkipBlackouts && status === 'known' ? Math.max(0, days.indexOf(firstNonBlackoutDay(first, blackout))) : 0;
  const shownDays = expanded ? days : days.slice(boxStart, boxStart + INITIAL_BOXES);
  // Chosen dates beyond the first boxes stay visible while collapsed.
  if (!expanded) for (const d of days) if (isChosen(d) && !shownDays.includes(d)) shownDays.push(d);

  const cells = calendarCells(month, LIMITS.calendarCells);
  const canGoBack = month > monthStart(first);
  const { gridRef, rovingDate, setFocusDate, onGridKey } = useCalendarFocus({ cells, value, first, month, setMonth });

  const describe = (date: string, tags: DayTag[]) => {
    const words = [formatLongDate(date)];
    if (date === today) words.push('today');
    if (tags.length) words.push(tags.map((t) => (t === 'peak-day' ? peakDayWords(peakDayChargeFrom) : DAY_TAG_WORDS[t])).join(', '));
    return words.join(', ');
  };

  // What every day's button needs to know, for the boxes and the calendar alike.
  const look: DayLook = { today, tagBlackout, isChosen, selectable, pick, describe, peakDayChargeFrom };

  return (
    <fieldset className="min-w-0">
      <legend id={headingId} className="mb-2 text-sm font-semibold text-slate-800">
        {label}
      </legend>
      {view === 'box' ? (
        <div>
          <ul
            className="grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-6"
            aria-labelledby={headingId}
            data-testid="date-selector-boxes"
          >
            {shownDays.map((date) => (
              <li key={date}>
                <DayBox date={date} look={look} />
              </li>
            ))}
          </ul>
          <div className="mt-2 flex flex-wrap gap-3 text-sm">
            <button
              type="button"
              className="font-medium text-brand-700 underline-offset-2 hover:underline"
              aria-expanded={expanded}
              onClick={() => setExpanded((x) => !x)}
            >
              {expanded ? 'Show less' : `Show more (${LIMITS.boxViewDays - INITIAL_BOXES} more days)`}
            </button>
            <button
              type="button"
              className="font-medium text-brand-700 underline-offset-2 hover:underline"
              onClick={() => setView('calendar')}
            >
              Calendar view
            </button>
          </div>
        </div>
      ) : (
        <div className="max-w-md rounded-lg border border-slate-200 bg-white p-3">
          <MonthHeader month={month} canGoBack={canGoBack} onMonth={setMonth} />
          <div
            ref={gridRef}
            role="group"
            aria-label={`${label}, ${formatMonthYear(month)}`}
            className="mt-1 grid grid-cols-7 gap-1"
            onKeyDown={onGridKey}
          >
            {cells.map(({ date, inMonth }) => (
              <CalendarCell key={date} date={date} inMonth={inMonth} look={look} roving={date === rovingDate} onFocus={setFocusDate} />
            ))}
          </div>
          <div className="mt-2 flex flex-wrap gap-3 text-sm">
            {first === today ? (
              <button
                type="button"
                className="font-medium text-brand-700 underline-offset-2 hover:underline"
                onClick={() => {
                  setMonth(monthStart(today));
                  pick(today);
                }}
              >
                Today
              </button>
            ) : null}
            <button type="button" className="font-medium text-brand-700 underline-offset-2 hover:underline" onClick={() => setView('box')}>
              Show less
            </button>
            <CalendarLegend />
          </div>
        </div>
      )}
      <BlackoutListStatus status={status} />
      {!selected && value && blackout.has(value) ? (
        <p className="mt-2 text-sm text-red-800">GoWild fares are blacked out on {formatLongDate(value)}; other fares are still shown.</p>
      ) : null}
    </fieldset>
  );
}

/** What a day's button needs: which days are tagged, chosen, selectable, what picking one does and how it reads. */
interface DayLook {
  today: string;
  /** The blackout dates once known (null: no tag yet). */
  tagBlackout: ReadonlySet<string> | null;
  isChosen: (date: string) => boolean;
  selectable: (date: string) => boolean;
  pick: (date: string) => void;
  describe: (date: string, tags: DayTag[]) => string;
  peakDayChargeFrom: number | null | undefined;
}

/** One day of the box view: weekday, day, month, its tags, and the Peak Day words on a blackout day. */
function DayBox({ date, look }: { date: string; look: DayLook }) {
  const { today, tagBlackout, isChosen, selectable, pick, describe, peakDayChargeFrom } = look;
  const tags = dayTags(date, today, tagBlackout);
  const chosen = isChosen(date);
  const disabled = !selectable(date);
  return (
    <button
      type="button"
      data-date={date}
      aria-pressed={chosen}
      aria-label={describe(date, tags)}
      disabled={disabled}
      onClick={() => pick(date)}
      className={`flex w-full flex-col items-center rounded-lg border px-1 py-2 text-center transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
        chosen ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-200 bg-white hover:border-brand-500'
      } ${disabled ? 'cursor-not-allowed opacity-50' : ''}`}
    >
      <span className={`text-xs ${chosen ? 'text-brand-50' : 'text-slate-600'}`}>{formatWeekdayShort(date)}</span>
      <span className="text-lg leading-tight font-bold">{dayOfMonth(date)}</span>
      <span className={`text-xs ${chosen ? 'text-brand-50' : 'text-slate-600'}`}>{formatMonthShort(date)}</span>
      <span className="mt-1 flex flex-wrap justify-center gap-0.5" aria-hidden="true">
        {tags.map((t) =>
          t === 'peak-day' ? null : (
            <span key={t} className={`rounded px-1 text-[10px] leading-4 font-medium ${TAG_STYLES[t]}`}>
              {t}
            </span>
          ),
        )}
      </span>
      {tags.includes('peak-day') ? (
        <span
          className={`mt-1 text-[10px] leading-tight ${chosen ? 'text-brand-50' : 'text-red-800'}`}
          aria-hidden="true"
          data-testid="peak-day-words"
        >
          {peakDayWords(peakDayChargeFrom)}
        </span>
      ) : null}
    </button>
  );
}

/** One cell of the calendar: the day, GW and INT tags shortened to fit, a dot on a blackout day; one roving tab stop. */
function CalendarCell({
  date,
  inMonth,
  look,
  roving,
  onFocus,
}: {
  date: string;
  inMonth: boolean;
  look: DayLook;
  roving: boolean;
  onFocus: (date: string) => void;
}) {
  const { today, tagBlackout, isChosen, selectable, pick, describe } = look;
  const tags = dayTags(date, today, tagBlackout);
  const chosen = isChosen(date);
  const disabled = !selectable(date);
  const isBlackout = tagBlackout?.has(date) ?? false;
  return (
    <button
      type="button"
      data-date={date}
      data-testid="calendar-cell"
      tabIndex={roving ? 0 : -1}
      aria-pressed={chosen}
      aria-label={describe(date, tags)}
      disabled={disabled}
      onClick={() => pick(date)}
      onFocus={() => onFocus(date)}
      className={`relative aspect-square rounded text-sm focus-visible:outline-2 focus-visible:outline-brand-600 ${
        chosen
          ? 'bg-brand-700 font-bold text-white'
          : disabled
            ? 'cursor-not-allowed text-slate-400'
            : isBlackout
              ? 'bg-red-50 text-red-800 hover:bg-red-100'
              : inMonth
                ? 'text-slate-900 hover:bg-brand-50'
                : 'text-slate-600 hover:bg-brand-50'
      } ${date === today && !chosen ? 'ring-1 ring-brand-600' : ''}`}
    >
      {dayOfMonth(date)}
      {/* The box view's gowild and international tags, shortened to fit a cell (the legend spells them out). */}
      {!disabled && (tags.includes('gowild') || tags.includes('international')) ? (
        <span className="absolute top-0.5 right-0.5 flex gap-px" aria-hidden="true" data-testid="calendar-tags">
          {tags.includes('gowild') ? (
            <span className={`rounded-sm px-0.5 text-[8px] leading-3 font-semibold ${TAG_STYLES.gowild}`} data-tag="gowild">
              GW
            </span>
          ) : null}
          {tags.includes('international') ? (
            <span className={`rounded-sm px-0.5 text-[8px] leading-3 font-semibold ${TAG_STYLES.international}`} data-tag="international">
              INT
            </span>
          ) : null}
        </span>
      ) : null}
      {isBlackout && !disabled ? (
        <span className="absolute bottom-0.5 left-1/2 h-1 w-1 -translate-x-1/2 rounded-full bg-red-600" aria-hidden="true" />
      ) : null}
    </button>
  );
}

/** What the calendar's marks mean. */
function CalendarLegend() {
  return (
    <span className="ml-auto flex flex-wrap items-center gap-2 text-xs text-slate-600">
      <span className="flex items-center gap-1">
        <span className={`rounded-sm px-0.5 text-[8px] leading-3 font-semibold ${TAG_STYLES.gowild}`} aria-hidden="true">
          GW
        </span>{' '}
        gowild
      </span>
      <span className="flex items-center gap-1">
        <span className={`rounded-sm px-0.5 text-[8px] leading-3 font-semibold ${TAG_STYLES.international}`} aria-hidden="true">
          INT
        </span>{' '}
        international
      </span>
      <span className="flex items-center gap-1">
        <span className="h-2 w-2 rounded-full bg-red-600" aria-hidden="true" /> Blackout
      </span>
    </span>
  );
}

/** The month shown, with arrows (none before the first selectable month), and the weekdays' row. */
function MonthHeader({ month, canGoBack, onMonth }: { month: string; canGoBack: boolean; onMonth: (month: string) => void }) {
  return (
    <>
      <div className="mb-2 flex items-center justify-between gap-2">
        <button
          type="button"
          aria-label="Previous month"
          disabled={!canGoBack}
          onClick={() => onMonth(addMonths(month, -1))}
          className="rounded px-2 py-1 text-lg hover:bg-slate-100 disabled:opacity-30"
        >
          ‹
        </button>
        <span className="font-semibold" aria-live="polite">
          {formatMonthYear(month)}
        </span>
        <button
          type="button"
          aria-label="Next month"
          onClick={() => onMonth(addMonths(month, 1))}
          className="rounded px-2 py-1 text-lg hover:bg-slate-100"
        >
          ›
        </button>
      </div>
      <div className="grid grid-cols-7 gap-1 text-center text-xs font-medium text-slate-600" aria-hidden="true">
        {WEEKDAYS.map((d) => (
          <span key={d}>{d}</span>
        ))}
      </div>
    </>
  );
}

/** Says the blackout dates are being checked, or could not be; nothing once they are known. */
function BlackoutListStatus({ status }: { status: ReturnType<typeof useBlackoutStatus> }) {
  return status === 'loading' ? (
    <p role="status" className="mt-2 text-xs text-slate-600" data-testid="blackout-checking">
      {BLACKOUT_CHECKING}
    </p>
  ) : status === 'failed' ? (
    <p role="alert" className="mt-2 text-xs text-red-800" data-testid="blackout-failed">
      {BLACKOUT_ERROR} GoWild tags are hidden until they are known.
    </p>
  ) : null;
}

/**
 * The calendar's keyboard: one roving tab stop (the day last focused, else the chosen day, else the first selectable
 * one, else the month's first), and the arrow keys moving by a day or a week, across months, never into the past.
 */
function useCalendarFocus({
  cells,
  value,
  first,
  month,
  setMonth,
}: {
  cells: readonly { date: string; inMonth: boolean }[];
  value: string;
  first: string;
  month: string;
  setMonth: (month: string) => void;
}) {
  const [focusDate, setFocusDate] = useState<string | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const rovingDate =
    focusDate && cells.some((c) => c.date === focusDate)
      ? focusDate
      : (cells.find((c) => c.date === value)?.date ?? cells.find((c) => c.date === first)?.date ?? cells.find((c) => c.inMonth)!.date);

  const moveFocus = (date: string) => {
    if (isPast(date, first)) return;
    const target = monthStart(date);
    if (target !== month) setMonth(target);
    setFocusDate(date);
    requestAnimationFrame(() => gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${date}"]`)?.focus());
  };

  const onGridKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const current = (e.target as HTMLElement).dataset.date;
    if (!current) return;
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    moveFocus(addDays(current, step));
  };
  return { gridRef, rovingDate, setFocusDate, onGridKey };
}
