import { addDays, weekday as isoWeekdayOf } from '@gowild/contract/dates';
import type { DigestFrequency } from '@gowild/contract/digest';
import { localDate, localToUtcMs } from '@gowild/contract/local-time';

/** When a traveller's digests go out: daily or weekly (ISO weekday, 1 = Monday) at a whole hour of their clock. */
export interface DigestTiming {
  frequency: DigestFrequency;
  weekday: number;
  localHour: number;
  timeZone: string;
}

/** One digest slot: the instant it is due and the period it stands for ('daily:2026-11-28', the local date). */
export interface DigestSlot {
  at: Date;
  period: string;
  /** The local date of the slot. */
  date: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

function slotOn(date: string, t: DigestTiming): DigestSlot {
  return { at: new Date(localToUtcMs(`${date}T${pad(t.localHour)}:00:00`, t.timeZone)), period: `${t.frequency}:${date}`, date };
}

const isSlotDay = (date: string, t: DigestTiming) => t.frequency === 'daily' || isoWeekday(date) === t.weekday;

/** ISO weekday of a date (1 = Monday … 7 = Sunday). */
function isoWeekday(date: string): number {
  return ((isoWeekdayOf(date) + 6) % 7) + 1;
}

/**
 * The first slot strictly after `after` on the traveller's clock. A DST gap moves the hour forward (02:00 on a
 * spring-forward day is 03:00), so every local day still has its slot.
 */
export function nextSlot(t: DigestTiming, after: Date): DigestSlot {
  let date = addDays(localDate(after, t.timeZone), -1);
  for (let i = 0; i < 10; i++, date = addDays(date, 1)) {
    if (!isSlotDay(date, t)) continue;
    const slot = slotOn(date, t);
    if (slot.at.getTime() > after.getTime()) return slot;
  }
  throw new RangeError('no digest slot within 10 days');
}

/** The latest slot at or before `at`: the period a digest due now stands for (a late run still names its own period). */
export function slotAtOrBefore(t: DigestTiming, at: Date): DigestSlot {
  let date = addDays(localDate(at, t.timeZone), 1);
  for (let i = 0; i < 10; i++, date = addDays(date, -1)) {
    if (!isSlotDay(date, t)) continue;
    const slot = slotOn(date, t);
    if (slot.at.getTime() <= at.getTime()) return slot;
  }
  throw new RangeError('no digest slot within 10 days');
}
