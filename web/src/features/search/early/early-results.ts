/**
 * A link's first destinations, drawn by the boot script before the app has started (decision 326;
 * docs/product/search.md#links-and-the-query-string). A shared or bookmarked search link asks for its search at once
 * (decision 282), and the answer's first destinations can arrive before the app's code has run. Meanwhile this draws
 * them itself, in plain DOM, from a copy of the same stream: a page that looks like the results (the top bar, the
 * title, the GoWild and Standard groups with each destination's flight count and fare chip), over the app while it
 * starts. The app removes it (`dismissEarlyResults`) once its own results screen shows anything; it is never
 * interactive and is hidden from assistive technology, which reads the app's page instead.
 *
 * Bundled into the inline boot script: it imports nothing that loads zod (the contract's schemas), only plain helpers.
 */
import { type GoWildFareType, goWildFareLabel } from '@gowild/contract/gowild-fare-types';
import { formatWholeDollars } from '@gowild/contract/money';
import { readNdjson } from '@/lib/ndjson';

export const EARLY_RESULTS_ID = 'gowild-early-results';
/** Set on the window once the app has taken over: the boot script draws nothing after that. */
const TAKEN_OVER = '__gowildEarlyResultsDone';

interface EarlyFare {
  total: number;
  /** GoWild only: the usual fare, or one with a charge (Early Booking, Peak Day). */
  fare_type?: GoWildFareType;
}
/** The part of a stream's `destination` event drawn here (the full type is the contract's SearchStreamEvent). */
interface EarlyDestination {
  type: 'destination';
  code: string;
  flights: { stops: number; fares: { go_wild?: EarlyFare | null; standard?: EarlyFare | null; discount_den?: EarlyFare | null } }[];
  failed?: boolean;
}
type EarlyEvent = EarlyDestination | { type: 'start'; demo?: boolean } | { type: string };

const available = (fare: EarlyFare | null | undefined): fare is EarlyFare => !!fare && fare.total > 0;
const cheapest = (totals: number[]) => (totals.length ? Math.min(...totals) : null);

/** What one card shows: the flight count, nonstop or not, the cheapest GoWild fare, else the lowest fare. */
function cardOf(d: EarlyDestination) {
  let goWild: EarlyFare | null = null;
  for (const f of d.flights)
    if (available(f.fares.go_wild) && (goWild === null || f.fares.go_wild.total < goWild.total)) goWild = f.fares.go_wild;
  const lowest = cheapest(d.flights.flatMap((f) => Object.values(f.fares).flatMap((fare) => (available(fare) ? [fare.total] : []))));
  return { code: d.code, count: d.flights.length, nonstop: d.flights.some((f) => f.stops === 0), goWild, lowest };
}
type Card = ReturnType<typeof cardOf>;

function el(tag: string, className: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function cardElement(card: Card): HTMLElement {
  const li = el('li', 'overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm');
  li.dataset.testid = 'early-destination-card';
  li.dataset.code = card.code;
  const row = el('div', 'flex w-full items-center justify-between gap-3 px-4 py-3');
  const left = el('span', 'min-w-0');
  left.append(
    el('span', 'block font-semibold text-slate-900', card.code),
    el('span', 'text-xs text-slate-600', `${card.count} flight${card.count === 1 ? '' : 's'}${card.nonstop ? ' · nonstop available' : ''}`),
  );
  row.append(left, fareChip(card));
  li.append(row);
  return li;
}

/** The card's price, as the app's chip shows it: the GoWild fare and its kind, else 'from' the lowest fare. */
function fareChip({ goWild, lowest }: Card): HTMLElement {
  if (goWild === null)
    return el('span', 'text-sm font-semibold text-slate-800', lowest !== null ? `from ${formatWholeDollars(lowest)}` : '');
  const price = ` ${formatWholeDollars(goWild.total)}`;
  const kind = goWild.fare_type ?? 'standard';
  if (kind === 'standard')
    return el('span', 'rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white', `${goWildFareLabel(kind)}${price}`);
  // On a phone the kind alone ('Peak Day $94'), as on the app's card.
  const chip = el('span', 'rounded-full border border-amber-500 bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-950');
  chip.append(
    el('span', 'hidden sm:inline', 'GoWild '),
    document.createTextNode(`${goWildFareLabel(kind).replace(/^GoWild /, '')}${price}`),
  );
  return chip;
}

function groupElement(label: string, cards: Card[]): HTMLElement | null {
  if (cards.length === 0) return null;
  const section = el('section', 'space-y-2');
  const heading = el('h2', 'text-lg font-bold text-slate-900', `${label} `);
  heading.append(el('span', 'text-sm font-normal text-slate-600', `(${cards.length})`));
  const list = el('ul', 'space-y-2');
  list.append(...cards.map(cardElement));
  section.append(heading, list);
  return section;
}

/** The search as the early view names it; the app's labels name airports by city once it has started. */
export interface EarlySearch {
  direction: 'outbound' | 'inbound';
  origin: string;
  destination: string;
  date: string;
}

/** The results header's title, as the app words it (with codes where the app has names). */
function titleOf(search: EarlySearch): string {
  if (search.direction === 'inbound') return `Inbound to ${search.destination}`;
  return search.destination ? `${search.origin} → ${search.destination}` : `Flights from ${search.origin}`;
}

/** The page around the cards: a top bar like the app's, the search's title and date, and where the groups go. */
function frame(search: EarlySearch, demo: boolean): { root: HTMLElement; groups: HTMLElement } {
  const root = el('div', 'fixed inset-0 z-30 overflow-y-auto bg-slate-50');
  root.id = EARLY_RESULTS_ID;
  root.setAttribute('aria-hidden', 'true');
  root.setAttribute('inert', '');
  const bar = el('div', 'border-b border-slate-200 bg-white');
  const barInner = el(
    'div',
    'mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 text-lg font-extrabold tracking-tight text-brand-700 sm:px-6',
  );
  barInner.append(
    el('span', 'flex size-8 items-center justify-center rounded-lg bg-brand-700 text-white', '✈'),
    document.createTextNode('GoWild Finder'),
  );
  bar.append(barInner);
  const main = el('div', 'mx-auto max-w-6xl space-y-4 px-4 py-6 sm:px-6');
  const title = el('div', 'min-w-0');
  const when = el('p', 'text-sm text-slate-600', longDate(search.date));
  if (demo) when.append(el('span', 'ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900', 'Demo data'));
  title.append(el('h1', 'truncate text-xl font-bold text-slate-900 sm:text-2xl', titleOf(search)), when);
  const groups = el('div', 'space-y-4');
  main.append(title, groups);
  root.append(bar, main);
  return { root, groups };
}

/** 'Sunday, November 29, 2026', as the app's results header writes the searched date. */
function longDate(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(day);
}

const takenOver = () => (window as unknown as Record<string, boolean | undefined>)[TAKEN_OVER] === true;

/** The app has drawn its own results (or another page): the early view goes, and none is drawn after this. */
export function dismissEarlyResults(): void {
  (window as unknown as Record<string, boolean>)[TAKEN_OVER] = true;
  document.getElementById(EARLY_RESULTS_ID)?.remove();
}

/**
 * Draws the search's destinations as they arrive on `response` (the early call's answer), from the first one with
 * flights, until the app takes over. A refusal, an error or a stream with no flights draws nothing. Never throws.
 */
export async function drawEarlyResults(response: Promise<Response>, search: EarlySearch): Promise<void> {
  let copy: Response;
  try {
    const r = await response;
    // Copied at once, in the same turn the answer arrived in: the app takes the original body and reads it itself.
    if (!r.ok || !r.body || takenOver()) return;
    copy = r.clone();
  } catch {
    return;
  }
  let demo = false;
  let page: { root: HTMLElement; groups: HTMLElement } | undefined;
  const noun = search.direction === 'inbound' ? 'Origins' : 'Destinations';
  // Arrival order, as the app keeps it while a search streams in (cards do not jump).
  const cards = new Map<string, Card>();
  // One drawing a frame, however many destinations arrived in it (the app is starting on the same thread).
  let drawing = false;
  const draw = () => {
    drawing = false;
    if (takenOver()) return;
    const shown = [...cards.values()].filter((c) => c.count > 0);
    if (shown.length === 0 || !document.body) return;
    page ??= frame(search, demo);
    if (!page.root.isConnected) {
      document.body.prepend(page.root);
      performance.mark('gowild-early-first-draw');
    }
    page.groups.replaceChildren(
      ...[
        groupElement(
          `GoWild ${noun}`,
          shown.filter((c) => c.goWild !== null),
        ),
        groupElement(
          `Standard ${noun}`,
          shown.filter((c) => c.goWild === null),
        ),
      ].filter((g): g is HTMLElement => g !== null),
    );
  };
  try {
    for await (const e of readNdjson<EarlyEvent>(copy)) {
      // The app has taken over: stop here, which cancels this copy of the stream (the app's goes on).
      if (takenOver()) break;
      if (e.type === 'start') demo = (e as { demo?: boolean }).demo === true;
      if (e.type !== 'destination') continue;
      const d = e as EarlyDestination;
      // A failed re-check keeps what was shown: only a destination's flights replace its card.
      if (d.failed) continue;
      cards.set(d.code, cardOf(d));
      // For the link benchmark: when the first destination arrived, against when it was drawn.
      if (cards.size === 1) performance.mark('gowild-early-first-destination');
      if (!drawing) {
        drawing = true;
        requestAnimationFrame(draw);
      }
    }
  } catch {
    // A cut or malformed stream: the app reads the same stream and says what went wrong.
  }
}
