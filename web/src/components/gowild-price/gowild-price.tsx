import type { GoWildRouteKind } from '@gowild/contract/gowild-window';
import { GOWILD_FARE_TYPE_NOTES, GOWILD_PRICE_BOUNDS_NOTE, goWildFareLabel, goWildPriceLines } from '@gowild/contract/gowild-fare';
import type { Flight } from '@gowild/contract/flights';
import { formatDollars } from '@gowild/contract/money';

/**
 * What a GoWild price is made of (docs/product/search.md#gowild-price): the $0.01 fare, the taxes and fees and any
 * Early Booking or Peak Day charge, so no traveller wonders why it is not $0.01. Closed by default.
 */
export function GoWildPrice({
  flight,
  routeKind,
  chargeFromUsd,
}: {
  flight: Flight;
  routeKind?: GoWildRouteKind;
  /** The pass year's lowest charge of the fare's kind (GET /api/config), when known. */
  chargeFromUsd?: number | null;
}) {
  const fare = flight.fares.go_wild;
  if (!fare || !(fare.total > 0)) return null;
  const fareType = fare.fare_type ?? 'standard';
  const lines = goWildPriceLines({
    total: fare.total,
    fareType,
    kind: routeKind ?? 'international',
    segments: flight.segments,
    chargeFromUsd,
  });
  return (
    <details className="mt-2 text-xs text-slate-700" data-testid="gowild-price" data-fare-type={fareType}>
      <summary className="cursor-pointer font-medium text-brand-800 underline underline-offset-2">
        What is in the {goWildFareLabel(fare.fare_type)} price?
      </summary>
      <p className="mt-1">{GOWILD_FARE_TYPE_NOTES[fareType]}</p>
      <dl className="mt-1 grid max-w-xs grid-cols-[1fr_auto] gap-x-4">
        {lines.map((l) => (
          <div key={l.label} className="contents">
            <dt>{l.label}</dt>
            <dd className="text-right tabular-nums">
              {l.bound === 'at-most' ? 'up to ' : l.bound === 'at-least' ? 'from ' : ''}
              {formatDollars(l.usd)}
            </dd>
          </div>
        ))}
        <dt className="font-semibold">Total</dt>
        <dd className="text-right font-semibold tabular-nums">{formatDollars(fare.total)}</dd>
      </dl>
      {lines.some((l) => l.bound) ? <p className="mt-1 text-slate-600">{GOWILD_PRICE_BOUNDS_NOTE}</p> : null}
    </details>
  );
}
