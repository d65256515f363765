import { describe, expect, it } from 'vitest';
import { buildFlight } from '@/test/build-flight';
import { groupDestinations } from './group-results';

describe('groupDestinations', () => {
  const las = { code: 'LAS', flights: [buildFlight({ goWild: null, standard: 80 })] };
  const mco = { code: 'MCO', flights: [buildFlight({ goWild: 45 }), buildFlight({ goWild: null })] };
  const phx = { code: 'PHX', flights: [buildFlight({ goWild: 19 })] };
  const empty = { code: 'SEA', flights: [] };
  it('puts destinations with any GoWild fare first and drops empty ones', () => {
    const g = groupDestinations([las, mco, empty, phx], false);
    expect(g.gowild.map((d) => d.code)).toEqual(['MCO', 'PHX']);
    expect(g.standard.map((d) => d.code)).toEqual(['LAS']);
  });
  it('orders each group cheapest first once the search is done', () => {
    expect(groupDestinations([las, mco, phx], true).gowild.map((d) => d.code)).toEqual(['PHX', 'MCO']);
  });
  it('does not count a GoWild fare of -1 as GoWild', () => {
    expect(groupDestinations([{ code: 'X', flights: [buildFlight({ goWild: -1 })] }], true).standard).toHaveLength(1);
  });
});
