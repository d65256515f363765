import { flightPrice, flightPriceName } from './flight-format';
import type { Flight } from './flights';
import { formatDollars } from './money';
import { type GoWildRouteKind, goWildTripOpening } from './gowild-window';
import { utcToLocalIso } from './local-time';

/**
 * The calendar export of a chosen trip (docs/product/search.md#calendar-export; decision 103): an iCalendar file
 * (RFC 5545) with one event per flight, at the airports' local times with their time zones (each zone written out
 * as a VTIMEZONE, as the RFC asks for every TZID used), and, for a planned return whose GoWild seats are not on sale
 * yet, a reminder event with an alarm at the moment they open. Built from the flights alone, so it works on any
 * summary, shared or looked up, with no request to the server.
 */

/** What the calendar needs to know of an airport. */
export interface CalendarAirport {
  code: string;
  name: string;
  city: string;
  timezone: string;
}

export interface TripCalendarInput {
  /** The flights in travel order: outbound and return, or the two separate tickets of a hub trip and so on. */
  flights: readonly Flight[];
  /** The airports of those flights; a code missing here is written in UTC (still correct, just not local). */
  airports: (code: string) => CalendarAirport | undefined;
  /** The planned return whose GoWild opening gets a reminder: the return flight and its route kind. */
  plannedReturn?: { flight: Flight; kind: GoWildRouteKind };
  /** Flights bought as separate tickets (a hub trip): each event says so, with the risk. */
  separateTickets?: boolean;
  /** When the file is made (DTSTAMP), and the time after which a reminder is still worth setting. */
  now: Date;
}

export const CALENDAR_TEXTS = {
  bookNote: 'Book each flight separately on the airline site.',
  separateTickets:
    'Separate tickets: the airline does not know these flights belong together. If the first one is late or cancelled, the second will not wait and is not rebooked for you.',
  /** The flight's price as the trip summary shows it (docs/product/prices.md). */
  price: (amount: string, fare: string) => `Price when chosen: ${amount} (${fare}).`,
  reminderSummary: (from: string, to: string) => `GoWild opens for your return ${from} → ${to}`,
  reminderDescription: (date: string, airport: string) =>
    `GoWild seats for your return flight on ${date} go on sale now (midnight at ${airport}, where its last flight leaves). Book early: they sell out.`,
} as const;

const PRODID = '-//GoWild Finder//Trip calendar//EN';

/** Text values: backslash, semicolon, comma and newlines escaped (RFC 5545 3.3.11). */
function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Octets of a character in UTF-8. */
function utf8Length(ch: string): number {
  const cp = ch.codePointAt(0) ?? 0;
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/** Octets of a line in UTF-8 (RFC 5545 limits lines in octets, not characters). */
export function utf8Octets(line: string): number {
  let n = 0;
  for (const ch of line) n += utf8Length(ch);
  return n;
}

/** Content lines longer than 75 octets are folded: CRLF and a space, never splitting a UTF-8 character (3.1). */
function fold(line: string): string {
  if (utf8Octets(line) <= 75) return line;
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const n = utf8Length(ch);
    const limit = out.length === 0 ? 75 : 74;
    if (size + n > limit) {
      out.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += n;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** 2026-03-02T08:30:00 → 20260302T083000 (a local DATE-TIME). */
function localStamp(localIso: string): string {
  return localIso.slice(0, 19).replace(/[-:]/g, '');
}

/** An instant as a UTC DATE-TIME: 20260302T153000Z. */
function utcStamp(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

function offsetMinutes(ms: number, timeZone: string): number {
  return Math.round((Date.parse(`${utcToLocalIso(ms, timeZone)}Z`) - ms) / 60_000);
}

/** -420 → -0700 (UTC-OFFSET, 3.3.14). */
function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

function zoneName(ms: number, timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(ms))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

const DAY_MS = 86_400_000;

/**
 * The zone's rules over the years the events fall in, as dated observances: one at the start of the first year and
 * one at each offset change (found day by day, then to the minute), so any calendar can place the events without
 * knowing the zone's name.
 */
function vtimezone(timeZone: string, fromYear: number, toYear: number): string[] {
  const start = Date.UTC(fromYear, 0, 1);
  const end = Date.UTC(toYear + 1, 0, 1);
  const changes: { at: number; from: number; to: number }[] = [];
  let prev = offsetMinutes(start, timeZone);
  for (let day = start + DAY_MS; day <= end; day += DAY_MS) {
    const now = offsetMinutes(day, timeZone);
    if (now === prev) continue;
    let lo = day - DAY_MS;
    let hi = day;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (offsetMinutes(mid, timeZone) === prev) lo = mid;
      else hi = mid;
    }
    changes.push({ at: hi, from: prev, to: now });
    prev = now;
  }
  const first = offsetMinutes(start, timeZone);
  const standard = Math.min(first, ...changes.map((c) => c.to));
  const observance = (at: number, from: number, to: number) => {
    const kind = to > standard ? 'DAYLIGHT' : 'STANDARD';
    // DTSTART is the local time of the onset, read with the offset in force before it.
    const onset = new Date(at + from * 60_000).toISOString().slice(0, 19);
    return [
      `BEGIN:${kind}`,
      `DTSTART:${localStamp(onset)}`,
      `TZOFFSETFROM:${utcOffset(from)}`,
      `TZOFFSETTO:${utcOffset(to)}`,
      `TZNAME:${escapeText(zoneName(at, timeZone))}`,
      `END:${kind}`,
    ];
  };
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    ...observance(start, first, first),
    ...changes.flatMap((c) => observance(c.at, c.from, c.to)),
    'END:VTIMEZONE',
  ];
}

function airportLabel(a: CalendarAirport | undefined, code: string): string {
  return a ? `${a.name} (${code}), ${a.city}` : code;
}

/** A flight's local time as DTSTART/DTEND: with its airport's TZID, or in UTC when the airport is unknown. */
function timeProperty(name: 'DTSTART' | 'DTEND', localIso: string, airport: CalendarAirport | undefined): string {
  if (!airport) return `${name}:${localStamp(localIso)}Z`;
  return `${name};TZID=${airport.timezone}:${localStamp(localIso)}`;
}

/** The .ics text of a trip; lines end in CRLF as RFC 5545 requires. */
export function buildTripCalendar(input: TripCalendarInput): string {
  const { flights, airports, now } = input;
  const stamp = utcStamp(now.getTime());
  const zones = new Map<string, number[]>();
  const useZone = (a: CalendarAirport | undefined, localIso: string) => {
    if (!a) return;
    const year = Number(localIso.slice(0, 4));
    zones.set(a.timezone, [...(zones.get(a.timezone) ?? []), year]);
  };
  const events: string[][] = [];
  flights.forEach((f, i) => {
    const from = airports(f.origin);
    const to = airports(f.destination);
    useZone(from, f.departure_time);
    useZone(to, f.arrival_time);
    const stops = f.stops === 0 ? 'Nonstop' : `${f.stops} stop${f.stops > 1 ? 's' : ''}`;
    const description = [
      `Frontier ${f.flight_number}: ${airportLabel(from, f.origin)} → ${airportLabel(to, f.destination)}.`,
      `${stops}, ${f.total_trip_time} (h:mm) door to door.`,
      ...(flightPriceName(f) ? [CALENDAR_TEXTS.price(formatDollars(flightPrice(f)), flightPriceName(f)!)] : []),
      input.separateTickets ? CALENDAR_TEXTS.separateTickets : CALENDAR_TEXTS.bookNote,
    ].join('\n');
    events.push([
      'BEGIN:VEVENT',
      `UID:${f.flightHash}-${i + 1}@gowild-finder`,
      `DTSTAMP:${stamp}`,
      timeProperty('DTSTART', f.departure_time, from),
      timeProperty('DTEND', f.arrival_time, to),
      `SUMMARY:${escapeText(`Frontier ${f.flight_number} ${f.origin} → ${f.destination}`)}`,
      `LOCATION:${escapeText(airportLabel(from, f.origin))}`,
      `DESCRIPTION:${escapeText(description)}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
    ]);
  });

  const planned = input.plannedReturn;
  if (planned) {
    const travelDate = planned.flight.departure_time.slice(0, 10);
    // Per segment, at each departure airport (decision 175): the trip opens with its last segment to open.
    const segments =
      planned.flight.segments.length > 0
        ? planned.flight.segments
        : [{ departure_airport: planned.flight.origin, departure_time: planned.flight.departure_time }];
    const opening = goWildTripOpening(
      planned.kind,
      segments.map((s) => ({ departure_time: s.departure_time, timeZone: input.airports(s.departure_airport)?.timezone })),
    );
    const opensFrom = (segments[opening.segment] as { departure_airport: string }).departure_airport;
    if (opening.at.getTime() > now.getTime()) {
      zones.set(opening.timeZone, [...(zones.get(opening.timeZone) ?? []), Number(opening.opensOn.slice(0, 4))]);
      events.push([
        'BEGIN:VEVENT',
        `UID:${planned.flight.flightHash}-gowild-opens@gowild-finder`,
        `DTSTAMP:${stamp}`,
        `DTSTART;TZID=${opening.timeZone}:${localStamp(`${opening.opensOn}T00:00:00`)}`,
        'DURATION:PT30M',
        `SUMMARY:${escapeText(CALENDAR_TEXTS.reminderSummary(planned.flight.origin, planned.flight.destination))}`,
        `DESCRIPTION:${escapeText(CALENDAR_TEXTS.reminderDescription(travelDate, airportLabel(input.airports(opensFrom), opensFrom)))}`,
        'TRANSP:TRANSPARENT',
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        `DESCRIPTION:${escapeText(CALENDAR_TEXTS.reminderSummary(planned.flight.origin, planned.flight.destination))}`,
        'TRIGGER:PT0S',
        'END:VALARM',
        'END:VEVENT',
      ]);
    }
  }

  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...[...zones].flatMap(([tz, years]) => vtimezone(tz, Math.min(...years), Math.max(...years))),
    ...events.flat(),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** The file name offered for a trip: gowild-DEN-MCO-2026-03-02.ics. */
export function tripCalendarFileName(flights: readonly Flight[]): string {
  const first = flights[0];
  if (!first) return 'gowild-trip.ics';
  return `gowild-${first.origin}-${first.destination}-${first.departure_time.slice(0, 10)}.ics`;
}
