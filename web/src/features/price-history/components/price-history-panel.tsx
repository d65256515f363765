import { likelihoodText, OBSERVATION_MESSAGES } from '@gowild/contract/observations';
import { usePriceHistory, type RouteDate } from '../api/get-price-history';
import { GoodPriceBadge } from './good-price-badge';
import { isRibbonPoint } from '../utils/history-text';
import { Sparkline, SparklineKey } from './sparkline';

/**
 * A route's fares for the date as we saw them over time (docs/product/date-grid-and-history.md#price-history), with the
 * good-price badge and the GoWild likelihood. Says nothing when the history cannot be had: it is extra, never in
 * the way of the flights.
 */
export function PriceHistoryPanel({
  route,
  compact = false,
  title = 'Price history',
  now,
}: {
  route: RouteDate;
  compact?: boolean;
  title?: string;
  /** The clock "seen 2 h ago" is told against (tests pin it). */
  now?: Date;
}) {
  const history = usePriceHistory(route);
  if (!history.isSuccess) return null;
  const { points, good_price: goodPrice, likelihood, demo, flight_likelihood: perFlight } = history.data;
  const flights = Object.entries(perFlight ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return (
    <section
      aria-label={`Price history, ${route.origin} to ${route.destination}`}
      className={compact ? 'space-y-1' : 'space-y-1 rounded-lg border border-slate-200 bg-white p-3'}
      data-testid="price-history"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h4 className="text-sm font-semibold text-slate-800">{title}</h4>
        <GoodPriceBadge goodPrice={goodPrice} />
        {demo ? (
          <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900" title={OBSERVATION_MESSAGES.demoData}>
            Demo data
          </span>
        ) : null}
        <span className="text-xs text-slate-600" data-testid="history-likelihood">
          {likelihoodText(likelihood)}
        </span>
      </div>
      {points.length ? <SparklineKey ribbon={points.some(isRibbonPoint)} /> : null}
      <Sparkline points={points} now={now} />
      {flights.length ? (
        <ul
          className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-slate-600"
          aria-label="GoWild likelihood per flight"
          data-testid="flight-likelihood"
        >
          {flights.map(([flight, l]) => (
            <li key={flight}>
              <span className="font-medium text-slate-800">{flight}</span>: {likelihoodText(l)}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
