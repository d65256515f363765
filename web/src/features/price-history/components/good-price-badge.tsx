import { OBSERVATION_MESSAGES, type GoodPrice } from '@gowild/contract/observations';
import { goodPriceDetail } from '../utils/history-text';

/** 'Good price' when today's fare is in the lowest quarter of the route's last 90 days; nothing otherwise. */
export function GoodPriceBadge({ goodPrice }: { goodPrice: GoodPrice | null | undefined }) {
  if (!goodPrice?.good) return null;
  const detail = goodPriceDetail(goodPrice);
  return (
    <span
      className="inline-flex items-center rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900"
      title={detail}
      data-testid="good-price-badge"
    >
      {OBSERVATION_MESSAGES.goodPrice}
      <span className="sr-only">: {detail}</span>
    </span>
  );
}
