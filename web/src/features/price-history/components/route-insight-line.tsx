import { likelihoodText, OBSERVATION_MESSAGES } from '@gowild/contract/observations';
import { useRouteInsights } from '../api/get-route-insights';
import { GoodPriceBadge } from './good-price-badge';

/**
 * A results card's line of history (docs/product/date-grid-and-history.md#likelihood): how often GoWild was offered on the
 * route, and the good-price badge. One call serves every card of the search; a route the answer leaves out (never
 * observed when its GoWild window opened) has not enough history yet. Nothing while loading or when the call fails.
 */
export function RouteInsightLine({ origin, destination, date }: { origin: string; destination: string; date: string }) {
  const insights = useRouteInsights(origin, date);
  if (!insights.isSuccess) return null;
  const route = insights.data.routes[destination];
  return (
    <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-0.5" data-testid="route-insight">
      <span className="text-xs text-slate-600">{route ? likelihoodText(route.likelihood) : OBSERVATION_MESSAGES.notEnoughHistory}</span>
      <GoodPriceBadge goodPrice={route?.good_price} />
    </span>
  );
}
