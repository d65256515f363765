/**
 * A results page in the shape the airline's site really serves (docs/product/providers.md#results-page), built by
 * hand: JFK to ATL on 2025-07-15, asked 30 days ahead, eight itineraries of which six carry a GoWild fare (Early
 * Booking prices, $48.69 nonstop and $54.29 with a connection), GoWild seat counts all left out, one flight showing
 * "3 Seats Left!" on its Standard and Discount Den fares, a connection over a day long, and the 7-day ribbon.
 *
 * Data only: the JSON is written here, and the page around it is ours. `realPage()` encodes it as the site does: the
 * JSON text with `"` written `&quot;` and `&` written `&amp;`, inside a single-quoted literal, so that the quotes of
 * the JSON strings held in `otpData` come out as `\&quot;`.
 */

interface LegSpec {
  from: string;
  to: string;
  number: number;
  /** Airport-local departure and arrival, YYYY-MM-DDTHH:mm. */
  dep: string;
  arr: string;
  /** UTC offsets in hours of the two airports on that day (EDT -4, CDT -5, MDT -6, PDT -7). */
  depOffset: number;
  arrOffset: number;
}

interface FlightSpec {
  legs: LegSpec[];
  goWild: number | null;
  standard: number;
  discountDen: number;
  /** "3 Seats Left!" on Standard and Discount Den when set; every other count is left out (null). */
  fewSeats?: number;
  goWildBasis?: string;
}

const two = (n: number) => String(n).padStart(2, '0');

function utc(local: string, offsetHours: number): Date {
  return new Date(Date.parse(`${local}:00Z`) - offsetHours * 3_600_000);
}

function hhmmss(ms: number): string {
  const m = Math.round(ms / 60_000);
  return `${two(Math.floor(m / 60))}:${two(m % 60)}:00`;
}

function durationText(ms: number): string {
  const m = Math.round(ms / 60_000);
  const days = Math.floor(m / 1440);
  const text = `${Math.floor((m % 1440) / 60)} hrs ${m % 60} min`;
  return days > 0 ? `${days} day(s) ${text}` : text;
}

function clock(local: string): string {
  const [h, m] = local.slice(11, 16).split(':').map(Number) as [number, number];
  return `${h % 12 === 0 ? 12 : h % 12}:${two(m)} ${h < 12 ? 'AM' : 'PM'}`;
}

function usDate(local: string): string {
  return `${local.slice(5, 7)}/${local.slice(8, 10)}/${local.slice(0, 4)} ${local.slice(11, 16)}`;
}

function leg(l: LegSpec) {
  const dep = utc(l.dep, l.depOffset);
  const arr = utc(l.arr, l.arrOffset);
  return {
    departureStation: l.from,
    arrivalStation: l.to,
    departureDate: `${l.dep}:00`,
    arrivalDate: `${l.arr}:00`,
    departureDateUtc: dep.toISOString().replace('.000Z', 'Z'),
    arrivalDateUtc: arr.toISOString().replace('.000Z', 'Z'),
    isNextDayArrival: l.arr.slice(0, 10) > l.dep.slice(0, 10),
    duration: hhmmss(arr.getTime() - dep.getTime()),
    durationFormatted: durationText(arr.getTime() - dep.getTime()),
    flightNumber: l.number,
    carrierCode: 'F9',
    departureDateFormatted: clock(l.dep),
    arrivalDateFormatted: clock(l.arr),
    flightTime: hhmmss(arr.getTime() - dep.getTime()),
  };
}

/** On-time figures per leg, as the page carries them: a JSON array serialised into a string. */
function otpData(legs: LegSpec[]): string {
  return JSON.stringify(
    legs.map((l, i) => ({
      flightNumber: String(l.number),
      carrierCode: 'F9',
      departureStation: l.from,
      arrivalStation: l.to,
      onTimePercentage: `${62 + ((l.number + i) % 30)}%`,
      delayedMoreThan30MinPercentage: `${8 + (l.number % 11)}%`,
      cancelledPercentage: `${l.number % 3}%`,
      note: 'Based on the "last 30 days" of operations',
    })),
  );
}

function fareKey(kind: string, basis: string, legs: LegSpec[]): string {
  const journey = legs.map((l) => `F9~${l.number}~ ~~${l.from}~${usDate(l.dep)}~${l.to}~${usDate(l.arr)}~~`).join('^');
  return `0~${kind}~X~F9~${basis}~WILC~~0~1~~X|${journey}`;
}

function flight(f: FlightSpec) {
  const legs = f.legs.map(leg);
  const first = legs[0]!;
  const last = legs[legs.length - 1]!;
  const total = Date.parse(last.arrivalDateUtc) - Date.parse(first.departureDateUtc);
  const stops = f.legs.slice(1).map((l, i) => {
    const layover = utc(l.dep, l.depOffset).getTime() - utc(f.legs[i]!.arr, f.legs[i]!.arrOffset).getTime();
    return { station: l.from, duration: hhmmss(layover), durationFormatted: durationText(layover) };
  });
  const few = f.fewSeats === undefined ? null : `${f.fewSeats} Seats Left!`;
  return {
    isGoWildFareEnabled: f.goWild !== null,
    goWildFare: f.goWild ?? -1.0,
    goWildFareSeatsRemaining: null,
    goWildFareKey: f.goWild === null ? null : fareKey('GW', f.goWildBasis ?? 'GW00PCW', f.legs),
    standardFare: f.standard,
    standardFareSeatsRemaining: few,
    standardFareKey: fareKey('R', 'R21PXS4', f.legs),
    discountDenFare: f.discountDen,
    discountDenFareSeatsRemaining: few,
    discountDenFareKey: fareKey('DD', 'D21PXS4', f.legs),
    milesFare: Math.round(f.standard * 95),
    milesFareFareSeatsRemaining: null,
    stopCount: stops.length,
    stopsText: stops.length === 0 ? 'Nonstop' : `${stops.length} Stop ${stops.map((s) => s.station).join(', ')}`,
    stops,
    duration: durationText(total),
    isNextDayArrival: last.arrivalDate.slice(0, 10) > first.departureDate.slice(0, 10),
    hasSixPlusLayover: stops.some((s) => s.duration >= '06:00:00'),
    worksBundlePrice: Math.round((f.discountDen + 71.99) * 100) / 100,
    perksBundlePrice: Math.round((f.discountDen + 46.99) * 100) / 100,
    isSoldOut: false,
    legs,
    otpData: otpData(f.legs),
  };
}

const JFK = -4;
const ATL = -4;
const LAS = -7;
const DEN = -6;
const ORD = -5;
const D = '2025-07-15';

/** The eight itineraries, in the page's order (by departure). */
const FLIGHTS: FlightSpec[] = [
  {
    legs: [{ from: 'JFK', to: 'ATL', number: 1291, dep: `${D}T06:20`, arr: `${D}T08:55`, depOffset: JFK, arrOffset: ATL }],
    goWild: 48.69,
    standard: 129.98,
    discountDen: 88.98,
  },
  {
    legs: [
      { from: 'JFK', to: 'LAS', number: 3237, dep: `${D}T06:59`, arr: `${D}T09:36`, depOffset: JFK, arrOffset: LAS },
      { from: 'LAS', to: 'ATL', number: 2110, dep: `${D}T12:58`, arr: `${D}T20:21`, depOffset: LAS, arrOffset: ATL },
    ],
    goWild: 54.29,
    goWildBasis: 'GW01PRNW',
    standard: 219.98,
    discountDen: 171.98,
  },
  {
    legs: [{ from: 'JFK', to: 'ATL', number: 1293, dep: `${D}T10:45`, arr: `${D}T13:22`, depOffset: JFK, arrOffset: ATL }],
    goWild: 48.69,
    standard: 139.98,
    discountDen: 98.98,
  },
  {
    legs: [
      { from: 'JFK', to: 'ORD', number: 1705, dep: `${D}T12:00`, arr: `${D}T13:45`, depOffset: JFK, arrOffset: ORD },
      { from: 'ORD', to: 'ATL', number: 1562, dep: `${D}T15:30`, arr: `${D}T18:40`, depOffset: ORD, arrOffset: ATL },
    ],
    goWild: null,
    standard: 189.98,
    discountDen: 149.98,
  },
  {
    legs: [{ from: 'JFK', to: 'ATL', number: 1295, dep: `${D}T15:10`, arr: `${D}T17:49`, depOffset: JFK, arrOffset: ATL }],
    goWild: 48.69,
    standard: 159.98,
    discountDen: 118.98,
    fewSeats: 3,
  },
  {
    legs: [
      { from: 'JFK', to: 'DEN', number: 1811, dep: `${D}T17:05`, arr: `${D}T19:40`, depOffset: JFK, arrOffset: DEN },
      { from: 'DEN', to: 'ATL', number: 1432, dep: '2025-07-16T13:15', arr: '2025-07-16T18:33', depOffset: DEN, arrOffset: ATL },
    ],
    goWild: 54.29,
    goWildBasis: 'GW01PRNW',
    standard: 209.98,
    discountDen: 164.98,
  },
  {
    legs: [{ from: 'JFK', to: 'ATL', number: 1297, dep: `${D}T19:30`, arr: `${D}T22:05`, depOffset: JFK, arrOffset: ATL }],
    goWild: null,
    standard: 119.98,
    discountDen: 94.98,
  },
  {
    legs: [{ from: 'JFK', to: 'ATL', number: 1299, dep: `${D}T21:15`, arr: `${D}T23:52`, depOffset: JFK, arrOffset: ATL }],
    goWild: 48.69,
    standard: 109.98,
    discountDen: 92.98,
  },
];

/** The ribbon's seven days: the route's lowest fare each day, the searched day's being the page's lowest Discount Den. */
const RIBBON: [string, number][] = [
  ['2025-07-12', 94.98],
  ['2025-07-13', 109.98],
  ['2025-07-14', 91.98],
  ['2025-07-15', 88.98],
  ['2025-07-16', 79.98],
  ['2025-07-17', 99.98],
  ['2025-07-18', 128.98],
];

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function ribbonDay([date, fare]: [string, number]) {
  const day = new Date(`${date}T00:00:00Z`);
  return {
    date: `${date}T00:00:00`,
    fare,
    isSelected: date === D,
    isDisabled: false,
    key: `s=true&o1=JFK&d1=ATL&dd1=${date}&dd2=0001-01-01&mon=true&adt=1`,
    formattedDate: `${WEEKDAYS[day.getUTCDay()]} ${day.getUTCMonth() + 1}/${day.getUTCDate()}`,
    dateKey: date,
    dateMessage: null,
  };
}

/** The expected reading of the page, for tests: what a traveller must see. */
export const REAL_PAGE_SEARCH = { origin: 'JFK', destination: 'ATL', date: D } as const;
export const REAL_PAGE_RIBBON = RIBBON.map(([date, lowestFare]) => ({ date, lowestFare }));

/** The FlightData object of the page (the airline's JSON, before it is encoded into the page). */
export function realFlightData() {
  const flights = FLIGHTS.map(flight);
  const fares = (pick: (f: FlightSpec) => number | null) => FLIGHTS.map(pick).filter((x): x is number => x !== null);
  return {
    calendarLink: `o1=JFK&d1=ATL&dd1=${D}&c=true&mon=true&adt=1`,
    journeys: [
      {
        isReturnTrip: false,
        ribbon: { displayDates: RIBBON.map(ribbonDay) },
        flights,
        departureStation: 'JFK',
        arrivalStation: 'ATL',
        departureStationFormatted: 'New York, NY (JFK)',
        arrivalStationFormatted: 'Atlanta, GA (ATL)',
        cityPairTitle: 'New York, NY (JFK) to Atlanta, GA (ATL)',
        prevArrow: { key: 's=true&o1=JFK&d1=ATL&dd1=2025-07-08&dd2=0001-01-01&mon=true&adt=1' },
        nextArrow: { key: 's=true&o1=JFK&d1=ATL&dd1=2025-07-22&dd2=0001-01-01&mon=true&adt=1' },
        isMilesBooking: false,
        isInternational: false,
      },
    ],
    calendarSections: null,
    isRoundTripFaresEnabled: true,
    isChangeFlight: false,
    isRoundTrip: false,
    returnOnly: false,
    departAmount: 0,
    returnAmount: 0,
    fareTypeBy: 'DD',
    lowestStandardAmount: Math.min(...fares((f) => f.standard)),
    lowestDDAmount: Math.min(...fares((f) => f.discountDen)),
    lowestGWAmount: Math.min(...fares((f) => f.goWild)),
    lowestMiles: Math.min(...flights.map((f) => f.milesFare)),
    isCodeShareFlight: false,
    isSessionNull: false,
    isGoWildOutOfRange: false,
    hasActiveDDSubscription: false,
  };
}

/** The JSON text written into the page's single-quoted literal, encoded as the site encodes it. */
export function encodeAsTheSiteDoes(data: unknown): string {
  return JSON.stringify(data).replaceAll('&', '&amp;').replaceAll('"', '&quot;');
}

/** A whole results page around a FlightData literal (`literal`: the text between the quotes). */
export function pageAround(literal: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Select Flights | Frontier Airlines</title>
<script src="//client.px-cloud.net/PXVb73hTEg/main.min.js" async></script>
<script>window.dataLayer = window.dataLayer || []; dataLayer.push({"event":"pageView","page":"select"});</script>
</head>
<body class="select-page">
<div id="select-root"></div>
<script type="text/javascript">
    FlightData = '${literal}';
    window.selectRoot && window.selectRoot.mount(window.FlightData);
</script>
</body>
</html>
`;
}

/** The whole page, as `/Flight/Select` would answer it. */
export function realPage(): string {
  return pageAround(encodeAsTheSiteDoes(realFlightData()));
}
