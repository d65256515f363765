import { formatMediumDate, localToday } from '@gowild/contract/dates';
import { formatWholeDollars } from '@gowild/contract/money';
import { GOOD_PRICE_RULES, type GoodPrice, type PricePoint, ribbonFareText } from '@gowild/contract/observations';

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

/** A point of the airline's week view (decision 243): the lowest fare only, beside the answers' fares by type. */
export const isRibbonPoint = (p: PricePoint) => p.source === 'ribbon';

/**
 * The week view's points in words: "Lowest fare $99 from the airline's week view, seen 2 h ago (3 sightings since
 * Mon, Nov 2: lowest $89, highest $109)."
 */
function ribbonSentence(points: readonly PricePoint[], now: Date): string | null {
  const seen = points.filter((p) => p.lowest_fare !== null && p.lowest_fare !== undefined);
  const last = seen[seen.length - 1];
  if (!last) return null;
  const latest = ribbonFareText(last.lowest_fare!, last.observed_at, now);
  const said = `${latest.charAt(0).toUpperCase()}${latest.slice(1)}`;
  if (seen.length === 1) return `${said}.`;
  const fares = seen.map((p) => p.lowest_fare!);
  const range = `lowest ${formatWholeDollars(Math.min(...fares))}, highest ${formatWholeDollars(Math.max(...fares))}`;
  return `${said} (${seen.length} sightings since ${dayOf(seen[0]!.observed_at)}: ${range}).`;
}

/**
 * The sparkline said in words, its text alternative: 'Over 12 checks since Thu, Nov 2: Standard from $129 to $99 now
 * (lowest $89, highest $139); Discount Den $79 throughout.', then what the airline's week view showed for the date.
 */
export function historySummary(points: readonly PricePoint[], now: Date = new Date()): string {
  if (points.length === 0) return 'No prices recorded for this date yet.';
  const answers = points.filter((p) => !isRibbonPoint(p));
  const parts: string[] = [];
  if (answers.length > 0) {
    const sentences = SERIES.map((s) => seriesSentence(answers, s.key, s.name)).filter((s): s is string => s !== null);
    const span = `Over ${answers.length} ${answers.length === 1 ? 'check' : 'checks'} since ${dayOf(answers[0]!.observed_at)}`;
    parts.push(sentences.length ? `${span}: ${sentences.join('; ')}.` : `${span}: no Standard or Discount Den fare seen.`);
  }
  const ribbon = ribbonSentence(points.filter(isRibbonPoint), now);
  if (ribbon) parts.push(ribbon);
  return parts.join(' ');
}

/** The badge's words for a screen reader and its tooltip. */
export function goodPriceDetail(good: GoodPrice): string {
  return `${formatWholeDollars(good.fare)} is in the lowest quarter of this route's fares over the last ${GOOD_PRICE_RULES.windowDays} days (at or under ${formatWholeDollars(good.threshold)})`;
}
