import { localToUtcMs } from '@gowild/contract/local-time';

/**
 * The instant of an airport-local wall-clock time ('2026-04-02T06:15:00') in an IANA zone. Without a zone (the
 * airports list has not loaded or lacks the airport) the time is read as UTC, which is exact when both ends of a
 * difference share a zone.
 */
export function localToEpochMs(local: string, timeZone: string | null | undefined): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(local);
  if (!m) return Number.NaN;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
  if (!timeZone) return wall;
  try {
    return localToUtcMs(local, timeZone);
  } catch {
    return wall;
  }
}
