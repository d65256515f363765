import { z } from 'zod';

/**
 * Calendar dates as YYYY-MM-DD strings: a day on the wall calendar, not an instant. Arithmetic goes through UTC
 * midnight so daylight-saving changes never skip or repeat a day. Anything that reads the clock takes `now`, so
 * tests can pin time. Zone-aware "today at an airport" lives in local-time.ts (it needs the zone rules).
 */
export type IsoDate = string;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

const utcMidnight = (date: IsoDate) => new Date(`${date}T00:00:00Z`);

/**
 * The UTC calendar day of an instant. The one place the `toISOString().slice(0, 10)` idiom lives (eslint forbids it
 * elsewhere): callers say which day they mean, UTC here or an airport's own with local-time.ts's `todayAt`.
 */
export function utcDateOf(instant: Date | number): IsoDate {
  return (typeof instant === 'number' ? new Date(instant) : instant).toISOString().slice(0, 10);
}

/** A real calendar date in YYYY-MM-DD form (no 2026-02-30). */
export function isIsoDate(value: string | null | undefined): value is IsoDate {
  if (!value || !ISO_DATE.test(value)) return false;
  const d = utcMidnight(value);
  return !Number.isNaN(d.getTime()) && utcDateOf(d) === value;
}

/** Dates travel as YYYY-MM-DD (docs/product/search.md#dates). */
export const isoDateSchema = z
  .string()
  .regex(ISO_DATE, 'Date must be in YYYY-MM-DD format')
  .refine((s) => isIsoDate(s), 'Date is not a real calendar date');

/** Today in UTC. */
export function todayUtc(now: Date = new Date()): IsoDate {
  return utcDateOf(now);
}

/** Today on this machine's clock: the traveller's own day in the browser. */
export function localToday(now: Date = new Date()): IsoDate {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const d = utcMidnight(date);
  d.setUTCDate(d.getUTCDate() + days);
  return utcDateOf(d);
}

/** Whole days from `from` to `to` (to − from); negative when `to` is earlier. */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export function isPast(date: IsoDate, today: IsoDate): boolean {
  return date < today;
}

/** 0 = Sunday. */
export function weekday(date: IsoDate): number {
  return utcMidnight(date).getUTCDay();
}

export function dayOfMonth(date: IsoDate): number {
  return Number(date.slice(8, 10));
}

/** The first day of the month a date is in. */
export function monthStart(date: IsoDate): IsoDate {
  return `${date.slice(0, 7)}-01`;
}

export function addMonths(firstOfMonth: IsoDate, months: number): IsoDate {
  const d = utcMidnight(firstOfMonth);
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  return utcDateOf(d);
}

// Formatters are built once: Intl.DateTimeFormat is slow to construct and these run per calendar cell.
const fmt = (opts: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { ...opts, timeZone: 'UTC' });
const weekdayShort = fmt({ weekday: 'short' });
const monthShort = fmt({ month: 'short' });
const monthYear = fmt({ month: 'long', year: 'numeric' });
const longDate = fmt({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const mediumDate = fmt({ weekday: 'short', month: 'short', day: 'numeric' });
const mediumDateWithYear = fmt({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });

/** 'Thu'. */
export const formatWeekdayShort = (date: IsoDate) => weekdayShort.format(utcMidnight(date));
/** 'Apr'. */
export const formatMonthShort = (date: IsoDate) => monthShort.format(utcMidnight(date));
/** 'April 2026' for the first day of a month. */
export const formatMonthYear = (date: IsoDate) => monthYear.format(utcMidnight(date));
/** 'Thursday, April 2, 2026'. */
export const formatLongDate = (date: IsoDate) => longDate.format(utcMidnight(date));
/** 'Thu, Apr 2'. */
export const formatMediumDate = (date: IsoDate) => mediumDate.format(utcMidnight(date));

/** 'Thu, Apr 2, 2026'; anything that is not a date comes back as given. */
export function formatMediumDateWithYear(date: IsoDate): string {
  const d = utcMidnight(date);
  return Number.isNaN(d.getTime()) ? date : mediumDateWithYear.format(d);
}
