import { describe, expect, it } from 'vitest';
import { type LabelToPlace, type Rect, labelPriority, labelRect, overlaps, placeLabels } from './label-placement';

const label = (id: string, x: number, y: number, width = 56, height = 18): LabelToPlace => ({ id, x, y, width, height });
const rects = (placed: ReturnType<typeof placeLabels>): Rect[] => [...placed.values()].flatMap((p) => (p ? [p.rect] : []));

// docs/product/results-map.md#crowded-places; issue 31, defect 4 (east-coast labels on top of each other).
describe('results map label placement', () => {
  it('puts a lone label to the right of its dot', () => {
    const placed = placeLabels([label('LAS', 100, 100)]);
    expect(placed.get('LAS')).toEqual({ side: 'e', rect: { left: 107, top: 91, right: 163, bottom: 109 } });
  });

  it('moves a neighbour to another side instead of on top of the first', () => {
    // LGA and JFK 20 px apart: the second label goes to the left.
    const placed = placeLabels([label('LGA', 100, 100), label('JFK', 120, 100)]);
    expect(placed.get('LGA')?.side).not.toBe(placed.get('JFK')?.side);
    const [a, b] = rects(placed);
    expect(overlaps(a!, b!)).toBe(false);
  });

  it('never lets two labels overlap nor a label cover another dot, however crowded; those that do not fit wait', () => {
    // A dense cluster, like the east coast at the first zoom: 40 airports in 120 × 80 px.
    const crowd = Array.from({ length: 40 }, (_, i) => label(`A${i}`, 300 + (i % 8) * 15, 200 + Math.floor(i / 8) * 16));
    const placed = placeLabels(crowd);
    const shown = rects(placed);
    expect(shown.length).toBeGreaterThan(3);
    expect(shown.length).toBeLessThan(40);
    for (let i = 0; i < shown.length; i++) for (let j = i + 1; j < shown.length; j++) expect(overlaps(shown[i]!, shown[j]!)).toBe(false);
    for (const [id, p] of placed) {
      if (!p) continue;
      for (const other of crowd) {
        if (other.id === id) continue;
        expect(overlaps(p.rect, { left: other.x - 5, top: other.y - 5, right: other.x + 5, bottom: other.y + 5 })).toBe(false);
      }
    }
  });

  it('keeps labels off the searched airports and their codes', () => {
    const origin: Rect = { left: 100, top: 90, right: 180, bottom: 110 };
    const placed = placeLabels([label('DEN2', 95, 100)], [origin]);
    expect(overlaps(placed.get('DEN2')!.rect, origin)).toBe(false);
    expect(placed.get('DEN2')!.side).toBe('w');
  });

  it('places the first labels first: GoWild, then the cheapest', () => {
    const order = labelPriority([
      { code: 'BOS', goWild: null, lowest: 40 },
      { code: 'JFK', goWild: 29, lowest: 29 },
      { code: 'LGA', goWild: 19, lowest: 19 },
      { code: 'EWR', goWild: null, lowest: null },
      { code: 'PHL', goWild: null, lowest: 35 },
    ]).map((d) => d.code);
    expect(order).toEqual(['LGA', 'JFK', 'PHL', 'BOS', 'EWR']);
    // Where not every label fits (nine airports on one spot), the first ones get the room.
    const spot = ['LGA', 'JFK', 'PHL', 'BOS', 'EWR', 'ISP', 'HPN', 'SWF', 'TTN'].map((id) => label(id, 100, 100));
    const placed = placeLabels(spot);
    expect(placed.get('LGA')?.side).toBe('e');
    expect(placed.get('JFK')?.side).toBe('w');
    expect(placed.get('TTN')).toBeNull();
  });

  it('draws each side where it says', () => {
    const l = label('X', 0, 0, 40, 10);
    expect(labelRect(l, 'w', 7)).toEqual({ left: -47, top: -5, right: -7, bottom: 5 });
    expect(labelRect(l, 'n', 7)).toEqual({ left: -20, top: -17, right: 20, bottom: -7 });
    expect(labelRect(l, 's', 7)).toEqual({ left: -20, top: 7, right: 20, bottom: 17 });
  });
});
