/**
 * Calendar dates as YYYY-MM-DD strings in the traveller's own time zone (a date is a day on the wall calendar,
 * not an instant). Arithmetic goes through UTC so daylight-saving changes never skip or repeat a day.
 */

export type IsoDate = string;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDate(value: string | null | undefined): value is IsoDate {
  if (!value || !ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Today on the traveller's clock. */
export function localToday(now: Date = new Date()): IsoDate {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from a to b (b − a); negative when b is earlier. */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

export function isPast(date: IsoDate, today: IsoDate): boolean {
  return date < today;
}

/** 0 = Sunday. */
export function weekday(date: IsoDate): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

const fmt = (opts: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { ...opts, timeZone: 'UTC' });
const weekdayShort = fmt({ weekday: 'short' });
const monthShort = fmt({ month: 'short' });
const monthYear = fmt({ month: 'long', year: 'numeric' });
const longDate = fmt({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const mediumDate = fmt({ weekday: 'short', month: 'short', day: 'numeric' });

const utc = (date: IsoDate) => new Date(`${date}T00:00:00Z`);

export const formatWeekdayShort = (date: IsoDate) => weekdayShort.format(utc(date));
export const formatMonthShort = (date: IsoDate) => monthShort.format(utc(date));
/** 'April 2026' for the first day of a month. */
export const formatMonthYear = (date: IsoDate) => monthYear.format(utc(date));
/** 'Thursday, April 2, 2026'. */
export const formatLongDate = (date: IsoDate) => longDate.format(utc(date));
/** 'Thu, Apr 2'. */
export const formatMediumDate = (date: IsoDate) => mediumDate.format(utc(date));

export function dayOfMonth(date: IsoDate): number {
  return Number(date.slice(8, 10));
}

/** The first day of the month a date is in. */
export function monthStart(date: IsoDate): IsoDate {
  return `${date.slice(0, 7)}-01`;
}

export function addMonths(firstOfMonth: IsoDate, months: number): IsoDate {
  const d = utc(firstOfMonth);
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

export type DayTag = 'blackout' | 'available' | 'gowild' | 'international';

/**
 * Section 9 'Box tags': 'blackout' on blackout dates, else 'available' (past days are never offered);
 * 'gowild' on today and tomorrow (domestic GoWild seats open the day before departure); 'international' on
 * dates 0–9 days ahead (international GoWild seats open 10 days before).
 */
export function dayTags(date: IsoDate, today: IsoDate, blackout: ReadonlySet<string>): DayTag[] {
  if (isPast(date, today)) return [];
  const ahead = daysBetween(today, date);
  const tags: DayTag[] = [blackout.has(date) ? 'blackout' : 'available'];
  if (ahead <= 1) tags.push('gowild');
  if (ahead <= 9) tags.push('international');
  return tags;
}

/** The box view's days: `count` days starting today (section 9: 30). */
export function boxDays(today: IsoDate, count: number): IsoDate[] {
  return Array.from({ length: count }, (_, i) => addDays(today, i));
}

export interface CalendarCell {
  date: IsoDate;
  inMonth: boolean;
}

/** Section 9: 42 cells (6 weeks) starting on the Sunday on or before the 1st of the month. */
export function calendarCells(firstOfMonth: IsoDate, cells = 42): CalendarCell[] {
  const first = monthStart(firstOfMonth);
  const start = addDays(first, -weekday(first));
  const month = first.slice(0, 7);
  return Array.from({ length: cells }, (_, i) => {
    const date = addDays(start, i);
    return { date, inMonth: date.slice(0, 7) === month };
  });
}
