export type Direction = 'outbound' | 'inbound';

export interface SearchButtonInput {
  loading: boolean;
  /** Set when something outside the form disables searching; the text is shown on the button. */
  disabled?: boolean;
  disabledMessage?: string;
  direction: Direction;
  origin: string;
  originHidden?: boolean;
  destination: string;
  date: string;
  signedIn: boolean;
  searchesRemaining: number | null | undefined;
  /** Human labels of the chosen airports. */
  originLabel: string;
  destinationLabel: string;
}

/** When the button is disabled (docs/product/search.md#search-button). */
export function isSearchDisabled(i: SearchButtonInput): boolean {
  return (
    i.loading ||
    i.disabled === true ||
    (i.direction === 'outbound' && !i.origin && !i.originHidden) ||
    !i.date ||
    (i.direction === 'inbound' && !i.destination) ||
    (i.signedIn && i.searchesRemaining === 0)
  );
}

/** The button's labels (docs/product/search.md#search-button), in order of precedence. */
export function searchButtonLabel(i: SearchButtonInput): string {
  if (i.loading) return 'Searching...';
  if (i.disabled) return i.disabledMessage || 'Search Disabled';
  if (i.signedIn && i.searchesRemaining === 0) return 'No Searches Remaining';
  if (i.direction === 'inbound') return i.destination ? `Search Inbound Flights to ${i.destinationLabel}` : 'Search Inbound Flights';
  if (i.destination && i.origin) return `Search ${i.originLabel} → ${i.destinationLabel}`;
  if (i.origin) return `Search from ${i.originLabel}`;
  return 'Search Flights';
}
