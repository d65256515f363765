/**
 * Where the results map puts each destination's price label (docs/product/results-map.md#crowded-places): every
 * destination keeps its dot at the airport; its label goes beside the dot on the first side where it covers no
 * other label and no other dot, and where no side is free the label waits for a closer zoom (the dot stays, named
 * for a screen reader and on hover). The most useful labels are placed first: GoWild, then the cheapest.
 *
 * Pure geometry in screen pixels, so it is tested without a map; the map calls it again after every zoom.
 */

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A label to place: its airport's point on the screen and the label's size. */
export interface LabelToPlace {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export type LabelSide = 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw' | 'n' | 's';

/** The sides tried, in order: beside the dot first (it reads best), then the corners, then above and below. */
export const LABEL_SIDES: readonly LabelSide[] = ['e', 'w', 'ne', 'nw', 'se', 'sw', 'n', 's'];

export interface PlacementOptions {
  /** From the point to the label's nearest edge: the dot's radius and a little air. */
  gap: number;
  /** Half the side of the square each dot keeps free of other labels. */
  dotRadius: number;
  /** Space kept between two labels. */
  margin: number;
}

export const DEFAULT_PLACEMENT: PlacementOptions = { gap: 7, dotRadius: 5, margin: 2 };

/** The label's box on a side of its point. */
export function labelRect(l: LabelToPlace, side: LabelSide, gap: number): Rect {
  const d = Math.round(gap * 0.7);
  let left: number;
  let top: number;
  switch (side) {
    case 'e':
      [left, top] = [l.x + gap, l.y - l.height / 2];
      break;
    case 'w':
      [left, top] = [l.x - gap - l.width, l.y - l.height / 2];
      break;
    case 'n':
      [left, top] = [l.x - l.width / 2, l.y - gap - l.height];
      break;
    case 's':
      [left, top] = [l.x - l.width / 2, l.y + gap];
      break;
    case 'ne':
      [left, top] = [l.x + d, l.y - d - l.height];
      break;
    case 'nw':
      [left, top] = [l.x - d - l.width, l.y - d - l.height];
      break;
    case 'se':
      [left, top] = [l.x + d, l.y + d];
      break;
    case 'sw':
      [left, top] = [l.x - d - l.width, l.y + d];
      break;
  }
  return { left, top, right: left + l.width, bottom: top + l.height };
}

export function overlaps(a: Rect, b: Rect, margin = 0): boolean {
  return a.left < b.right + margin && b.left < a.right + margin && a.top < b.bottom + margin && b.top < a.bottom + margin;
}

/**
 * Places the labels in the order given (most useful first). `obstacles` are boxes no label may cover (the searched
 * airports with their codes). Returns each label's side, or null when it has to wait for a closer zoom.
 */
export function placeLabels(
  labels: readonly LabelToPlace[],
  obstacles: readonly Rect[] = [],
  options: PlacementOptions = DEFAULT_PLACEMENT,
): Map<string, { side: LabelSide; rect: Rect } | null> {
  const { gap, dotRadius, margin } = options;
  const dots = labels.map((l) => ({
    id: l.id,
    rect: { left: l.x - dotRadius, top: l.y - dotRadius, right: l.x + dotRadius, bottom: l.y + dotRadius },
  }));
  const placed: Rect[] = [];
  const out = new Map<string, { side: LabelSide; rect: Rect } | null>();
  for (const label of labels) {
    let found: { side: LabelSide; rect: Rect } | null = null;
    for (const side of LABEL_SIDES) {
      const rect = labelRect(label, side, gap);
      if (placed.some((p) => overlaps(rect, p, margin))) continue;
      if (obstacles.some((o) => overlaps(rect, o))) continue;
      if (dots.some((d) => d.id !== label.id && overlaps(rect, d.rect))) continue;
      found = { side, rect };
      break;
    }
    if (found) placed.push(found.rect);
    out.set(label.id, found);
  }
  return out;
}

/** The order labels are placed in: GoWild destinations first, each group cheapest first, then by code (stable). */
export function labelPriority<T extends { code: string; goWild: number | null; lowest: number | null }>(destinations: readonly T[]): T[] {
  const price = (d: T) => d.goWild ?? d.lowest ?? Number.POSITIVE_INFINITY;
  return [...destinations].sort(
    (a, b) => Number(b.goWild !== null) - Number(a.goWild !== null) || price(a) - price(b) || a.code.localeCompare(b.code),
  );
}
