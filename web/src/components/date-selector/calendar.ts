import { type IsoDate, addDays, daysBetween, isPast, monthStart, weekday } from '@gowild/contract/dates';

/** What the date selector lays out and tags; the date arithmetic itself is the contract's dates module. */

export type DayTag = 'blackout' | 'available' | 'gowild' | 'international';

/**
 * docs/product/search.md#date-selector: 'blackout' on blackout dates, else 'available' (past days are never offered);
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

/** The box view's days: `count` days starting today (docs/product/search.md#date-selector: 30). */
export function boxDays(today: IsoDate, count: number): IsoDate[] {
  return Array.from({ length: count }, (_, i) => addDays(today, i));
}

export interface CalendarCell {
  date: IsoDate;
  inMonth: boolean;
}

/** docs/product/search.md#date-selector: 42 cells (6 weeks) starting on the Sunday on or before the 1st of the month. */
export function calendarCells(firstOfMonth: IsoDate, cells = 42): CalendarCell[] {
  const first = monthStart(firstOfMonth);
  const start = addDays(first, -weekday(first));
  const month = first.slice(0, 7);
  return Array.from({ length: cells }, (_, i) => {
    const date = addDays(start, i);
    return { date, inMonth: date.slice(0, 7) === month };
  });
}
