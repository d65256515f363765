/**
 * Days and times written out for people: 'December 1, 2026', 'Dec 1, 2026' and 'Dec 1, 6:00 PM', of an instant (ISO
 * text, epoch milliseconds or a Date) in a given zone, or in the reader's own zone when none is given. Calendar dates
 * (YYYY-MM-DD) have their own formats in dates.ts. One home for every 'Month d, yyyy' (decision 125) and every
 * 'Mon d, h:mm AM'; formatters are built once per zone.
 */
type Instant = string | number | Date;

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(month: 'long' | 'short', timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${month}|${timeZone ?? ''}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { year: 'numeric', month, day: 'numeric', ...(timeZone ? { timeZone } : {}) });
    cache.set(key, f);
  }
  return f;
}

function epochMs(instant: Instant): number {
  if (instant instanceof Date) return instant.getTime();
  return typeof instant === 'number' ? instant : Date.parse(instant);
}

/** 'December 1, 2026'; null for something that is not an instant. */
export function formatDayLong(instant: Instant, timeZone?: string): string | null {
  const t = epochMs(instant);
  return Number.isNaN(t) ? null : formatter('long', timeZone).format(t);
}

/** 'Dec 1, 2026'; null for something that is not an instant. */
export function formatDayShort(instant: Instant, timeZone?: string): string | null {
  const t = epochMs(instant);
  return Number.isNaN(t) ? null : formatter('short', timeZone).format(t);
}

/** What `formatDayTime` adds to 'Dec 1, 6:00 PM': the zone it reads the clock in (else the reader's), the year, the weekday. */
export interface DayTimeOptions {
  timeZone?: string;
  year?: boolean;
  weekday?: boolean;
}

const dayTimeCache = new Map<string, Intl.DateTimeFormat>();

function dayTimeFormatter({ timeZone, year = false, weekday = false }: DayTimeOptions): Intl.DateTimeFormat {
  const key = `${timeZone ?? ''}|${year}|${weekday}`;
  let f = dayTimeCache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      ...(weekday ? { weekday: 'short' } : {}),
      month: 'short',
      day: 'numeric',
      ...(year ? { year: 'numeric' } : {}),
      hour: 'numeric',
      minute: '2-digit',
      ...(timeZone ? { timeZone } : {}),
    });
    dayTimeCache.set(key, f);
  }
  return f;
}

/**
 * 'Dec 1, 6:00 PM'; with `year` 'Dec 1, 2026, 6:00 PM', with `weekday` as well 'Tue, Dec 1, 2026, 6:00 PM'. On the
 * clock of `timeZone` (an airport's, UTC) or the reader's own when none is given; null for something that is not an
 * instant. A zone Intl does not know throws, as Intl does.
 */
export function formatDayTime(instant: Instant, options: DayTimeOptions = {}): string | null {
  const t = epochMs(instant);
  return Number.isNaN(t) ? null : dayTimeFormatter(options).format(t);
}

/** Epoch seconds (Stripe's timestamps) as milliseconds, for the formats above. */
export const fromEpochSeconds = (seconds: number): number => seconds * 1000;

/**
 * '12:00 AM MT, Tue Nov 26': when a GoWild window opens, on the clock of `timeZone` named by its generic short name
 * (decision 175), or in UTC ('12:00 AM UTC, Tue Nov 26') when no zone is given. The one home of this format (the hub
 * search's second flight, a connection's leg). A zone Intl does not know throws, as Intl does.
 */
export function formatOpensAt(at: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timeZone ?? 'UTC',
    timeZoneName: timeZone ? 'shortGeneric' : 'short',
    hour: 'numeric',
    minute: '2-digit',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('hour')}:${part('minute')} ${part('dayPeriod')} ${part('timeZoneName')}, ${part('weekday')} ${part('month')} ${part('day')}`;
}
