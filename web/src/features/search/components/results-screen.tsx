import { formatLongDate } from '@gowild/contract/dates';
import type { Flight } from '@gowild/contract/flights';
import { type GoWildGap, GOWILD_GAP_TEXTS, type PassCharges } from '@gowild/contract/gowild-explain';
import { hasGoWild, lowestFare } from '@gowild/contract/flight-format';
import { type ReactNode, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ListViewToggle } from '@/components/ui/list-view-toggle';
import { Notice } from '@/components/ui/notice';
import {
  type ResultsMapDestination,
  type RouteOnDate,
  type SearchPanels,
  type SearchedAnswer,
  useSearchPanels,
} from '@/components/search-panels/search-panels';
import { useFavourites } from '@/lib/favourites/favourites-context';
import { useEarlyResultsHandOver } from '../early/use-early-results-hand-over';
import type { FlightSearchState } from '../hooks/use-flight-search';
import { type FlightFilters, matchesFilters, priceCeiling, rememberedOf, startFilters } from '../utils/filters';
import { type DestinationResult, groupDestinations } from '../utils/group-results';
import type { Direction } from '../utils/search-button';
import { DateStepper } from './date-stepper';
import { DestinationCard } from './destination-card';
import { GoWildGapNotice } from './gowild-gap-notice';
import { RecheckControl } from './recheck-control';
import { DataProblemNotice, PartialNotice, SearchErrorPanel, SearchProgress } from './search-status-panels';

export interface ResultsScreenProps {
  search: FlightSearchState;
  direction: Direction;
  /** What was searched, for headings ('Denver', 'New York City'). */
  originLabel: string;
  destinationLabel: string;
  hasDestination: boolean;
  date: string;
  today: string;
  onDateChange: (date: string) => void;
  onNewSearch: () => void;
  onViewReturn: () => void;
  onRetry: () => void;
  /**
   * Free users: searches left today (a retry is a search and counts). Null for premium users or while unknown.
   */
  retrySearchesLeft?: number | null;
  onSelectDeparture: (code: string, flight: Flight) => void;
  isPremium: boolean;
  airportName: (code: string) => string;
  /** A message above the results (e.g. the departure flight of a link was not found). */
  notice?: string | null;
  demo?: boolean;
  /** The price-alert button of a card (its airport code and flights), or a gap's window alert; none when absent. */
  onPriceAlert?: (code: string, flights: Flight[], kind?: 'price' | 'window_open') => void;
  signedIn?: boolean;
  /** Why a card's route can have no GoWild fare on this date (blackout, window not open), or null. */
  goWildGap?: (code: string) => GoWildGap | null;
  /** The pass year's charges the explanations name. */
  passCharges?: PassCharges | null;
  /** Outbound: a cell of the date grid above the results searches that destination on that day. */
  onOpenGridCell?: (destination: string, date: string) => void;
  /**
   * Premium, outbound: asks the airline again for one destination and puts the answer on its card; resolves to why it
   * could not (null when it did), throws the server's refusal. Without it the cards have no re-check.
   */
  onRecheck?: (code: string) => Promise<string | null>;
}

/** The card state right after a search: a single-route search's only destination opens by itself. */
const AUTO = 'auto' as const;

/**
 * The results' header lines: a blackout once, else when each kind of route (domestic, international) opens. On a
 * blackout date the airline still sells GoWild with a Peak Day Charge on some routes; when `peakDayShown`, the blackout
 * line says so instead of claiming only Standard and Discount Den fares are on sale.
 */
export function resultsGapLines(gaps: readonly (GoWildGap | null)[], peakDayShown = false): string[] {
  const lines = new Set<string>();
  for (const gap of gaps) {
    if (!gap) continue;
    if (gap.reason === 'not_open') lines.add(GOWILD_GAP_TEXTS.resultsNotOpen(gap.kind, gap.opensOn));
    else lines.add((peakDayShown ? GOWILD_GAP_TEXTS.resultsBlackoutWithPeakDay : GOWILD_GAP_TEXTS.resultsBlackout)(gap.date));
  }
  return [...lines].sort();
}

/** Whether any flight shown has a GoWild fare sold with a Peak Day Charge (a blackout date). */
const hasPeakDayFare = (results: readonly DestinationResult[]) =>
  results.some((r) => r.flights.some((f) => f.fares.go_wild?.fare_type === 'peak_day'));

const cheapest = (xs: (number | null)[]) => xs.reduce<number | null>((m, x) => (x !== null && (m === null || x < m) ? x : m), null);

/** Each destination's cheapest GoWild fare and cheapest fare of any kind. */
export function mapDestinations(results: readonly DestinationResult[]): ResultsMapDestination[] {
  return results.map((r) => ({
    code: r.code,
    goWild: cheapest(r.flights.map((f) => (hasGoWild(f) ? f.fares.go_wild!.total : null))),
    lowest: cheapest(r.flights.map(lowestFare)),
  }));
}

/** Refusals a retry cannot change: not signed in, not allowed (premium), no searches left. */
const NO_RETRY_STATUSES = new Set([401, 403, 429]);

/** docs/product/search.md#results. */
export function ResultsScreen(props: ResultsScreenProps) {
  const { search, direction } = props;
  const panels = useSearchPanels();
  const inbound = direction === 'inbound';
  const [expandedState, setExpanded] = useState<string | null | typeof AUTO>(AUTO);
  const [expandedFor, setExpandedFor] = useState(search.searchId);
  const { filtersFor, changeFilters } = useCardFilters(search.searchId);
  // A new search closes whatever card was open (its cards start from the remembered filters again: useCardFilters).
  if (expandedFor !== search.searchId) {
    setExpandedFor(search.searchId);
    setExpanded(AUTO);
  }
  const done = search.status === 'done';
  const groups = useMemo(() => groupDestinations(search.results, done), [search.results, done]);
  const all = [...groups.gowild, ...groups.standard];
  // docs/product/search.md#destination-cards: a single-route search's only destination is open from the start.
  const expanded = expandedState === AUTO ? (!inbound && props.hasDestination && all.length === 1 ? all[0]!.code : null) : expandedState;
  const gapOf = (r: DestinationResult) => (props.goWildGap && !r.flights.some(hasGoWild) ? props.goWildGap(r.code) : null);
  const headerGaps = resultsGapLines(all.map(gapOf), hasPeakDayFare(all));
  const loading = search.status === 'loading';
  const noun = inbound ? 'origins' : 'destinations';
  const anyShown = groups.gowild.length + groups.standard.length > 0;
  useEarlyResultsHandOver(anyShown || done || search.status === 'error');
  // The search as asked (values, not labels): the export's query and the cards' routes.
  const asked = { origin: search.request?.origin ?? '', destination: search.request?.destination ?? '' };
  const exportControl = panels.exportControl?.({ direction: inbound ? 'inbound' : 'outbound', ...asked, date: props.date }) ?? null;
  const title = inbound
    ? `Inbound to ${props.destinationLabel}`
    : props.hasDestination
      ? `${props.originLabel} → ${props.destinationLabel}`
      : `Flights from ${props.originLabel}`;

  // docs/product/anywhere.md#the-flat-list: the cards, or every flight in one table.
  const [listView, setListView] = useState(false);
  const showList = listView && Boolean(panels.flightList);

  // docs/product/results-map.md: the departure results of a search with several destinations, on request.
  const showMapToggle = !inbound && !props.hasDestination && all.length > 0 && Boolean(panels.resultsMap);
  const openFromMap = (code: string) => {
    setExpanded(code);
    // The card may sit far down the list: bring it into view and put the focus on its header, where the keyboard was.
    requestAnimationFrame(() => {
      const header = document.querySelector<HTMLElement>(`[data-testid="destination-card"][data-code="${code}"] h3 button`);
      header?.scrollIntoView({ block: 'start', behavior: 'smooth' });
      header?.focus({ preventScroll: true });
    });
  };

  const renderGroup = (label: string, items: DestinationResult[], testId: string, delay: number) =>
    items.length ? (
      // Only the heading takes part in the staggered reveal: a card must be on screen the moment it arrives (the
      // section's opacity would hide the first cards for up to 450 + 250 ms).
      <section aria-label={label} className="space-y-2" data-testid={testId}>
        <h2 className="gw-reveal text-lg font-bold text-slate-900" style={{ animationDelay: `${delay}ms` }}>
          {label} <span className="text-sm font-normal text-slate-600">({items.length})</span>
        </h2>
        <ul className="space-y-2">
          {items.map((r) => (
            <ResultCard
              key={r.code}
              result={r}
              screen={props}
              open={expanded === r.code}
              onToggle={() => setExpanded(expanded === r.code ? null : r.code)}
              gap={gapOf(r)}
              done={done}
              filters={filtersFor(r)}
              onFiltersChange={(next) => changeFilters(r.code, next)}
              route={
                inbound
                  ? { origin: r.code, destination: asked.destination, date: props.date }
                  : { ...asked, destination: r.code, date: props.date }
              }
            />
          ))}
        </ul>
      </section>
    ) : null;

  return (
    // data-status: whether the search has started, is streaming or is done, for tools that read the page.
    <div className="space-y-4" data-testid="results-screen" data-status={search.status}>
      <ResultsHeader {...props} title={title} />

      {props.notice ? (
        <Notice tone="warning" role="alert">
          {props.notice}
        </Notice>
      ) : null}

      {headerGaps.length ? (
        <Notice tone="info" role={null} data-testid="results-gowild-gap">
          {headerGaps.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </Notice>
      ) : null}

      {search.status === 'error' && search.error ? (
        <SearchErrorPanel
          error={search.error}
          onRetry={NO_RETRY_STATUSES.has(search.error.status) ? undefined : props.onRetry}
          searchesLeft={props.retrySearchesLeft ?? null}
          resultsShown={anyShown}
        />
      ) : null}

      {loading ? (
        <div className="gw-reveal" style={{ animationDelay: '150ms' }}>
          <SearchProgress checked={search.checked} total={search.total} noun={noun} />
        </div>
      ) : null}

      <ResultsDateGrid {...props} />

      <DataProblemNotice codes={search.unreadable} events={search.unreadableEvents} noun={noun} />

      {done ? (
        <PartialNotice
          failed={search.failed}
          noun={noun}
          onRetry={props.onRetry}
          searchesLeft={props.retrySearchesLeft ?? null}
          overBudgetMessage={search.overBudgetMessage}
        />
      ) : null}

      {showMapToggle ? <ResultsMapSection results={all} renderResultsMap={panels.resultsMap!} open={openFromMap} /> : null}

      {anyShown && (panels.flightList || (done && exportControl)) ? (
        <ViewTools listView={listView} onListView={panels.flightList ? setListView : null} exportControl={done ? exportControl : null} />
      ) : null}

      {showList && anyShown ? flattened(all, filtersFor, `${title}, ${formatLongDate(props.date)}`, panels.flightList!) : null}
      {showList ? null : renderGroup(inbound ? 'GoWild Origins' : 'GoWild Destinations', groups.gowild, 'group-gowild', 300)}
      {showList ? null : renderGroup(inbound ? 'Standard Origins' : 'Standard Destinations', groups.standard, 'group-standard', 450)}

      {done && !anyShown ? <NoResults total={search.total} inbound={inbound} originLabel={props.originLabel} date={props.date} /> : null}
    </div>
  );
}

/**
 * Each card's filters once the traveller changes them; the others start from the account's remembered filters
 * (docs/product/favourites.md#remembered-filters). Held above the cards so the flat list honours them as the cards do.
 */
function useCardFilters(searchId: ResultsScreenProps['search']['searchId']) {
  const favourites = useFavourites();
  const remembered = favourites?.favourites?.filters ?? null;
  const [chosenFilters, setChosenFilters] = useState<ReadonlyMap<string, FlightFilters>>(new Map());
  // A new search starts every card from the remembered filters again.
  const [heldFor, setHeldFor] = useState(searchId);
  if (heldFor !== searchId) {
    setHeldFor(searchId);
    setChosenFilters(new Map());
  }
  const filtersFor = (r: DestinationResult) => chosenFilters.get(r.code) ?? startFilters(r.flights, remembered);
  const changeFilters = (code: string, next: FlightFilters | null) => {
    setChosenFilters((m) => {
      const n = new Map(m);
      if (next) n.set(code, next);
      else n.delete(code);
      return n;
    });
    // The last filters set are what the next lists start with; Reset forgets them.
    favourites?.rememberFilters(next ? rememberedOf(next) : null);
  };
  return { filtersFor, changeFilters };
}

/** The title and date (demo data labelled), New Search, the date's stepper and, for a single route, the returns. */
function ResultsHeader(props: ResultsScreenProps & { title: string }) {
  const inbound = props.direction === 'inbound';
  return (
    <div className="gw-reveal flex flex-wrap items-center justify-between gap-3" style={{ animationDelay: '50ms' }}>
      <div className="min-w-0">
        <h1 className="truncate text-xl font-bold text-slate-900 sm:text-2xl">{props.title}</h1>
        <p className="text-sm text-slate-600">
          {formatLongDate(props.date)}
          {props.demo ? (
            <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">Demo data</span>
          ) : null}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={props.onNewSearch}>
          New Search
        </Button>
        <DateStepper value={props.date} min={props.today} onChange={props.onDateChange} label="Departure date" />
        {!inbound && props.hasDestination ? (
          <Button size="sm" onClick={props.onViewReturn}>
            View Return Flights
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** 'Show map (N)' and, on request, every destination on the map (docs/product/results-map.md). */
function ResultsMapSection({
  results,
  renderResultsMap,
  open,
}: {
  results: readonly DestinationResult[];
  renderResultsMap: NonNullable<SearchPanels['resultsMap']>;
  open: (code: string) => void;
}) {
  const [mapOpen, setMapOpen] = useState(false);
  return (
    <section aria-label="Results map" className="space-y-2" data-testid="results-map-section">
      <Button variant="secondary" size="sm" aria-expanded={mapOpen} onClick={() => setMapOpen((o) => !o)} data-testid="results-map-toggle">
        {mapOpen ? 'Hide map' : `Show map (${results.length})`}
      </Button>
      {mapOpen
        ? renderResultsMap({
            origins: [...new Set(results.flatMap((r) => r.flights.map((f) => f.origin)))],
            destinations: mapDestinations(results),
            open: open,
          })
        : null}
    </section>
  );
}

/** Cards or the flat list (when the page offers one), and the export. */
function ViewTools({
  listView,
  onListView,
  exportControl,
}: {
  listView: boolean;
  onListView: ((list: boolean) => void) | null;
  exportControl: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="results-view-tools">
      {onListView ? <ListViewToggle listView={listView} onChange={onListView} labels={['Cards', 'List']} /> : null}
      {exportControl}
    </div>
  );
}

/** One destination's card, with its re-check and the explanation of a missing GoWild fare (it reads its panels itself). */
function ResultCard({
  result: r,
  screen,
  open,
  onToggle,
  gap,
  done,
  filters,
  onFiltersChange,
  route,
}: {
  result: DestinationResult;
  screen: ResultsScreenProps;
  open: boolean;
  onToggle: () => void;
  gap: ReturnType<NonNullable<ResultsScreenProps['goWildGap']>> | null;
  done: boolean;
  filters: FlightFilters;
  onFiltersChange: (next: FlightFilters | null) => void;
  route: RouteOnDate;
}) {
  const { isPremium } = screen;
  const inbound = screen.direction === 'inbound';
  return (
    <DestinationCard
      code={r.code}
      name={screen.airportName(r.code)}
      flights={r.flights}
      expanded={open}
      onToggle={onToggle}
      isPremium={isPremium}
      route={route}
      onSelectDeparture={inbound ? undefined : (f) => screen.onSelectDeparture(r.code, f)}
      inbound={inbound}
      onPriceAlert={screen.onPriceAlert ? () => screen.onPriceAlert!(r.code, r.flights) : undefined}
      signedIn={screen.signedIn}
      filters={filters}
      onFiltersChange={onFiltersChange}
      checkedAt={r.checkedAt}
      confirming={r.confirming}
      unconfirmed={r.unconfirmed}
      change={r.change}
      recheck={
        open && done && isPremium && !inbound && screen.onRecheck ? (
          <RecheckControl checkedAt={r.checkedAt} onRecheck={() => screen.onRecheck!(r.code)} />
        ) : null
      }
      notice={
        gap ? (
          <GoWildGapNotice
            gap={gap}
            charges={screen.passCharges ?? null}
            isPremium={isPremium}
            onAlert={screen.onPriceAlert ? () => screen.onPriceAlert!(r.code, r.flights, 'window_open') : undefined}
          />
        ) : null
      }
    />
  );
}

/** docs/product/anywhere.md#the-flat-list: every flight each card's filters let through (the list sorts on its own). */
function flattened(
  results: readonly DestinationResult[],
  filtersFor: (r: DestinationResult) => FlightFilters,
  caption: string,
  render: NonNullable<SearchPanels['flightList']>,
) {
  const everyFlight = results.flatMap((r) => r.flights);
  const kept = results.flatMap((r) => {
    const ceiling = priceCeiling(r.flights);
    return r.flights.filter((f) => matchesFilters(f, filtersFor(r), ceiling));
  });
  return render({
    flights: kept,
    caption: kept.length < everyFlight.length ? `${caption} (${kept.length} of ${everyFlight.length} flights match your filters)` : caption,
  });
}

/** docs/product/date-grid-and-history.md: the destination × date grid above outbound results, the search's answers in it. */
function ResultsDateGrid({ search, direction, date, today, onOpenGridCell }: ResultsScreenProps) {
  const { dateGrid } = useSearchPanels();
  if (direction !== 'outbound' || !dateGrid || !onOpenGridCell) return null;
  return dateGrid({
    origin: search.request?.origin ?? '',
    date,
    destination: search.request?.destination || null,
    today,
    answers: searchedAnswers(search.results),
    open: onOpenGridCell,
  });
}

/** A search's answers the date grid may show: those confirmed, or never to be (docs/product/search.md#answer-at-once). */
function searchedAnswers(results: readonly DestinationResult[]): ReadonlyMap<string, SearchedAnswer> {
  return new Map(
    results.filter((r) => !r.confirming).map((r) => [r.code, { flights: r.flights, ...(r.checkedAt ? { checkedAt: r.checkedAt } : {}) }]),
  );
}

/** A finished search with nothing to show: no route from the origin at all, or no flight on the date. */
function NoResults({ total, inbound, originLabel, date }: { total: number; inbound: boolean; originLabel: string; date: string }) {
  return (
    <Notice
      tone="neutral"
      size="lg"
      role={null}
      title="No Flights Found"
      titleAs="h2"
      className="gw-reveal text-center"
      style={{ animationDelay: '600ms' }}
      data-testid="no-results"
    >
      {total === 0 && !inbound
        ? `No GoWild routes available from ${originLabel}`
        : `No flights available on ${formatLongDate(date)}. Try another day.`}
    </Notice>
  );
}
