import { formatWholeDollars } from '@gowild/contract/money';
import { HOTEL_MESSAGES } from '@gowild/contract/extras';

/** docs/product/destination-extras.md#hotel-card: 9 or more green, 8 or more blue, 7 or more yellow, below 7 orange. */
export function scoreColour(score: number): 'green' | 'blue' | 'yellow' | 'orange' {
  if (score >= 9) return 'green';
  if (score >= 8) return 'blue';
  if (score >= 7) return 'yellow';
  return 'orange';
}

export const SCORE_CLASSES: Record<ReturnType<typeof scoreColour>, string> = {
  green: 'bg-emerald-700 text-white',
  blue: 'bg-blue-700 text-white',
  yellow: 'bg-yellow-300 text-yellow-950',
  orange: 'bg-orange-700 text-white',
};

/** '$142' a night, or 'Price unavailable' when the price is missing or not positive. */
export function nightlyPrice(price: number | null | undefined): string {
  if (price == null || !(price > 0)) return HOTEL_MESSAGES.priceUnavailable;
  return formatWholeDollars(price);
}

/** Stars shown: the property class capped at 5, none when unrated. */
export function starCount(stars: number | null | undefined): number {
  if (stars == null || !(stars > 0)) return 0;
  return Math.min(5, Math.round(stars));
}
