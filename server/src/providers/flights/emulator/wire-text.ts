/** How the airline writes times, durations and dates on its pages. Shared by the two page shapes the emulator serves. */

const two = (n: number) => String(n).padStart(2, '0');

/** "6:20 AM" from an airport-local "2026-04-02T06:20:00". */
export function clock12(local: string): string {
  const h = Number(local.slice(11, 13));
  const m = local.slice(14, 16);
  return `${h % 12 === 0 ? 12 : h % 12}:${m} ${h < 12 ? 'AM' : 'PM'}`;
}

/** "13 hrs 22 min"; from a day on, "1 day(s) 1 hrs 28 min", as the real page writes a long connection. */
export function durationText(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const text = `${Math.floor((minutes % 1440) / 60)} hrs ${minutes % 60} min`;
  return days > 0 ? `${days} day(s) ${text}` : text;
}

/** "05:37:00": a leg's or a layover's length as the real page writes it. */
export function hhmmss(minutes: number): string {
  return `${two(Math.floor(minutes / 60))}:${two(minutes % 60)}:00`;
}

/** "2025-07-15T10:59:00Z". */
export function utcText(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

/** "07/15/2025 06:59", the form inside the site's fare keys, from an airport-local date-time. */
export function usDateTime(local: string): string {
  return `${local.slice(5, 7)}/${local.slice(8, 10)}/${local.slice(0, 4)} ${local.slice(11, 16)}`;
}

/** "6/12/2026": month and day without zero padding, as RetrieveSchedule writes its dates. */
export function usDate(isoDate: string): string {
  return `${Number(isoDate.slice(5, 7))}/${Number(isoDate.slice(8, 10))}/${isoDate.slice(0, 4)}`;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "Sat 7/12", a ribbon day's label. */
export function ribbonLabel(isoDate: string): string {
  const weekday = WEEKDAYS[new Date(`${isoDate}T00:00:00Z`).getUTCDay()];
  return `${weekday} ${Number(isoDate.slice(5, 7))}/${Number(isoDate.slice(8, 10))}`;
}
