import { type IsoDate, todayUtc } from './dates';

/**
 * Airport-local wall-clock times (YYYY-MM-DDTHH:mm:ss, no zone, as the airline gives them) and instants, converted
 * with each airport's IANA zone. Intl does the zone rules; formatters are cached because searches convert a lot.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function wallClockParts(utcMs: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(utcMs))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { y: parts.year ?? 0, mo: parts.month ?? 1, d: parts.day ?? 1, h: parts.hour ?? 0, mi: parts.minute ?? 0, s: parts.second ?? 0 };
}

const QUARTER_HOUR = 15 * 60_000;
const DAY = 86_400_000;
const offsets = new Map<string, number>();

function offsetAt(at: number, timeZone: string): number {
  const p = wallClockParts(at, timeZone);
  return Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s) - at;
}

function remember(key: string, value: number): number {
  if (offsets.size > 100_000) offsets.clear();
  offsets.set(key, value);
  return value;
}

/**
 * Offset of the zone from UTC at that instant, in milliseconds (east positive). Searches convert thousands of
 * times, so offsets are cached: one per zone and UTC day when the offset is the same at both ends of the day,
 * else (a day with a zone change, which happens on a quarter hour) one per quarter hour.
 */
function offsetMs(utcMs: number, timeZone: string): number {
  const day = Math.floor(utcMs / DAY);
  const dayKey = `${timeZone}|d${day}`;
  let offset = offsets.get(dayKey);
  if (offset === undefined) {
    const start = offsetAt(day * DAY, timeZone);
    offset = remember(dayKey, start === offsetAt(day * DAY + DAY - QUARTER_HOUR, timeZone) ? start : Number.NaN);
  }
  if (!Number.isNaN(offset)) return offset;
  const slot = Math.floor(utcMs / QUARTER_HOUR);
  const slotKey = `${timeZone}|q${slot}`;
  return offsets.get(slotKey) ?? remember(slotKey, offsetAt(slot * QUARTER_HOUR, timeZone));
}

/** The instant a local wall-clock time stands for. In a DST gap or overlap it picks the reading after the change. */
export function localToUtcMs(localIso: string, timeZone: string): number {
  const asUtc = Date.parse(`${localIso.slice(0, 19)}Z`);
  if (Number.isNaN(asUtc)) throw new RangeError(`not a local date-time: ${localIso}`);
  const first = asUtc - offsetMs(asUtc, timeZone);
  return asUtc - offsetMs(first, timeZone);
}

export function utcToLocalIso(utcMs: number, timeZone: string): string {
  return new Date(utcMs + offsetMs(utcMs, timeZone)).toISOString().slice(0, 19);
}

/** Today's date (YYYY-MM-DD) at a place. */
export function localDate(now: Date, timeZone: string): string {
  return utcToLocalIso(now.getTime(), timeZone).slice(0, 10);
}

/** Today at an airport: its own calendar day when its zone is known, else the UTC day. */
export function todayAt(timeZone: string | null | undefined, now: Date): IsoDate {
  return timeZone ? localDate(now, timeZone) : todayUtc(now);
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}
