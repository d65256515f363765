import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { Flight } from './flights';
import { goWildRouteKind } from './gowild-window';
import { localToUtcMs } from './local-time';
import { CALENDAR_TEXTS, type CalendarAirport, buildTripCalendar, tripCalendarFileName, utf8Octets } from './trip-calendar';

const AIRPORTS: Record<string, CalendarAirport> = {
  DEN: { code: 'DEN', name: 'Denver International', city: 'Denver, CO', timezone: 'America/Denver' },
  MCO: { code: 'MCO', name: 'Orlando International', city: 'Orlando, FL', timezone: 'America/New_York' },
  PHX: { code: 'PHX', name: 'Phoenix Sky Harbor', city: 'Phoenix, AZ', timezone: 'America/Phoenix' },
};
const lookup = (code: string) => AIRPORTS[code];

function flight(origin: string, destination: string, dep: string, arr: string, hash: string): Flight {
  return {
    origin,
    destination,
    departure_time: dep,
    arrival_time: arr,
    total_trip_time: '03:40',
    duration: 220,
    stops: 0,
    flight_number: 'F9 1234',
    segments: [],
    fares: { go_wild: { total: 19 }, standard: null, discount_den: null },
    booking_links: { go_wild: null, standard: null, discount_den: null },
    lowest_go_wild_price: 19,
    lowest_price: 19,
    flightHash: hash,
  };
}

/** Parses the file with an independent RFC 5545 reader (ical.js), registering its own VTIMEZONEs. */
function parse(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  for (const tz of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  return cal;
}

// Out on 8 March 2026, the day the US moves to summer time; back on 2 April.
const out = flight('DEN', 'MCO', '2026-03-08T07:00:00', '2026-03-08T12:40:00', 'aaaaaaaaaaa');
const back = flight('MCO', 'DEN', '2026-04-02T18:15:00', '2026-04-02T20:05:00', 'bbbbbbbbbbb');
const now = new Date('2026-03-01T15:00:00Z');

describe('trip calendar (.ics)', () => {
  const text = buildTripCalendar({ flights: [out, back], airports: lookup, plannedReturn: { flight: back, kind: 'domestic' }, now });

  it('is well-formed RFC 5545: CRLF lines of at most 75 octets, one VCALENDAR with VERSION and PRODID', () => {
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n').slice(0, -1);
    expect(lines.every((l) => utf8Octets(l) <= 75)).toBe(true);
    // a, é, €, 😀: 1, 2, 3 and 4 octets.
    expect(utf8Octets('aé€😀')).toBe(10);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const cal = parse(text);
    expect(cal.name).toBe('vcalendar');
    expect(cal.getFirstPropertyValue('version')).toBe('2.0');
    expect(cal.getFirstPropertyValue('prodid')).toContain('GoWild Finder');
    // Every TZID used has its VTIMEZONE (RFC 5545 3.2.19).
    const used = new Set([...text.matchAll(/TZID=([^:;]+)/g)].map((m) => m[1]));
    const defined = new Set(cal.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid')));
    for (const tz of used) expect(defined.has(tz as string), tz).toBe(true);
  });

  it('has both flights at their airports local times, which read back as the right instants', () => {
    const events = parse(text)
      .getAllSubcomponents('vevent')
      .map((e) => new ICAL.Event(e));
    const flights = events.filter((e) => e.summary.startsWith('Frontier'));
    expect(flights.map((e) => e.summary)).toEqual(['Frontier F9 1234 DEN → MCO', 'Frontier F9 1234 MCO → DEN']);
    const [o, r] = flights;
    expect(o!.startDate.zone.tzid).toBe('America/Denver');
    expect(o!.startDate.toString()).toBe('2026-03-08T07:00:00');
    expect(o!.endDate.zone.tzid).toBe('America/New_York');
    // 07:00 in Denver on the change day is MDT (UTC-6): 13:00 UTC; 12:40 in Orlando is EDT: 16:40 UTC.
    expect(o!.startDate.toJSDate().toISOString()).toBe(new Date(localToUtcMs(out.departure_time, 'America/Denver')).toISOString());
    expect(o!.startDate.toJSDate().toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(o!.endDate.toJSDate().toISOString()).toBe('2026-03-08T16:40:00.000Z');
    expect(r!.startDate.toJSDate().toISOString()).toBe('2026-04-02T22:15:00.000Z');
    expect(r!.endDate.toJSDate().toISOString()).toBe('2026-04-03T02:05:00.000Z');
    expect(o!.location).toBe('Denver International (DEN), Denver, CO');
    expect(o!.description).toContain(CALENDAR_TEXTS.bookNote);
    // The price the trip summary charges, to the cent, with its fare (issue 31, defect 1).
    expect(o!.description).toContain('Price when chosen: $19.00 (GoWild).');
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
  });

  it("adds a reminder with an alarm at midnight at the return's departure airport when GoWild opens for it (decision 175)", () => {
    const reminder = parse(text)
      .getAllSubcomponents('vevent')
      .find((e) => e.getFirstPropertyValue('summary') === CALENDAR_TEXTS.reminderSummary('MCO', 'DEN'));
    expect(reminder).toBeDefined();
    const ev = new ICAL.Event(reminder!);
    // Domestic: the day before the flight, midnight in Orlando (EDT on 1 April: 04:00 UTC).
    expect(ev.startDate.toJSDate().toISOString()).toBe('2026-04-01T04:00:00.000Z');
    expect(ev.description).toContain('(MCO)');
    const alarm = reminder!.getFirstSubcomponent('valarm');
    expect(alarm?.getFirstPropertyValue('action')).toBe('DISPLAY');
    expect(String(alarm?.getFirstPropertyValue('trigger'))).toBe('PT0S');
  });

  it('leaves the reminder out once GoWild is already on sale for the return, and says so for separate tickets', () => {
    const late = buildTripCalendar({
      flights: [out, back],
      airports: lookup,
      plannedReturn: { flight: back, kind: 'domestic' },
      now: new Date('2026-04-01T05:00:00Z'),
      separateTickets: true,
    });
    const events = parse(late).getAllSubcomponents('vevent');
    expect(events).toHaveLength(2);
    expect(new ICAL.Event(events[0]!).description).toContain(CALENDAR_TEXTS.separateTickets);
  });

  it('writes a zone without summer time (Phoenix) as one observance, and an unknown airport in UTC', () => {
    const phx = flight('PHX', 'XXX', '2026-07-01T09:00:00', '2026-07-01T11:00:00', 'ccccccccccc');
    const cal = parse(buildTripCalendar({ flights: [phx], airports: lookup, now }));
    const zone = cal.getAllSubcomponents('vtimezone').find((z) => z.getFirstPropertyValue('tzid') === 'America/Phoenix');
    expect(zone?.getAllSubcomponents()).toHaveLength(1);
    const ev = new ICAL.Event(cal.getFirstSubcomponent('vevent')!);
    expect(ev.startDate.toJSDate().toISOString()).toBe('2026-07-01T16:00:00.000Z');
    expect(ev.endDate.toJSDate().toISOString()).toBe('2026-07-01T11:00:00.000Z');
  });

  it('escapes text and folds long lines so they read back unchanged', () => {
    const odd: Record<string, CalendarAirport> = {
      ...AIRPORTS,
      DEN: { ...AIRPORTS.DEN!, name: 'Denver; "International", Gate A\\B — Ünïcödé '.repeat(3) },
    };
    const cal = parse(buildTripCalendar({ flights: [out], airports: (c) => odd[c], now }));
    expect(new ICAL.Event(cal.getFirstSubcomponent('vevent')!).location).toBe(`${odd.DEN!.name} (DEN), Denver, CO`);
  });

  it('names the file after the first flight, and tells domestic from international routes', () => {
    expect(tripCalendarFileName([out, back])).toBe('gowild-DEN-MCO-2026-03-08.ics');
    expect(goWildRouteKind('US', 'PR')).toBe('domestic');
    expect(goWildRouteKind('US', 'MX')).toBe('international');
  });
});
