import type { Flight } from '@gowild/contract/flights';
import { type ReactNode, createContext, useContext } from 'react';

/** A route on a day: an outbound card's origin as searched, its destination and the searched date. */
export interface RouteOnDate {
  origin: string;
  destination: string;
  date: string;
}

/** A destination as the results map shows it: its cheapest GoWild fare and its cheapest fare of any kind. */
export interface ResultsMapDestination {
  code: string;
  goWild: number | null;
  lowest: number | null;
}

/** One destination's answer as the date grid takes it. */
export interface SearchedAnswer {
  flights: readonly Flight[];
  checkedAt?: string;
}

/** What the results give the date grid: the origin and date on screen, and how to open a cell. */
export interface DateGridSlot {
  origin: string;
  date: string;
  /** The single destination searched, or null for every destination. */
  destination: string | null;
  today: string;
  open: (destination: string, date: string) => void;
  /**
   * The search on screen's answers so far, by destination (its date is `date`): the grid shows them before its own
   * observations are written and read back (withSearchAnswers). Destinations still being confirmed are left out.
   */
  answers: ReadonlyMap<string, SearchedAnswer>;
}

/**
 * The panels other features draw in the search's screens (docs/product/search.md): the route composing the page
 * provides them once, and each screen or card reads those it shows. A panel left out is not shown.
 */
export interface SearchPanels {
  /** An open card's forecast from the searched date on. */
  weather?: (code: string, date: string) => ReactNode;
  /** The return screen's weather during the stay. */
  stayWeather?: (code: string, range: { start: string; end: string }) => ReactNode;
  /** Hotels and rental cars in an open card of the outbound results, given its flights. */
  destinationExtras?: (code: string, date: string, flights: Flight[]) => ReactNode;
  /** Premium users: the flight map of an open card's flights (docs/product/maps.md#flight-map-on-results). */
  flightMap?: (code: string, flights: Flight[]) => ReactNode;
  /**
   * The map of every destination (docs/product/results-map.md), drawn only once the traveller asks for it (its code
   * loads then); `open` opens a destination's card.
   */
  resultsMap?: (map: { origins: string[]; destinations: ResultsMapDestination[]; open: (code: string) => void }) => ReactNode;
  /** Above outbound results: the destination × date grid (or its premium teaser). */
  dateGrid?: (grid: DateGridSlot) => ReactNode;
  /** An outbound card's line of route history (GoWild likelihood, good price), and its price history when open. */
  cardInsight?: (route: RouteOnDate) => ReactNode;
  cardHistory?: (route: RouteOnDate) => ReactNode;
  /** Beside the cards, every flight of the answer in one sortable table (docs/product/anywhere.md#the-flat-list). */
  flightList?: (list: { flights: Flight[]; caption: string }) => ReactNode;
  /** The answer on screen as a CSV file (docs/product/anywhere.md#export): its button. */
  exportControl?: (search: { direction: 'outbound' | 'inbound'; origin: string; destination: string; date: string }) => ReactNode;
}

const SearchPanelsContext = createContext<SearchPanels>({});

/** Gives the search's screens the panels of the features composed around them (in app/routes). */
export function SearchPanelsProvider({ panels, children }: { panels: SearchPanels; children: ReactNode }) {
  return <SearchPanelsContext.Provider value={panels}>{children}</SearchPanelsContext.Provider>;
}

/** The panels the route provides; none outside a provider. */
export function useSearchPanels(): SearchPanels {
  return useContext(SearchPanelsContext);
}
