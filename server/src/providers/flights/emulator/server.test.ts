import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../../lib/clock';
import { extractFlightData } from '../frontier-page';
import { seedNetwork } from './network';
import { type FrontierEmulator, startFrontierEmulator } from './server';

// 06:00 in Denver on Apr 1: tomorrow's domestic GoWild window is open (decision 062).
const clock = manualClock(new Date('2026-04-01T12:00:00Z'));
let emulator: FrontierEmulator;
const WORKING = 'adt=1&umnr=false&loy=false&mon=true';

beforeAll(async () => {
  emulator = await startFrontierEmulator({ network: seedNetwork(), clock, seed: 3 });
});
afterAll(async () => {
  await emulator.close();
});

interface Journey {
  flights:
    { isGoWildFareEnabled: boolean; goWildFare: number | null; legs: { departureStation: string; arrivalStation: string }[] }[] | null;
}

/** A browser's two hops: InternalSelect with `query`, then wherever it redirects, with its cookie. */
async function search(query: string) {
  const first = await fetch(`${emulator.url}/Flight/InternalSelect?${query}`, { redirect: 'manual' });
  const location = first.headers.get('location') ?? '';
  const cookie = first.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const page = await fetch(new URL(location, emulator.url), { headers: { cookie }, redirect: 'manual' });
  const html = await page.text();
  const data = extractFlightData(html);
  const journeys = data.ok ? ((data.json as { results: { journeys: Journey[] } }).results.journeys ?? []) : undefined;
  return { first: first.status, location, status: page.status, html, journeys };
}
const goWildOn = (j: Journey | undefined) => (j?.flights ?? []).filter((f) => f.isGoWildFareEnabled && (f.goWildFare ?? 0) > 0).length;

describe('the emulator is as strict as the site (decision 150)', () => {
  it('shows GoWild fares only when the request has ftype=GW; without it the flights come with GoWild not enabled', async () => {
    const asked = await search(`o1=DEN&d1=LAS&dd1=2026-04-02&${WORKING}&ftype=GW`);
    const plain = await search(`o1=DEN&d1=LAS&dd1=2026-04-02&${WORKING}`);
    expect(goWildOn(asked.journeys?.[0])).toBeGreaterThan(0);
    expect(plain.journeys?.[0]?.flights?.length).toBe(asked.journeys?.[0]?.flights?.length);
    for (const f of plain.journeys?.[0]?.flights ?? []) expect([f.isGoWildFareEnabled, f.goWildFare]).toEqual([false, null]);
    const other = await search(`o1=DEN&d1=LAS&dd1=2026-04-02&${WORKING}&ftype=STD`);
    expect(goWildOn(other.journeys?.[0])).toBe(0);
  });

  it('reads both date forms working tools send', async () => {
    for (const dd1 of ['2026-04-02', '2026-04-02%2000%3A00%3A00']) {
      const got = await search(`o1=DEN&d1=LAS&dd1=${dd1}&${WORKING}&ftype=GW`);
      expect(got.location).toBe('/Flight/Select');
      expect(got.journeys?.[0]?.flights?.length).toBeGreaterThan(0);
    }
  });

  it('answers a date it cannot read with its error page: a 200 HTML page without FlightData', async () => {
    const before = emulator.stats.searchErrors;
    for (const dd1 of ['Apr%2002%2C%202026', '04-02-2026', '2026-02-30', '']) {
      const got = await search(`o1=DEN&d1=LAS&dd1=${dd1}&${WORKING}&ftype=GW`);
      expect([got.first, got.location, got.status]).toEqual([302, '/Error', 200]);
      expect(got.html).toMatch(/<html/);
      expect(got.journeys).toBeUndefined();
    }
    expect(emulator.stats.searchErrors - before).toBe(4);
  });

  it('answers the round-trip form (dd2, r=true) with the return as a second journey', async () => {
    const got = await search(`o1=DEN&d1=LAS&dd1=2026-04-02&dd2=2026-04-05&r=true&${WORKING}&ftype=GW`);
    expect(got.journeys).toHaveLength(2);
    const [out, back] = got.journeys ?? [];
    for (const f of out?.flights ?? []) expect([f.legs[0]?.departureStation, f.legs.at(-1)?.arrivalStation]).toEqual(['DEN', 'LAS']);
    expect(back?.flights?.length).toBeGreaterThan(0);
    for (const f of back?.flights ?? []) expect([f.legs[0]?.departureStation, f.legs.at(-1)?.arrivalStation]).toEqual(['LAS', 'DEN']);
    // Without r=true, dd2 is not a round trip; with it, a return date that does not read (or comes first) is an error.
    expect((await search(`o1=DEN&d1=LAS&dd1=2026-04-02&dd2=2026-04-05&${WORKING}&ftype=GW`)).journeys).toHaveLength(1);
    for (const dd2 of ['', 'Apr%2005%2C%202026', '2026-04-01'])
      expect((await search(`o1=DEN&d1=LAS&dd1=2026-04-02&dd2=${dd2}&r=true&${WORKING}&ftype=GW`)).location).toBe('/Error');
  });
});

describe('the fault dice', () => {
  /** The first hop's status for each destination in turn: a redirect, or the 5xx page. */
  const firstHops = async (destinations: string[]) => {
    const statuses: Record<string, number> = {};
    await Promise.all(
      destinations.map(async (d) => {
        const res = await fetch(`${emulator.url}/Flight/InternalSelect?o1=DEN&d1=${d}&dd1=2026-04-03&${WORKING}&ftype=GW`, {
          redirect: 'manual',
        });
        await res.arrayBuffer();
        statuses[d] = res.status;
      }),
    );
    return statuses;
  };
  const destinations = ['LAS', 'MCO', 'ATL', 'PHX', 'MIA', 'SFO', 'SEA', 'LAX', 'ORD', 'DFW'];

  it('roll the same faults for the same seed whatever order the requests come in, and count the tries they made necessary', async () => {
    const before = { ...emulator.knobs };
    emulator.setKnobs({ errorRate: 0.5, latencyMs: 0, jitterMs: 0 });
    try {
      emulator.resetStats(7);
      const forward = await firstHops(destinations);
      const needed = emulator.stats.needed;
      emulator.resetStats(7);
      const backward = await firstHops([...destinations].reverse());
      expect(backward).toEqual(forward);
      expect(Object.values(forward).some((s) => s >= 500) && Object.values(forward).some((s) => s === 302)).toBe(true);
      // Every first try is needed; a second try is needed only where the first was a fault.
      expect(needed).toBe(destinations.length);
      const faulted = destinations.filter((d) => (forward[d] ?? 0) >= 500);
      await firstHops(destinations);
      expect(emulator.stats.needed).toBe(destinations.length + faulted.length);
      expect(emulator.stats.internalSelect).toBe(2 * destinations.length);
      // Another seed, other faults.
      emulator.resetStats(8);
      expect(await firstHops(destinations)).not.toEqual(forward);
    } finally {
      emulator.setKnobs(before);
      emulator.resetStats();
    }
  });
});
