import { formatMediumDate, localToday } from '@gowild/contract/dates';
import { formatWholeDollars } from '@gowild/contract/money';
import { GOOD_PRICE_RULES, type GoodPrice, type PricePoint } from '@gowild/contract/observations';

type SeriesKey = 'standard' | 'discount_den';
export const SERIES: readonly { key: SeriesKey; name: string }[] = [
  { key: 'standard', name: 'Standard' },
  { key: 'discount_den', name: 'Discount Den' },
];

/** 'Nov 2' from an instant, in the traveller's own calendar. */
const dayOf = (instant: string) => formatMediumDate(localToday(new Date(instant)));

function seriesSentence(points: readonly PricePoint[], key: SeriesKey, name: string): string | null {
  const seen = points.filter((p) => p[key] !== null);
  if (seen.length === 0) return null;
  const first = seen[0]![key]!;
  const last = seen[seen.length - 1]![key]!;
  const low = Math.min(...seen.map((p) => p[key]!));
  const high = Math.max(...seen.map((p) => p[key]!));
  if (seen.length === 1 || low === high) return `${name} ${formatWholeDollars(last)} throughout`;
  const move =
    first === last
      ? `${formatWholeDollars(last)} now, as at first`
      : `from ${formatWholeDollars(first)} to ${formatWholeDollars(last)} now`;
  return `${name} ${move} (lowest ${formatWholeDollars(low)}, highest ${formatWholeDollars(high)})`;
}

/**
 * The sparkline said in words, its text alternative: 'Over 12 checks since Thu, Nov 2: Standard from $129 to $99 now
 * (lowest $89, highest $139); Discount Den $79 throughout.'
 */
export function historySummary(points: readonly PricePoint[]): string {
  if (points.length === 0) return 'No prices recorded for this date yet.';
  const sentences = SERIES.map((s) => seriesSentence(points, s.key, s.name)).filter((s): s is string => s !== null);
  const span = `Over ${points.length} ${points.length === 1 ? 'check' : 'checks'} since ${dayOf(points[0]!.observed_at)}`;
  return sentences.length ? `${span}: ${sentences.join('; ')}.` : `${span}: no Standard or Discount Den fare seen.`;
}

/** The badge's words for a screen reader and its tooltip. */
export function goodPriceDetail(good: GoodPrice): string {
  return `${formatWholeDollars(good.fare)} is in the lowest quarter of this route's fares over the last ${GOOD_PRICE_RULES.windowDays} days (at or under ${formatWholeDollars(good.threshold)})`;
}
