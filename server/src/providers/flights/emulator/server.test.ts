import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../../lib/clock';
import { seedNetwork } from './network';
import type { RealFlightData } from './page-model';
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

/** The FlightData literal of a page: the text between the quotes of `FlightData = '…';` (not a decoy's). */
function literalOf(html: string): string | undefined {
  return /(?<![\w$])FlightData = '([^']*)';/.exec(html)?.[1];
}

/** Reads the literal as the Python tools do: HTML entities undone in one pass over its source text, then JSON. */
function readAsPythonTools(literal: string): unknown {
  return JSON.parse(literal.replace(/&(quot|amp);/g, (_, e: string) => (e === 'quot' ? '"' : '&')));
}

/** Reads it as the site's own page does: the script runs, then quotes restored and JSON-in-strings unwrapped. */
function readAsTheSite(html: string): unknown {
  const script = /<script type="text\/javascript">([^<]*(?<![\w$])FlightData = '[^<]*)<\/script>/.exec(html)?.[1] ?? '';
  const window: { FlightData?: string } = {};
  runInNewContext(script, window);
  return JSON.parse((window.FlightData ?? '').replaceAll('&quot;', '"').replaceAll('"[', '[').replaceAll(']"', ']'));
}

/** A browser's two hops: InternalSelect with `query`, then wherever it redirects, with its cookie. */
async function search(query: string, on = emulator) {
  const first = await fetch(`${on.url}/Flight/InternalSelect?${query}`, { redirect: 'manual' });
  const location = first.headers.get('location') ?? '';
  const cookie = first.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const page = await fetch(new URL(location, on.url), { headers: { cookie }, redirect: 'manual' });
  const html = await page.text();
  const literal = literalOf(html);
  const data = literal === undefined ? undefined : (readAsPythonTools(literal) as RealFlightData);
  return { first: first.status, location, status: page.status, html, literal, data, journeys: data?.journeys };
}
type Flight = NonNullable<RealFlightData['journeys'][number]['flights']>[number];
const goWildOn = (flights: Flight[] | null | undefined) => (flights ?? []).filter((f) => f.isGoWildFareEnabled && f.goWildFare > 0).length;

async function schedule(origin: string, destination: string) {
  const res = await fetch(
    `${emulator.url}/Flight/RetrieveSchedule?calendarSelectableDays.Origin=${origin}&calendarSelectableDays.Destination=${destination}`,
  );
  return { status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as Record<string, unknown> };
}
/** "6/12/2026" back to 2026-06-12. */
const isoOf = (us: string) => {
  const [m, d, y] = us.split('/');
  return `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
};

describe("the results page in the real site's shape (decision 240)", () => {
  it('assigns FlightData without var, encoded as the site does: only &quot; and &amp;, and \\&quot; inside otpData', async () => {
    const { html, literal, data } = await search(`o1=DEN&d1=LAS&dd1=2026-04-02&${WORKING}`);
    expect(html).toMatch(/\n\s*FlightData = '/);
    expect(html).not.toMatch(/var FlightData\s*=/);
    expect(literal).toBeDefined();
    expect(literal).not.toMatch(/["'<>]/);
    expect(new Set(literal!.match(/&[#\w]+;/g))).toEqual(new Set(['&quot;', '&amp;']));
    // otpData is JSON inside a JSON string: its quotes come out as backslash-entity, as on the real page.
    const escaped = literal!.split('\\&quot;').length - 1;
    const otpQuotes = data!.journeys[0]!.flights!.reduce((n, f) => n + f.otpData.split('"').length - 1, 0);
    expect(escaped).toBe(otpQuotes);
    expect(escaped).toBeGreaterThan(300);
    expect(literal).toContain('&quot;otpData&quot;:&quot;[{\\&quot;flightNumber\\&quot;:\\&quot;');
    // Our own script hands the data to the page; the site's PerimeterX client is loaded as on the real page.
    expect(html).toContain('window.selectApp && window.selectApp.start(window.FlightData);');
    expect(html).toContain('<script src="//client.px-cloud.net/PXVb73hTEg/main.min.js" async></script>');
    // Decoys stay around it.
    expect(html).toContain("var SelectedFlightData = '';");
  });

  it("reads the same whether read as the site's page does or as the Python tools do", async () => {
    const { html, data } = await search(`o1=PDX&d1=MCO&dd1=2026-04-02&${WORKING}`);
    const site = readAsTheSite(html) as { journeys: { flights: { otpData: unknown; legs: unknown }[] }[] };
    const flights = data!.journeys[0]!.flights!;
    expect(flights.length).toBeGreaterThan(0);
    site.journeys[0]!.flights.forEach((f, i) => {
      // The site's reader turns otpData into an array; the Python tools keep it a string that parses to the same.
      expect(f.otpData).toEqual(JSON.parse(flights[i]!.otpData));
      expect(f.legs).toEqual(flights[i]!.legs);
    });
  });

  it('answers with the fields of the captured page, the search echoed in the 2026 page model', async () => {
    const { data } = await search(`o1=DEN&d1=LAS&dd1=2026-04-02&${WORKING}`);
    expect(data).toMatchObject({
      originOne: 'DEN',
      destinationOne: 'LAS',
      departureDateOne: '2026-04-02 00:00:00',
      departureDateTwo: '0001-01-01 00:00:00',
      fareTypeBy: 'DD',
    });
    const [journey] = data!.journeys;
    expect(journey!.ribbon.displayDates).toHaveLength(7);
    expect(journey!.flights!.every((f) => Object.keys(f).length === 56)).toBe(true);
    expect(goWildOn(journey!.flights)).toBeGreaterThan(0);
    const leg = journey!.flights![0]!.legs[0]!;
    expect(leg.departureDateUtc).toMatch(/^2026-04-02T\d{2}:\d{2}:00Z$/);
  });

  it("shows in each ribbon day the lowest Discount Den fare of that day's own results page", async () => {
    const { journeys } = await search(`o1=DEN&d1=LAS&dd1=2026-04-03&${WORKING}`);
    const days = journeys![0]!.ribbon.displayDates;
    expect(days.map((d) => d.dateKey)).toEqual([
      '2026-03-31',
      '2026-04-01',
      '2026-04-02',
      '2026-04-03',
      '2026-04-04',
      '2026-04-05',
      '2026-04-06',
    ]);
    for (const day of days) {
      const flights = (await search(`o1=DEN&d1=LAS&dd1=${day.dateKey}&${WORKING}`)).journeys![0]!.flights;
      const lowest = flights ? Math.min(...flights.map((f) => f.discountDenFare).filter((f) => f > 0)) : null;
      expect([day.dateKey, day.isDisabled, day.fare]).toEqual([day.dateKey, flights === null, lowest]);
    }
    expect(days[0]).toMatchObject({ isDisabled: true, fare: null });
  });
});

describe('the emulator is as loose as the site (decision 240)', () => {
  it('reads every dd1 form working tools send, with adt or ADT, and gives the same page', async () => {
    const forms = ['Apr%2002%2C%202026', 'Apr+2,+2026', 'Apr-02%2C%202026', 'Apr%2002%202026', '2026-04-02', '2026-04-02%2000%3A00%3A00'];
    const pages = [];
    for (const [i, dd1] of forms.entries()) {
      const got = await search(`o1=DEN&d1=LAS&dd1=${dd1}&${i % 2 === 0 ? 'adt=1' : 'ADT=1'}&mon=true`);
      expect(got.location).toBe('/Flight/Select');
      expect(got.data?.departureDateOne).toBe('2026-04-02 00:00:00');
      pages.push(got.data);
    }
    for (const page of pages) expect(page).toEqual(pages[0]);
  });

  it('shows GoWild fares whatever ftype says, or without one', async () => {
    const pages = [];
    for (const ftype of ['&ftype=GW', '&ftype=DD', '&ftype=Miles', ''])
      pages.push((await search(`o1=DEN&d1=LAS&dd1=2026-04-02&${WORKING}${ftype}`)).data);
    expect(goWildOn(pages[0]?.journeys[0]?.flights)).toBeGreaterThan(0);
    for (const page of pages) expect(page).toEqual(pages[0]);
  });

  it('still answers a date it cannot read with its error page: a 200 HTML page without FlightData', async () => {
    const before = emulator.stats.searchErrors;
    for (const dd1 of ['04-02-2026', '2026-02-30', 'Apr%2031%2C%202026', 'Foo%2002%2C%202026', '']) {
      const got = await search(`o1=DEN&d1=LAS&dd1=${dd1}&${WORKING}`);
      expect([got.first, got.location, got.status]).toEqual([302, '/Error', 200]);
      expect(got.html).toMatch(/<html/);
      expect(got.literal).toBeUndefined();
    }
    expect(emulator.stats.searchErrors - before).toBe(5);
  });

  it('answers the round-trip form (dd2, r=true) with the return as a second journey', async () => {
    const got = await search(`o1=DEN&d1=LAS&dd1=Apr%2002%2C%202026&dd2=Apr%2005%2C%202026&r=true&${WORKING}`);
    expect(got.journeys).toHaveLength(2);
    const [out, back] = got.journeys ?? [];
    for (const f of out?.flights ?? []) expect([f.legs[0]?.departureStation, f.legs.at(-1)?.arrivalStation]).toEqual(['DEN', 'LAS']);
    expect(back?.flights?.length).toBeGreaterThan(0);
    for (const f of back?.flights ?? []) expect([f.legs[0]?.departureStation, f.legs.at(-1)?.arrivalStation]).toEqual(['LAS', 'DEN']);
    expect(got.data).toMatchObject({ isRoundTrip: true, departureDateTwo: '2026-04-05 00:00:00' });
    // Without r=true, dd2 is not a round trip; with it, a return date that does not read (or comes first) is an error.
    expect((await search(`o1=DEN&d1=LAS&dd1=2026-04-02&dd2=2026-04-05&${WORKING}`)).journeys).toHaveLength(1);
    for (const dd2 of ['', '04-05-2026', '2026-04-01'])
      expect((await search(`o1=DEN&d1=LAS&dd1=2026-04-02&dd2=${dd2}&r=true&${WORKING}`)).location).toBe('/Error');
  });
});

describe('/Flight/RetrieveSchedule', () => {
  it('lists the days a route does not fly up to the last day sold, as M/D/YYYY without padding', async () => {
    const before = emulator.stats.schedules;
    const { status, type, body } = await schedule('CLE', 'MYR');
    expect([status, type]).toEqual([200, 'application/json; charset=utf-8']);
    const days = body.calendarSelectableDays as { lastAvailableDate: string; disabledDates: string[] };
    expect(days.lastAvailableDate).toBe('3/31/2027');
    expect(days.disabledDates.length).toBeGreaterThan(100);
    for (const d of days.disabledDates) expect(d).toMatch(/^[1-9]\d?\/[1-9]\d?\/\d{4}$/);
    expect(days.disabledDates).toContain('4/1/2026');
    expect(((await schedule('DEN', 'LAS')).body.calendarSelectableDays as { disabledDates: string[] }).disabledDates).toEqual([]);
    expect(emulator.stats.schedules - before).toBe(2);
  });

  it('agrees with the results pages: a disabled day has no flights, every other day has some', async () => {
    const { body } = await schedule('CLE', 'MYR');
    const disabled = new Set((body.calendarSelectableDays as { disabledDates: string[] }).disabledDates.map(isoOf));
    let seen = 0;
    for (let day = 2; day <= 15; day++) {
      const date = `2026-04-${String(day).padStart(2, '0')}`;
      const flights = (await search(`o1=CLE&d1=MYR&dd1=${date}&${WORKING}`)).journeys![0]!.flights;
      expect([date, flights === null]).toEqual([date, disabled.has(date)]);
      if (disabled.has(date)) seen++;
    }
    expect(seen).toBeGreaterThan(3);
  });

  it('gets the fault dice of the other data requests: a block is always PerimeterX JSON', async () => {
    const before = { ...emulator.knobs };
    try {
      emulator.setKnobs({ blockRate: 1 });
      const blocked = await schedule('DEN', 'LAS');
      expect(blocked.status).toBe(403);
      expect(blocked.body).toMatchObject({ appId: 'PXVb73hTEg', blockScript: '//captcha.perimeterx.net/PXVb73hTEg/captcha.js' });
      emulator.setKnobs({ blockRate: 0, errorRate: 1 });
      const res = await fetch(`${emulator.url}/Resource/GetMarkets`);
      await res.arrayBuffer();
      expect(res.status).toBeGreaterThanOrEqual(500);
    } finally {
      emulator.setKnobs(before);
    }
  });
});

describe("PerimeterX's real ids and hosts", () => {
  it('name the app and its hosts in both block answers of the fault dice', async () => {
    const before = { ...emulator.knobs };
    emulator.setKnobs({ blockRate: 1 });
    try {
      const bodies = new Set<string>();
      for (let day = 10; day < 30 && bodies.size < 2; day++) {
        const res = await fetch(`${emulator.url}/Flight/InternalSelect?o1=DEN&d1=LAS&dd1=2026-04-${day}&${WORKING}`);
        expect(res.status).toBe(403);
        bodies.add(res.headers.get('content-type')?.startsWith('application/json') ? 'json' : await res.text());
      }
      expect(bodies.has('json')).toBe(true);
      const htmlPage = [...bodies].find((b) => b !== 'json');
      expect(htmlPage).toContain('id="px-captcha"');
      expect(htmlPage).toContain('//client.px-cloud.net/PXVb73hTEg/main.min.js');
      expect(htmlPage).toContain('//captcha.perimeterx.net/PXVb73hTEg/captcha.js');
      expect(htmlPage).not.toMatch(/VJLEM7Jl/);
    } finally {
      emulator.setKnobs(before);
    }
  });

  it("name them in the bot wall's answers too, and the wall guards RetrieveSchedule", async () => {
    const walled = await startFrontierEmulator({ network: seedNetwork(), clock, seed: 3, botWall: { freeRequests: 0 } });
    try {
      const url = `${walled.url}/Flight/RetrieveSchedule?calendarSelectableDays.Origin=DEN&calendarSelectableDays.Destination=LAS`;
      const json = await fetch(url);
      expect(json.status).toBe(403);
      expect(await json.json()).toMatchObject({ appId: 'PXVb73hTEg', blockScript: '//captcha.perimeterx.net/PXVb73hTEg/captcha.js' });
      const page = await fetch(url, { headers: { accept: 'text/html' } });
      const html = await page.text();
      expect([page.status, html.includes('px-captcha'), html.includes('//client.px-cloud.net/PXVb73hTEg/main.min.js')]).toEqual([
        403,
        true,
        true,
      ]);
      expect(walled.stats.schedules).toBe(0);
      expect(await (await fetch(walled.url)).text()).toContain("window._pxAppId='PXVb73hTEg'");
    } finally {
      await walled.close();
    }
  });
});

describe('EMULATOR_PAGE_SHAPE=legacy', () => {
  it('serves the old shape: var FlightData with {results: {journeys}}, GoWild fares whatever ftype says', async () => {
    const legacy = await startFrontierEmulator({ network: seedNetwork(), clock, seed: 3, pageShape: 'legacy' });
    try {
      const pages = [];
      for (const ftype of ['&ftype=GW', '']) {
        const got = await search(`o1=DEN&d1=LAS&dd1=Apr%2002%2C%202026&${WORKING}${ftype}`, legacy);
        expect(got.html).toContain("var FlightData = '{&quot;results&quot;:{&quot;journeys&quot;:[{&quot;flights&quot;:[");
        pages.push(got.data as unknown as { results: { journeys: { flights: Flight[] }[] } });
      }
      const flights = pages[0]!.results.journeys[0]!.flights;
      expect(goWildOn(flights)).toBeGreaterThan(0);
      expect(Object.keys(flights[0]!)).not.toContain('otpData');
      expect(pages[1]).toEqual(pages[0]);
    } finally {
      await legacy.close();
    }
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
