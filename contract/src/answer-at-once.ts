import { hasGoWild, lowestFare } from './flight-format';
import type { Flight } from './flights';
import { formatWholeDollars } from './money';
import { checkedAgoText } from './observations';

/**
 * What a destination card says while a search answered at once is confirmed live, and after
 * (docs/product/search.md#answer-at-once, #destination-cards).
 */
export const ANSWER_AT_ONCE_TEXTS = {
  confirming: 'confirming…',
  /** The airline did not answer the confirmation: the fares shown are those last seen, with their age. */
  notConfirmed: 'could not confirm',
  goWildSoldOut: 'GoWild sold out since we last checked',
} as const;

/** The price a card leads with: its cheapest GoWild fare when it has one, else its lowest fare; null when none. */
export function headlinePrice(flights: readonly Flight[]): { goWild: boolean; price: number } | null {
  let goWild: number | null = null;
  let lowest: number | null = null;
  for (const f of flights) {
    if (hasGoWild(f)) goWild = Math.min(goWild ?? Infinity, f.fares.go_wild!.total);
    const p = lowestFare(f);
    if (p !== null) lowest = Math.min(lowest ?? Infinity, p);
  }
  if (goWild !== null) return { goWild: true, price: goWild };
  return lowest === null ? null : { goWild: false, price: lowest };
}

/**
 * What changed between what was last seen and the live answer, as the card says it: 'GoWild sold out since we last
 * checked' when GoWild was on sale and is no longer, 'now $168 (was $161)' when the price the card leads with moved,
 * or null when nothing the card shows changed.
 */
export function confirmedChangeText(seen: readonly Flight[], live: readonly Flight[]): string | null {
  const before = headlinePrice(seen);
  const after = headlinePrice(live);
  if (before?.goWild && !after?.goWild) return ANSWER_AT_ONCE_TEXTS.goWildSoldOut;
  if (before && after && before.goWild === after.goWild && before.price !== after.price)
    return `now ${formatWholeDollars(after.price)} (was ${formatWholeDollars(before.price)})`;
  return null;
}

/**
 * The card's freshness line: 'checked 2 h ago · confirming…' while the airline is asked, 'checked 2 h ago · could
 * not confirm' when it did not answer (never shown as fresh), 'checked just now' once confirmed.
 */
export function freshnessText(checkedAt: string, state: 'confirming' | 'unconfirmed' | 'confirmed', now: Date = new Date()): string {
  const ago = checkedAgoText(checkedAt, now);
  if (state === 'confirming') return `${ago} · ${ANSWER_AT_ONCE_TEXTS.confirming}`;
  if (state === 'unconfirmed') return `${ago} · ${ANSWER_AT_ONCE_TEXTS.notConfirmed}`;
  return ago;
}
