import { addDays } from '@gowild/contract/dates';
import { localDate } from '@gowild/contract/local-time';
import { describe, expect, it } from 'vitest';
import { COVER_LEAD_MS, type SweepRoute, allowance, openDates, planSweep, slotKey, windowOpensAt } from './sweep-plan';
import { sweepRoutes } from './sweeps.service';

const HOUR = 3_600_000;
const settings = { mode: 'hourly' as const, refreshMs: HOUR, laterMs: 4 * HOUR };
const [MCO_ATL, LAX_DEN, MCO_SJO, PHX_SJU] = sweepRoutes([
  { origin: 'MCO', destination: 'ATL' },
  { origin: 'LAX', destination: 'DEN' },
  { origin: 'MCO', destination: 'SJO' },
  { origin: 'PHX', destination: 'SJU' },
]) as [SweepRoute, SweepRoute, SweepRoute, SweepRoute];

describe('the sweep planner', () => {
  it('reads each route of the network with its window kind and its origin time zone', () => {
    expect(MCO_ATL).toMatchObject({ kind: 'domestic', timeZone: 'America/New_York' });
    expect(LAX_DEN).toMatchObject({ kind: 'domestic', timeZone: 'America/Los_Angeles' });
    expect(MCO_SJO).toMatchObject({ kind: 'international' });
    expect(PHX_SJU).toMatchObject({ kind: 'domestic', timeZone: 'America/Phoenix' });
  });

  it('sweeps today and tomorrow on a domestic route, today through ten days ahead on an international one', () => {
    const noon = new Date('2026-07-15T16:00:00Z'); // 12:00 in Orlando
    expect(openDates(MCO_ATL, noon)).toEqual(['2026-07-15', '2026-07-16']);
    expect(openDates(MCO_SJO, noon)).toEqual(Array.from({ length: 11 }, (_, i) => `2026-07-${String(15 + i).padStart(2, '0')}`));
  });

  it('opens a date at midnight at an eastern origin: a minute before, not planned; a minute after, an opening', () => {
    const opens = windowOpensAt(MCO_ATL, '2026-07-16');
    expect(opens.toISOString()).toBe('2026-07-15T04:00:00.000Z'); // midnight in Orlando (EDT)
    const before = planSweep([MCO_ATL], new Map(), new Date(opens.getTime() - 60_000), settings);
    expect(before.map((s) => s.date)).toEqual(['2026-07-14', '2026-07-15']);
    const after = planSweep([MCO_ATL], new Map(), new Date(opens.getTime() + 60_000), settings);
    expect(after[0]).toMatchObject({ date: '2026-07-16', reason: 'opening' });
  });

  it("opens each origin's dates at that origin's midnight (Los Angeles, Phoenix without daylight saving)", () => {
    expect(windowOpensAt(LAX_DEN, '2026-07-16').toISOString()).toBe('2026-07-15T07:00:00.000Z');
    expect(windowOpensAt(PHX_SJU, '2026-07-16').toISOString()).toBe('2026-07-15T07:00:00.000Z');
    expect(windowOpensAt(LAX_DEN, '2026-12-16').toISOString()).toBe('2026-12-15T08:00:00.000Z');
    expect(windowOpensAt(MCO_SJO, '2026-07-25').toISOString()).toBe('2026-07-15T04:00:00.000Z');
    // 23:30 in Los Angeles is 02:30 in Orlando: Orlando's day-after-tomorrow is open, Los Angeles's is not yet.
    const now = new Date('2026-07-16T06:30:00Z');
    expect(openDates(LAX_DEN, now)).toEqual(['2026-07-15', '2026-07-16']);
    expect(openDates(MCO_ATL, now)).toEqual(['2026-07-16', '2026-07-17']);
  });

  it.each([LAX_DEN, PHX_SJU, MCO_SJO])('follows the window rule at every origin ($origin): opening, then refreshed', (route) => {
    const date = '2026-07-20';
    const opens = windowOpensAt(route, date);
    const planAt = (ms: number, last = new Map<string, Date>()) =>
      planSweep([route], last, new Date(opens.getTime() + ms), settings).find((s) => s.date === date);
    expect(planAt(-60_000)).toBeUndefined();
    expect(planAt(60_000)).toMatchObject({ reason: 'opening' });
    // Swept just after it opened: not due again until its refresh period has passed.
    const swept = new Map([[slotKey({ ...route, date }), new Date(opens.getTime() + 60_000)]]);
    expect(planAt(30 * 60_000, swept)).toBeUndefined();
    // Refreshed as today's or tomorrow's slot if it is one at the origin by then, else as a later date.
    const at = (ms: number) => new Date(opens.getTime() + ms);
    const nearBy = (ms: number) => date <= addDays(localDate(at(ms), route.timeZone), 1);
    const refresh = nearBy(settings.refreshMs + 2 * 60_000) ? settings.refreshMs : settings.laterMs;
    expect(planAt(refresh + 2 * 60_000, swept)?.reason).toBe(nearBy(refresh + 2 * 60_000) ? 'near' : 'later');
  });

  it('puts openings first, then today and tomorrow, then the later dates, longest unswept first', () => {
    const now = new Date('2026-07-15T04:30:00Z'); // 00:30 in Orlando: MCO's 16th just opened
    const last = new Map([
      [slotKey({ origin: 'MCO', destination: 'ATL', date: '2026-07-15' }), new Date(now.getTime() - 3 * HOUR)],
      [slotKey({ origin: 'MCO', destination: 'SJO', date: '2026-07-15' }), new Date(now.getTime() - 2 * HOUR)],
    ]);
    const plan = planSweep([MCO_ATL, MCO_SJO], last, now, settings);
    const reasons = plan.map((s) => s.reason);
    expect(reasons.indexOf('near')).toBeGreaterThan(reasons.lastIndexOf('opening'));
    expect(reasons.indexOf('later')).toBeGreaterThan(reasons.lastIndexOf('near'));
    expect(plan.filter((s) => s.reason === 'opening').map((s) => `${s.destination} ${s.date}`)).toContain('ATL 2026-07-16');
    const near = plan.filter((s) => s.reason === 'near' && s.date === '2026-07-15');
    expect(near.map((s) => s.destination)).toEqual(['ATL', 'SJO']); // ATL swept longer ago
  });

  it('keeps to the filter (one date, one origin) and, forced, sweeps what was just swept', () => {
    const now = new Date('2026-07-15T16:00:00Z');
    const last = new Map([[slotKey({ origin: 'MCO', destination: 'ATL', date: '2026-07-16' }), now]]);
    expect(planSweep([MCO_ATL, LAX_DEN], last, now, settings, { date: '2026-07-16', origin: 'MCO' })).toEqual([]);
    const forced = planSweep([MCO_ATL, LAX_DEN], last, now, settings, { date: '2026-07-16', origin: 'MCO', force: true });
    expect(forced.map(slotKey)).toEqual(['MCO-ATL-2026-07-16']);
  });
});

describe('the hourly budget', () => {
  const now = new Date('2026-07-15T16:00:00Z');
  const due = planSweep([MCO_ATL, LAX_DEN, MCO_SJO], new Map(), now, settings);

  it('gives a routine run its steady share of the hour, at least one request', () => {
    expect(allowance(due, 600, 0, 60_000).take).toHaveLength(10);
    expect(allowance(due, 10, 0, 60_000).take).toHaveLength(1);
    expect(allowance(due, 600, 0, 60_000).skipped).toBe(due.length - 10);
  });

  it('never spends more than what is left of the hour', () => {
    expect(allowance(due, 600, 595, 60_000).take).toHaveLength(5);
    expect(allowance(due, 600, 600, 60_000).take).toHaveLength(0);
    expect(allowance(due, 10, 0, HOUR).take).toHaveLength(10);
  });

  it('lets openings spend the rest of the hour, beyond the steady share', () => {
    const opening = planSweep([MCO_SJO], new Map(), new Date(windowOpensAt(MCO_SJO, '2026-07-25').getTime() + 60_000), settings);
    expect(opening[0]?.reason).toBe('opening');
    const { take } = allowance(opening, 60, 0, 60_000);
    expect(take[0]?.reason).toBe('opening');
    expect(take.filter((s) => s.reason !== 'opening')).toHaveLength(1);
  });
});

describe('demand-weighted sweeps (decision 226)', () => {
  const noon = new Date('2026-07-15T16:00:00Z'); // 12:00 in Orlando
  const MIN = 60_000;
  const demanding = { ...settings, freshMs: 10 * MIN, leadMs: MIN, demandMin: 2 };
  const slot = (date: string) => slotKey({ origin: 'MCO', destination: 'ATL', date });
  const sweptAgo = (ms: number, ...dates: string[]) => new Map(dates.map((d) => [slot(d), new Date(noon.getTime() - ms)]));

  it('sweeps a searched slot again once its answer is about to leave the fresh time, before the hourly refresh', () => {
    const demand = new Map([[slot('2026-07-15'), 5]]);
    const fresh = planSweep([MCO_ATL], sweptAgo(8 * MIN, '2026-07-15', '2026-07-16'), noon, demanding, {}, demand);
    expect(fresh).toEqual([]);
    const due = planSweep([MCO_ATL], sweptAgo(9 * MIN, '2026-07-15', '2026-07-16'), noon, demanding, {}, demand);
    expect(due.map((s) => [s.date, s.reason])).toEqual([['2026-07-15', 'demand']]);
  });

  it('leaves a slot searched less often than the threshold to the hourly refresh, and weighs nothing when off', () => {
    const demand = new Map([[slot('2026-07-15'), 1]]);
    expect(planSweep([MCO_ATL], sweptAgo(30 * MIN, '2026-07-15', '2026-07-16'), noon, demanding, {}, demand)).toEqual([]);
    const off = { ...demanding, demandMin: 0 };
    expect(
      planSweep([MCO_ATL], sweptAgo(30 * MIN, '2026-07-15', '2026-07-16'), noon, off, {}, new Map([[slot('2026-07-15'), 50]])),
    ).toEqual([]);
  });

  it('keeps a searched date whose window is still shut fresh too, but never calls it an opening nor sweeps it unasked', () => {
    const later = '2026-07-20';
    const due = planSweep([MCO_ATL], sweptAgo(0, '2026-07-15', '2026-07-16'), noon, demanding, {}, new Map([[slot(later), 3]]));
    expect(due.map((s) => [s.date, s.reason])).toEqual([[later, 'demand']]);
    expect(planSweep([MCO_ATL], sweptAgo(0, '2026-07-15', '2026-07-16'), noon, demanding, { force: true })).toHaveLength(2);
    // A date gone by is not swept, whatever its demand.
    expect(planSweep([MCO_ATL], sweptAgo(0, '2026-07-15', '2026-07-16'), noon, demanding, {}, new Map([[slot('2026-07-14'), 9]]))).toEqual(
      [],
    );
  });

  it('serves the searched slots before the hourly refresh, after the openings', () => {
    const demand = new Map([[slot('2026-07-16'), 2]]);
    const due = planSweep([MCO_ATL, MCO_SJO], sweptAgo(2 * HOUR, '2026-07-15', '2026-07-16'), noon, demanding, {}, demand);
    const reasons = due.map((s) => s.reason);
    expect(due[0]).toMatchObject({ date: '2026-07-16', reason: 'demand' });
    expect(reasons.indexOf('near')).toBeGreaterThan(0);
  });
});

describe('demand-weighted sweeps under a small budget (decision 226)', () => {
  it('serves the most searched (origin, date) first, its routes together', () => {
    const noon = new Date('2026-07-15T16:00:00Z');
    const settings = { refreshMs: HOUR, laterMs: 4 * HOUR, freshMs: 10 * 60_000, leadMs: 60_000, demandMin: 2 };
    const routes = sweepRoutes([
      { origin: 'MCO', destination: 'ATL' },
      { origin: 'MCO', destination: 'DEN' },
      { origin: 'LAX', destination: 'DEN' },
    ]);
    const swept = new Map(
      routes.flatMap((r) => ['2026-07-15', '2026-07-16'].map((d) => [slotKey({ ...r, date: d }), new Date(noon.getTime() - 30 * 60_000)])),
    );
    const demand = new Map([
      [slotKey({ origin: 'LAX', destination: 'DEN', date: '2026-07-15' }), 3],
      [slotKey({ origin: 'MCO', destination: 'ATL', date: '2026-07-16' }), 7],
      [slotKey({ origin: 'MCO', destination: 'DEN', date: '2026-07-16' }), 7],
    ]);
    const due = planSweep(routes, swept, noon, settings, {}, demand);
    expect(due.map((s) => `${s.origin}-${s.destination}-${s.date}`)).toEqual([
      'MCO-ATL-2026-07-16',
      'MCO-DEN-2026-07-16',
      'LAX-DEN-2026-07-15',
    ]);
    expect(allowance(due, 2 * 60, 0, 60_000).take).toHaveLength(2);
  });
});

describe('the targeted plan (decision 258)', () => {
  const noon = new Date('2026-07-15T16:00:00Z'); // 12:00 in Orlando; MCO's 16th opened twelve hours ago
  const MIN = 60_000;
  const targeted = { refreshMs: HOUR, laterMs: 4 * HOUR, freshMs: 10 * MIN, leadMs: MIN, demandMin: 2 };
  const slot = (date: string, route: SweepRoute = MCO_ATL) => slotKey({ origin: route.origin, destination: route.destination, date });
  const at = (ms: number, ...keys: string[]) => new Map(keys.map((k) => [k, new Date(noon.getTime() - ms)]));
  const days = (n: number) => Array.from({ length: n }, (_, i) => addDays('2026-07-15', i));

  it('has no hourly refresh: an open date swept hours ago is not asked again unless searched', () => {
    const last = at(5 * HOUR, slot('2026-07-15'), slot('2026-07-16'));
    expect(planSweep([MCO_ATL], last, noon, targeted)).toEqual([]);
    expect(planSweep([MCO_ATL], last, noon, { ...targeted, mode: 'hourly' }).map((s) => s.reason)).toEqual(['near', 'near']);
  });

  it('still sweeps each date as its window opens, at the origin airport midnight', () => {
    const opens = windowOpensAt(MCO_ATL, '2026-07-16');
    const due = planSweep([MCO_ATL], at(20 * HOUR, slot('2026-07-15')), new Date(opens.getTime() + MIN), targeted);
    expect(due.map((s) => [s.date, s.reason])).toEqual([['2026-07-16', 'opening']]);
  });

  it('asks no page for a searched date whose GoWild window is shut; an open one is renewed as before', () => {
    const demand = new Map([
      [slot('2026-07-20'), 9],
      [slot('2026-07-16'), 3],
    ]);
    const due = planSweep([MCO_ATL], at(9 * MIN, slot('2026-07-15'), slot('2026-07-16')), noon, targeted, {}, demand);
    expect(due.map((s) => [s.date, s.reason])).toEqual([['2026-07-16', 'demand']]);
  });

  it("asks today's routes again near departure every departureMs, not tomorrow's", () => {
    const settings = { ...targeted, departureMs: 2 * HOUR };
    expect(planSweep([MCO_ATL], at(HOUR, slot('2026-07-15'), slot('2026-07-16')), noon, settings)).toEqual([]);
    const due = planSweep([MCO_ATL], at(3 * HOUR, slot('2026-07-15'), slot('2026-07-16')), noon, settings);
    expect(due.map((s) => [s.date, s.reason])).toEqual([['2026-07-15', 'departure']]);
  });

  describe('cover pages for the grid', () => {
    const covering = { ...targeted, coverDays: 14 };

    it('asks two pages for a fortnight nothing brought a figure for: each covers its day and three either side', () => {
      const due = planSweep([MCO_ATL], at(4 * HOUR, slot('2026-07-15'), slot('2026-07-16')), noon, covering);
      // Today and tomorrow were asked at 08:00: their pages' week views reach the 19th; the 20th on are not covered.
      expect(due.map((s) => [s.date, s.reason])).toEqual([
        ['2026-07-23', 'cover'],
        ['2026-07-28', 'cover'],
      ]);
      const cold = planSweep([MCO_ATL], new Map(), noon, covering);
      expect(cold.map((s) => s.date)).toEqual(['2026-07-18', '2026-07-25']);
    });

    it('asks nothing where travellers brought answers or week-view figures within the last day (decision 328)', () => {
      const seen = at(3 * HOUR, ...days(14).map((d) => slot(d)));
      expect(planSweep([MCO_ATL], new Map(), noon, covering, {}, new Map(), seen)).toEqual([]);
      // Yesterday's figures count while they are under a day old, less the lead the page needs to be in first.
      const yesterday = at(23 * HOUR, ...days(14).map((d) => slot(d)));
      expect(planSweep([MCO_ATL], new Map(), noon, covering, {}, new Map(), yesterday)).toEqual([]);
      const ageing = at(24 * HOUR - COVER_LEAD_MS + MIN, ...days(14).map((d) => slot(d)));
      expect(planSweep([MCO_ATL], new Map(), noon, covering, {}, new Map(), ageing).map((s) => s.date)).toEqual([
        '2026-07-18',
        '2026-07-25',
      ]);
      // A gap on the 22nd alone: the page of the 25th covers it (the last day of the grid is the 28th).
      const gap = at(
        HOUR,
        ...days(14)
          .filter((d) => d !== '2026-07-22')
          .map((d) => slot(d)),
      );
      expect(planSweep([MCO_ATL], new Map(), noon, covering, {}, new Map(), gap).map((s) => s.date)).toEqual(['2026-07-25']);
    });

    it('counts its own pages of the last day, also where the week view showed nothing (so it does not ask again)', () => {
      const own = at(2 * HOUR, slot('2026-07-18'), slot('2026-07-25'));
      expect(planSweep([MCO_ATL], own, noon, covering)).toEqual([]);
    });

    it("asks no cover page for what the route's next window opening renews within the lead", () => {
      // 23:50 on the 15th in Orlando, ten minutes before the 17th opens. The pages of that midnight (the opening of
      // the 16th, cover pages of the 23rd and the 28th) were asked at 00:01: their figures are within the lead of a
      // day old.
      const opens = windowOpensAt(MCO_ATL, '2026-07-17');
      const before = (ms: number) => new Date(opens.getTime() - ms);
      const swept = (now: Date) =>
        new Map(
          [slot('2026-07-16'), slot('2026-07-23'), slot('2026-07-28')].map((k) => [k, new Date(now.getTime() - 24 * HOUR + 11 * MIN)]),
        );
      // The opening of the 17th covers the 14th to the 20th: the pages go to the 24th and the 28th.
      const soon = before(10 * MIN);
      expect(planSweep([MCO_ATL], swept(soon), soon, covering).map((s) => s.date)).toEqual(['2026-07-24', '2026-07-28']);
      // Half an hour before it, beyond the lead, the 15th is due too and gets its own page.
      const early = before(30 * MIN);
      expect(planSweep([MCO_ATL], swept(early), early, covering).map((s) => s.date)).toEqual(['2026-07-18', '2026-07-25']);
    });

    it('counts the pages planned in the same run, and comes after openings, demand and departures', () => {
      const opens = windowOpensAt(MCO_SJO, '2026-07-25');
      const due = planSweep([MCO_SJO], new Map(), new Date(opens.getTime() + MIN), covering);
      const reasons = due.map((s) => s.reason);
      expect(reasons.indexOf('cover')).toBeGreaterThan(reasons.lastIndexOf('opening'));
      // The opening of the 25th covers the 22nd to the 28th (the grid's last day): one page for the first week.
      expect(due.filter((s) => s.reason === 'opening').map((s) => s.date)).toEqual(['2026-07-25']);
      expect(due.filter((s) => s.reason === 'cover').map((s) => s.date)).toEqual(['2026-07-18']);
    });

    it('is not part of the hourly plan, nor of a forced run', () => {
      expect(planSweep([MCO_ATL], new Map(), noon, { ...covering, mode: 'hourly' }).some((s) => s.reason === 'cover')).toBe(false);
      expect(planSweep([MCO_ATL], new Map(), noon, covering, { force: true }).map((s) => s.reason)).toEqual(['near', 'near']);
    });
  });
});
