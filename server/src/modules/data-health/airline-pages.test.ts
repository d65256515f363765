import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { flightSchema } from '@gowild/contract/flights';
import { rereadResponseSchema } from '@gowild/contract/status';
import { describe, expect, it } from 'vitest';
import { encodeAsTheSiteDoes, pageAround, realFlightData, realPage } from '../../providers/flights/frontier-real-page.fixture';
import { type KeptPages, isSnapshotBlackout, readContextFor, readSavedPage, rereadKeptPages, searchOfKeptPage } from './airline-pages';
import type { UnreadablePageRow } from './unreadable-pages.repository';

const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`../../test/fixtures/frontier/${name}`, import.meta.url)), 'utf8');
const settings = { bookingBaseUrl: 'https://booking.flyfrontier.com', dateFormat: 'YYYY-MM-DD' as const };
// Thirty days before the flight: the GoWild fares are Early Booking ones.
const ctx = readContextFor(settings, isSnapshotBlackout, new Date('2025-06-15T14:00:00Z'));
const JFK_ATL = { origin: 'JFK', destination: 'ATL', date: '2025-07-15' };

describe('readSavedPage (airline:read)', () => {
  it('reads the real-shape page: eight flights in the contract shape, six with GoWild, the seven-day ribbon', () => {
    const report = readSavedPage(fixture('select-real-jfk-atl.html'), JFK_ATL, ctx);
    expect(report.kind).toBe('flights');
    expect(report.flights).toHaveLength(8);
    for (const f of report.flights) expect(flightSchema.parse(f)).toEqual(f);
    expect(report.flights.filter((f) => f.fares.go_wild !== null)).toHaveLength(6);
    expect(report.flights[0]!.fares.go_wild).toEqual({ total: 48.69, available_seats: null, fare_type: 'early_booking' });
    const link = new URL(report.flights[0]!.booking_links.go_wild!);
    expect([link.origin, link.searchParams.get('o1'), link.searchParams.get('d1'), link.searchParams.get('dd1')]).toEqual([
      'https://booking.flyfrontier.com',
      'JFK',
      'ATL',
      '2025-07-15',
    ]);
    expect(report.ribbon).toHaveLength(7);
    expect(report.ribbon[3]).toEqual({ date: '2025-07-15', lowest_fare: 88.98 });
    expect(report.malformed).toEqual([]);
    expect(report).not.toHaveProperty('detail');
  });

  it('judges the fare types by the clock it is given', () => {
    const inWindow = readContextFor(settings, isSnapshotBlackout, new Date('2025-07-14T14:00:00Z'));
    const report = readSavedPage(realPage(), JFK_ATL, inWindow);
    expect(report.flights[0]!.fares.go_wild?.fare_type).toBe('standard');
  });

  it('says a changed page is one, with why, and no flights', () => {
    const report = readSavedPage(fixture('select-shape-changed.html'), JFK_ATL, ctx);
    expect(report).toMatchObject({ kind: 'page-changed', flights: [], malformed: [], ribbon: [] });
    expect(report.detail).toMatch(/FlightData does not have the expected shape/);
  });

  it('says a page for another search is one, never no flights', () => {
    const report = readSavedPage(realPage(), { ...JFK_ATL, destination: 'MCO' }, ctx);
    expect(report).toMatchObject({ kind: 'page-changed', flights: [] });
    expect(report.detail).toBe('results are for JFK-ATL, not JFK-MCO');
  });

  it('names a block and its kind', () => {
    const report = readSavedPage(fixture('blocked-captcha.html'), JFK_ATL, ctx);
    expect(report).toMatchObject({ kind: 'blocked', flights: [], reason: 'captcha', status: 200 });
    expect(report.detail).toBe('blocked (captcha, HTTP 200)');
  });
});

describe('searchOfKeptPage', () => {
  it('reads the route and date of InternalSelect in every dd1 form', () => {
    for (const dd1 of ['2025-07-15', 'Jul%2015%2C%202025', 'Jul-15%2C%202025', 'Jul%2015%202025', '2025-07-15%2000%3A00%3A00']) {
      const url = `https://booking.flyfrontier.com/Flight/InternalSelect?o1=jfk&d1=ATL&dd1=${dd1}&adt=1`;
      expect(searchOfKeptPage(url, ''), dd1).toEqual({ kind: 'search', query: JFK_ATL, from: 'url' });
    }
  });

  it('takes the search from the page itself when the page landed on /Flight/Select', () => {
    expect(searchOfKeptPage('https://booking.flyfrontier.com/Flight/Select', realPage())).toEqual({
      kind: 'search',
      query: JFK_ATL,
      from: 'page',
    });
    expect(searchOfKeptPage('https://booking.flyfrontier.com/Flight/Select', '<html>nothing here</html>')).toEqual({
      kind: 'unknown',
      path: '/Flight/Select',
    });
  });

  it('says GetMarkets, RetrieveSchedule and an error page are not results pages', () => {
    for (const path of ['/Resource/GetMarkets', '/Flight/RetrieveSchedule?calendarSelectableDays.Origin=DEN', '/Error']) {
      expect(searchOfKeptPage(`https://booking.flyfrontier.com${path}`, realPage()).kind, path).toBe('not-results');
    }
  });
});

function row(id: string, url: string, body: string, reason: string, seenAt = '2026-07-15T12:00:00Z'): UnreadablePageRow {
  return {
    id,
    seenAt: new Date(seenAt),
    url,
    status: 200,
    contentType: 'text/html',
    bytes: Buffer.byteLength(body),
    body,
    truncated: false,
    reason,
  };
}

/** Kept pages as the repository gives them: listed without bodies, newest first, then one at a time. */
function keptPages(rows: UnreadablePageRow[]): KeptPages & { finds: string[] } {
  const finds: string[] = [];
  return {
    finds,
    list: async (limit, offset) => ({ rows: rows.slice(offset, offset + limit).map(({ id }) => ({ id })), total: rows.length }),
    find: async (id) => {
      finds.push(id);
      return rows.find((r) => r.id === id);
    },
  };
}

describe('rereadKeptPages (airline:reread)', () => {
  const select = 'https://booking.flyfrontier.com/Flight/Select';
  const internal = 'https://booking.flyfrontier.com/Flight/InternalSelect?o1=JFK&d1=ATL&dd1=Jul%2015%2C%202025&adt=1';

  it('reads each kept page again and says which now read, which still do not, and which are no results page', async () => {
    const pages = keptPages([
      row('p1', select, realPage(), 'FlightData is not valid JSON: Unexpected token'),
      row('p2', internal, fixture('select-shape-changed.html'), 'FlightData does not have the expected shape'),
      row('p3', 'https://booking.flyfrontier.com/Resource/GetMarkets', '<html/>', 'GetMarkets is not JSON'),
      row('p4', select, '<html>Oops</html>', 'no FlightData assignment on the page'),
    ]);
    const answer = rereadResponseSchema.parse(await rereadKeptPages(pages, ctx));
    expect(answer).toMatchObject({ total: 4, reads: 1, read_at: '2025-06-15T14:00:00.000Z' });
    const [p1, p2, p3, p4] = answer.pages;
    expect(p1).toMatchObject({
      id: 'p1',
      outcome: 'reads',
      flights: 8,
      detail: null,
      search: { ...JFK_ATL, from: 'page' },
      was: 'FlightData is not valid JSON: Unexpected token',
    });
    expect(p2).toMatchObject({ outcome: 'unreadable', flights: null, search: { ...JFK_ATL, from: 'url' } });
    expect(p2!.detail).toMatch(/FlightData does not have the expected shape/);
    expect(p3).toMatchObject({ outcome: 'not_a_results_page', search: null, detail: '/Resource/GetMarkets is not a results page' });
    expect(p4).toMatchObject({ outcome: 'search_unknown', search: null });
  });

  it('counts the flights of a page some of whose flights still do not read', async () => {
    const data = realFlightData();
    (data.journeys[0]!.flights[0] as { legs: unknown }).legs = 'gone';
    const pages = keptPages([row('p1', internal, pageAround(encodeAsTheSiteDoes(data)), 'old reason')]);
    const [p1] = (await rereadKeptPages(pages, ctx)).pages;
    expect(p1).toMatchObject({ outcome: 'reads', flights: 7, detail: '1 more flight did not read (first: legs)' });
  });

  it('walks every kept page a hundred at a time, fetching bodies one by one', async () => {
    const rows = Array.from({ length: 230 }, (_, i) => row(`p${i}`, internal, '<html/>', 'x'));
    const pages = keptPages(rows);
    const answer = await rereadKeptPages(pages, ctx);
    expect(answer.total).toBe(230);
    expect(pages.finds).toHaveLength(230);
    expect(new Set(pages.finds).size).toBe(230);
  });

  it('says so when nothing is kept', async () => {
    expect(await rereadKeptPages(keptPages([]), ctx)).toEqual({ read_at: ctx.now.toISOString(), total: 0, reads: 0, pages: [] });
  });
});
