import { formatWholeDollars } from '@gowild/contract/money';
import { hasGoWild, lowestFare } from '@gowild/contract/flight-format';
import { goWildFareLabel } from '@gowild/contract/gowild-fare';
import { DEFAULT_FLIGHT_SORT } from '@gowild/contract/flight-sort';
import type { Flight, GoWildFare } from '@gowild/contract/flights';
import { ALERT_MESSAGES } from '@gowild/contract/notifications';
import { freshnessText } from '@gowild/contract/answer-at-once';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { type RouteOnDate, useSearchPanels } from '@/components/search-panels/search-panels';
import { paths } from '@/config/paths';
import { FILTER_LIMITS, type FlightFilters, applyFilters, defaultFilters, isDefaultFilters, priceCeiling } from '../utils/filters';
import { FlightFiltersPanel } from './flight-filters-panel';
import { FlightRow } from './flight-row';
import { PremiumCrown } from './premium-crown';

export interface DestinationCardProps {
  code: string;
  /** 'Denver (DEN)' when the airport is known. */
  name: string;
  flights: Flight[];
  expanded: boolean;
  onToggle: () => void;
  isPremium: boolean;
  /**
   * The card's route on the searched date (an outbound card's origin as searched; an inbound card's destination): its
   * panels are read for it (useSearchPanels).
   */
  route: RouteOnDate;
  /** Outbound only: choose this flight and look for a way back. */
  onSelectDeparture?: (flight: Flight) => void;
  /** Inbound results are keyed by origin: the card lists flights from `code`, not to it. */
  inbound?: boolean;
  /** Opens the price-alert modal for this card (premium users); without it the card has no alert button. */
  onPriceAlert?: () => void;
  /** Visitors pressing 'Price alert' are asked to log in (docs/product/alerts.md#who-may-create-alerts). */
  signedIn?: boolean;
  /** A line above the filters, e.g. why this route has no GoWild fare on the date. */
  notice?: ReactNode;
  /** When the airline's answer for this destination was fetched (ISO instant): 'checked 12 min ago'. */
  checkedAt?: string;
  /** Premium: the live re-check of this destination, at the top of the open card (RecheckControl). */
  recheck?: ReactNode;
  /**
   * Answer at once (docs/product/search.md#answer-at-once): the fares last seen, while the airline is asked
   * (`confirming`) or after it did not answer (`unconfirmed`); `change`: what the live answer changed.
   */
  confirming?: boolean;
  unconfirmed?: boolean;
  change?: string;
  /**
   * The card's filters when the results hold them (so the flat list honours them too, and they start from the
   * account's remembered ones); `onFiltersChange(null)` is Reset. Without them the card keeps its own.
   */
  filters?: FlightFilters;
  onFiltersChange?: (next: FlightFilters | null) => void;
}

/** 'checked 2 h ago · confirming…', 'checked 2 h ago · could not confirm' or 'checked 12 min ago', with the exact time on hover. */
function Freshness({ checkedAt, confirming, unconfirmed }: { checkedAt: string; confirming: boolean; unconfirmed: boolean }) {
  const state = confirming ? 'confirming' : unconfirmed ? 'unconfirmed' : 'confirmed';
  return (
    <span
      data-testid="checked-ago"
      data-state={state}
      title={new Date(checkedAt).toLocaleString()}
      className={confirming ? 'text-slate-500' : unconfirmed ? 'text-amber-800' : undefined}
    >
      {` · ${freshnessText(checkedAt, state)}`}
    </span>
  );
}

/** The cheapest GoWild fare of the destination, with its kind (a charged kind is named on the card). */
function cheapestGoWild(flights: readonly Flight[]): GoWildFare | null {
  let best: GoWildFare | null = null;
  for (const f of flights) if (hasGoWild(f) && (best === null || f.fares.go_wild!.total < best.total)) best = f.fares.go_wild!;
  return best;
}

/**
 * 'Puerto Vallarta, Mexico (PVR)': the place may be cut short on a narrow screen, the airport code never is (it is
 * what a pass holder scans the list for).
 */
function DestinationName({ name, code }: { name: string; code: string }) {
  const suffix = ` (${code})`;
  const place = name.endsWith(suffix) ? name.slice(0, -suffix.length) : name === code ? '' : name;
  return (
    <>
      {/* Read as one text; the two visible parts below are for the eye only. */}
      <span className="sr-only">{name}</span>
      <span className="flex min-w-0 items-baseline font-semibold text-slate-900" aria-hidden="true">
        {place ? (
          <span className="min-w-0 truncate" title={place}>
            {place}
          </span>
        ) : null}
        <span className="shrink-0 whitespace-pre" data-testid="destination-code">
          {place ? ` (${code})` : code}
        </span>
      </span>
    </>
  );
}

/** A destination of the results: a header that expands (one card at a time) into weather, filters and flights. */
export function DestinationCard({
  code,
  name,
  flights,
  expanded,
  onToggle,
  isPremium,
  route,
  onSelectDeparture,
  inbound = false,
  onPriceAlert,
  signedIn = true,
  notice,
  checkedAt,
  recheck,
  confirming = false,
  unconfirmed = false,
  change,
  filters: heldFilters,
  onFiltersChange,
}: DestinationCardProps) {
  const panelId = useId();
  const panels = useSearchPanels();
  // The route history is the outbound results' (by destination); an inbound card's origin has none.
  const insight = inbound ? null : panels.cardInsight?.(route);
  // What a visitor or a free user gets instead of the alert modal.
  const [alertGate, setAlertGate] = useState<'login' | 'premium' | null>(null);
  const onAlert = () => {
    if (!signedIn) setAlertGate('login');
    else if (!isPremium) setAlertGate('premium');
    else onPriceAlert?.();
  };
  const listTitle = `Flights ${inbound ? 'from' : 'to'} ${code}`;
  const ceiling = useMemo(() => priceCeiling(flights), [flights]);
  const [ownFilters, setOwnFilters] = useState<FlightFilters>(() => defaultFilters(flights));
  const filters = heldFilters ?? ownFilters;
  const setFilters = (next: FlightFilters) => (onFiltersChange ? onFiltersChange(next) : setOwnFilters(next));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const shown = useMemo(() => applyFilters(flights, filters, ceiling), [flights, filters, ceiling]);
  const goWild = cheapestGoWild(flights);
  const lowest = flights.reduce<number | null>((m, f) => {
    const p = lowestFare(f);
    return p !== null && (m === null || p < m) ? p : m;
  }, null);

  return (
    <li
      className="gw-fade-in overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
      data-testid="destination-card"
      data-code={code}
      data-gowild={goWild !== null}
      data-confirming={confirming || undefined}
    >
      <CardHeader
        {...{ code, name, flights, expanded, onToggle, checkedAt, confirming, unconfirmed, change, insight, goWild, lowest }}
        panelId={panelId}
      />
      {expanded ? (
        <div id={panelId} className="space-y-3 border-t border-slate-100 px-3 pt-3 pb-4 sm:px-4">
          {recheck}
          {panels.weather?.(code, route.date)}
          {inbound ? null : panels.cardHistory?.(route)}
          {!isPremium ? (
            <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-dashed border-amber-300 bg-amber-50 px-3 py-2 text-sm">
              <span className="text-amber-900">
                <PremiumCrown /> Interactive flight map — a Premium feature
              </span>
              <Link to={paths.plans} className="font-semibold text-amber-900 underline underline-offset-2">
                Upgrade
              </Link>
            </div>
          ) : (
            panels.flightMap?.(code, flights)
          )}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h4 className="text-sm font-semibold text-slate-800">{listTitle}</h4>
            {onPriceAlert ? (
              <Button
                variant={isPremium ? 'outline' : 'locked'}
                size="xs"
                onClick={onAlert}
                aria-haspopup={isPremium && signedIn ? 'dialog' : undefined}
                data-testid="price-alert-button"
              >
                {!isPremium ? <PremiumCrown /> : null} Price alert
              </Button>
            ) : null}
          </div>
          {alertGate ? <AlertGate gate={alertGate} /> : null}
          {notice}
          <button
            type="button"
            aria-expanded={filtersOpen}
            onClick={() => setFiltersOpen((x) => !x)}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-left text-sm font-semibold text-slate-800 sm:hidden"
          >
            {filtersOpen ? 'Hide filters' : 'Filters'}
            {!isDefaultFilters(filters, ceiling) || filters.sort !== DEFAULT_FLIGHT_SORT ? ' (on)' : ''}
          </button>
          <FlightFiltersPanel
            filters={filters}
            onChange={setFilters}
            ceiling={ceiling}
            onReset={() => (onFiltersChange ? onFiltersChange(null) : setOwnFilters(defaultFilters(flights)))}
            openOnSmall={filtersOpen}
          />
          <CardFlights
            flights={flights}
            shown={shown}
            filtered={!isDefaultFilters(filters, ceiling)}
            listTitle={listTitle}
            isPremium={isPremium}
            onSelectDeparture={onSelectDeparture}
          />
          {inbound ? null : panels.destinationExtras?.(code, route.date, flights)}
        </div>
      ) : null}
    </li>
  );
}

/** The header's price: the cheapest GoWild fare (a charged kind named, amber), else the lowest fare. */
function FareChip({ goWild, lowest }: { goWild: GoWildFare | null; lowest: number | null }) {
  return goWild !== null ? (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${(goWild.fare_type ?? 'standard') === 'standard' ? 'bg-brand-700 text-white' : 'border border-amber-500 bg-amber-50 text-amber-950'}`}
      data-testid="gowild-chip"
      data-fare-type={goWild.fare_type ?? 'standard'}
    >
      {(goWild.fare_type ?? 'standard') === 'standard' ? (
        goWildFareLabel(goWild.fare_type)
      ) : (
        // On a phone the kind alone ('Peak Day $94', amber) leaves room for the destination's name.
        <>
          <span className="hidden sm:inline">GoWild </span>
          {goWildFareLabel(goWild.fare_type).replace(/^GoWild /, '')}
        </>
      )}{' '}
      {formatWholeDollars(goWild.total)}
    </span>
  ) : lowest !== null ? (
    <span className="text-sm font-semibold text-slate-800">from {formatWholeDollars(lowest)}</span>
  ) : null;
}

/** What a visitor (log in) or a free user (upgrade) gets instead of the alert modal. */
function AlertGate({ gate }: { gate: 'login' | 'premium' }) {
  return (
    <Notice
      tone="warning"
      role="alert"
      actionAt="end"
      action={
        <Link to={gate === 'login' ? paths.login : paths.plans} className="font-semibold text-amber-900 underline underline-offset-2">
          {gate === 'login' ? 'Log in' : 'Upgrade'}
        </Link>
      }
      data-testid="price-alert-gate"
    >
      {gate === 'login' ? ALERT_MESSAGES.loginRequired : ALERT_MESSAGES.premiumRequired}
    </Notice>
  );
}

/** The card's flights after its filters, each with Select Departure (a link to the plans for a free user). */
function CardFlights({
  flights,
  shown,
  filtered,
  listTitle,
  isPremium,
  onSelectDeparture,
}: {
  flights: readonly Flight[];
  shown: readonly Flight[];
  filtered: boolean;
  listTitle: string;
  isPremium: boolean;
  onSelectDeparture?: (flight: Flight) => void;
}) {
  return flights.length === 0 ? (
    <p className="text-sm text-slate-600">No flights available</p>
  ) : shown.length === 0 ? (
    <p className="text-sm text-slate-600">No flights match your filters</p>
  ) : (
    <>
      {filtered ? (
        <p className="text-xs text-slate-600" aria-live="polite">
          Showing {shown.length} of {flights.length} flights
        </p>
      ) : null}
      <ul
        className={`space-y-2 ${shown.length > FILTER_LIMITS.scrollAfterFlights ? 'max-h-[36rem] overflow-y-auto pr-1' : ''}`}
        tabIndex={shown.length > FILTER_LIMITS.scrollAfterFlights ? 0 : undefined}
        aria-label={listTitle}
      >
        {shown.map((f) => (
          <FlightRow
            key={f.flightHash}
            flight={f}
            isPremium={isPremium}
            action={
              onSelectDeparture ? (
                isPremium ? (
                  <Button size="sm" onClick={() => onSelectDeparture(f)}>
                    Select Departure
                  </Button>
                ) : (
                  <ButtonLink to={paths.plans} variant="locked" size="sm">
                    Select Departure <span className="rounded bg-amber-200 px-1 text-[10px] uppercase">Premium</span>
                  </ButtonLink>
                )
              ) : undefined
            }
          />
        ))}
      </ul>
    </>
  );
}

/** The header that opens the card: the destination, its flights and freshness, what changed, the insight, the price. */
function CardHeader({
  code,
  name,
  flights,
  expanded,
  onToggle,
  checkedAt,
  confirming = false,
  unconfirmed = false,
  change,
  insight,
  goWild,
  lowest,
  panelId,
}: Pick<
  DestinationCardProps,
  'code' | 'name' | 'flights' | 'expanded' | 'onToggle' | 'checkedAt' | 'confirming' | 'unconfirmed' | 'change'
> & {
  /** A short line under the flight count (the route's GoWild likelihood, a good-price badge). */
  insight: ReactNode;
  goWild: GoWildFare | null;
  lowest: number | null;
  panelId: string;
}) {
  const nonstop = flights.some((f) => f.stops === 0);
  return (
    <h3>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={onToggle}
        className="flex w-full items-center justify-between gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
      >
        <span className="min-w-0">
          <DestinationName name={name} code={code} />
          <span className="text-xs text-slate-600">
            {flights.length} flight{flights.length === 1 ? '' : 's'}
            {nonstop ? ' · nonstop available' : ''}
            {checkedAt ? <Freshness checkedAt={checkedAt} confirming={confirming} unconfirmed={unconfirmed} /> : null}
          </span>
          {change ? (
            <span className="block text-xs font-medium text-amber-800" data-testid="confirmed-change">
              {change}
            </span>
          ) : null}
          {insight}
        </span>
        <span className="flex shrink-0 items-center gap-2">
          <FareChip goWild={goWild} lowest={lowest} />
          <span aria-hidden="true" className={`text-slate-500 transition ${expanded ? 'rotate-180' : ''}`}>
            ▾
          </span>
        </span>
      </button>
    </h3>
  );
}
