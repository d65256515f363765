import { type IsoDate, addDays, daysBetween, isPast, monthStart, weekday } from '@gowild/contract/dates';
import { formatWholeDollars } from '@gowild/contract/money';

/** What the date selector lays out and tags; the date arithmetic itself is the contract's dates module. */

export type DayTag = 'blackout' | 'available' | 'gowild' | 'international' | 'peak-day';

/** How each tag reads, on screen and to a screen reader. 'peak-day' is a phrase, never a chip a pass holder could mistake for "GoWild available". */
export const DAY_TAG_WORDS: Record<DayTag, string> = {
  blackout: 'blackout',
  available: 'available',
  gowild: 'gowild',
  international: 'international',
  'peak-day': 'GoWild needs a Peak Day Charge',
};

/**
 * The Peak Day line with the charge's amount when it is known (issue 31): 'GoWild needs a Peak Day Charge (from $79)'.
 * The amount is the pass year's figure from the server's configuration (docs/product/search.md#pass-charges).
 */
export function peakDayWords(chargeFrom: number | null | undefined): string {
  return chargeFrom == null ? DAY_TAG_WORDS['peak-day'] : `${DAY_TAG_WORDS['peak-day']} (from ${formatWholeDollars(chargeFrom)})`;
}

/**
 * docs/product/search.md#date-selector: 'blackout' on blackout dates, else 'available' (past days are never offered);
 * 'gowild' on today and tomorrow (domestic GoWild seats open the day before departure); 'international' on
 * dates 0–9 days ahead (international GoWild seats open 10 days before). A blackout date carries neither GoWild tag:
 * the pass is not valid then, and the one way to fly it on GoWild is the airline's Peak Day Charge, said in words
 * ('peak-day') on the days a GoWild window would otherwise be open.
 *
 * `blackout` is null while the blackout list is not known (loading, or it failed): then no day is tagged at all, since
 * 'available' or 'gowild' on a day that turns out to be a blackout would tell a traveller GoWild is open when it is not.
 */
export function dayTags(date: IsoDate, today: IsoDate, blackout: ReadonlySet<string> | null): DayTag[] {
  if (isPast(date, today) || blackout === null) return [];
  const ahead = daysBetween(today, date);
  if (blackout.has(date)) return ahead <= 9 ? ['blackout', 'peak-day'] : ['blackout'];
  const tags: DayTag[] = ['available'];
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

/**
 * The first day from `from` on that is not a blackout date (docs/product/alerts.md#alert-modal, trip-finder.md#the-form):
 * what a form offers by default, so a traveller never starts on a day GoWild is not valid. Looks a year ahead at
 * most; `from` itself when every day of it is a blackout.
 */
export function firstNonBlackoutDay(from: IsoDate, blackout: ReadonlySet<string>): IsoDate {
  for (let i = 0; i < 366; i++) {
    const day = addDays(from, i);
    if (!blackout.has(day)) return day;
  }
  return from;
}
