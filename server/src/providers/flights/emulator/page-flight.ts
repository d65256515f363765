import { distanceMiles } from '@gowild/contract/distance';
import { hashString, randomFor } from '../../../lib/seeded-random';
import { type Leg, type Offer, totalMinutes } from './schedule';
import { clock12, durationText, hhmmss, usDateTime, utcText } from './wire-text';

/**
 * One itinerary as the real results page writes it (docs/product/providers.md#frontier-emulator): 56 keys, as on the
 * captured page. The keys the airline is known to write carry its meaning; the others (bundle names, flags, texts)
 * are plausible fillers of ours, written so a page is as heavy as the real one, and nothing should read meaning
 * into them.
 */

/** Seat counts are written only when this few are left, as text ("3 Seats Left!"); otherwise null. */
export const FEW_SEATS = 5;

function seatsText(n: number): string | null {
  return n > 0 && n <= FEW_SEATS ? `${n} Seat${n === 1 ? '' : 's'} Left!` : null;
}

const minutesBetween = (fromMs: number, toMs: number) => Math.round((toMs - fromMs) / 60_000);
const cents = (usd: number) => Math.round(usd * 100) / 100;

function pageLeg(l: Leg) {
  const minutes = minutesBetween(l.depUtc, l.arrUtc);
  return {
    departureStation: l.from.code,
    arrivalStation: l.to.code,
    departureDate: l.depLocal,
    arrivalDate: l.arrLocal,
    departureDateUtc: utcText(l.depUtc),
    arrivalDateUtc: utcText(l.arrUtc),
    isNextDayArrival: l.arrLocal.slice(0, 10) > l.depLocal.slice(0, 10),
    duration: hhmmss(minutes),
    durationFormatted: durationText(minutes),
    flightNumber: l.flightNumber,
    carrierCode: 'F9',
    carrierText: '',
    departureDateFormatted: clock12(l.depLocal),
    arrivalDateFormatted: clock12(l.arrLocal),
    flightTime: `${Math.floor(minutes / 60)}hrs ${minutes % 60}min`,
  };
}

/** The layover at each connection: where, and for how long. */
function layovers(legs: readonly Leg[]) {
  return legs.slice(1).map((l, i) => {
    const minutes = minutesBetween((legs[i] as Leg).arrUtc, l.depUtc);
    return { station: l.from.code, duration: hhmmss(minutes), durationFormatted: durationText(minutes) };
  });
}

/** The site's sell key of the legs: carrier, flight, stations and local times, legs joined by `^`. */
function journeySellKey(legs: readonly Leg[]): string {
  return legs
    .map((l) => `F9~${l.flightNumber}~ ~~${l.from.code}~${usDateTime(l.depLocal)}~${l.to.code}~${usDateTime(l.arrLocal)}~~`)
    .join('^');
}

/** Fare-basis codes in the site's style (GW00PCW, GW01PRNW, R21PXS4): made up from the stops and lead time. */
function fareBasis(o: Offer, daysOut: number) {
  const stops = o.legs.length - 1;
  const salt = hashString(journeySellKey(o.legs));
  const advance = String([21, 14, 7, 3, 0].find((d) => daysOut >= d) ?? 0).padStart(2, '0');
  const tail = `P${stops === 0 ? 'X' : 'C'}S${1 + (salt % 8)}`;
  return {
    goWild: `GW0${stops}P${['CW', 'RNW', 'CNW', 'RW'][salt % 4]}`,
    standard: `R${advance}${tail}`,
    discountDen: `D${advance}${tail}`,
  };
}

function fareKey(kind: string, basis: string, product: string, legs: readonly Leg[]): string {
  return `0~${kind}~X~F9~${basis}~${product}~~0~1~~X|${journeySellKey(legs)}`;
}

const OTP_MONTHS = 6;

/**
 * On-time figures per leg, as the page carries them: a JSON array serialised into a string (so its quotes come out
 * escaped inside the page's literal). Stable per flight and month; the months are the six before `now`'s.
 */
function otpData(legs: readonly Leg[], now: Date): string {
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const pct = (n: number) => `${Math.round(n)}%`;
  return JSON.stringify(
    legs.map((l) => {
      const r = randomFor('otp', l.flightNumber, l.from.code, l.to.code);
      const months = Array.from({ length: OTP_MONTHS }, (_, i) => {
        const m = thisMonth - OTP_MONTHS + i;
        const onTime = 62 + 30 * randomFor('otp', l.flightNumber, m)();
        return {
          month: `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`,
          onTimePercentage: pct(onTime),
          cancelledPercentage: pct((100 - onTime) / 12),
          flightsOperated: String(26 + Math.floor(5 * r())),
        };
      });
      const onTime = months.reduce((s, m) => s + Number.parseInt(m.onTimePercentage, 10), 0) / OTP_MONTHS;
      return {
        flightNumber: String(l.flightNumber),
        carrierCode: 'F9',
        departureStation: l.from.code,
        arrivalStation: l.to.code,
        reportingPeriod: `Last ${OTP_MONTHS} months`,
        onTimePercentage: pct(onTime),
        lateOver30MinPercentage: pct((100 - onTime) * 0.55),
        cancelledPercentage: pct((100 - onTime) / 12),
        averageDelayMinutes: String(12 + Math.floor(30 * r())),
        months,
      };
    }),
  );
}

/** Bundles sold on top of a fare, dearer with distance: -1 when the fare itself is not sold. */
function bundles(o: Offer) {
  const first = o.legs[0] as Leg;
  const last = o.legs[o.legs.length - 1] as Leg;
  const thousands = Math.floor(distanceMiles(first.from, last.to) / 1000);
  const perks = 39.99 + 10 * thousands;
  const works = 69.99 + 15 * thousands;
  const on = (fare: number, add: number) => (fare > 0 ? cents(fare + add) : -1);
  return {
    perksBundlePrice: on(o.standardFare, perks),
    worksBundlePrice: on(o.standardFare, works),
    discountDenPerksBundlePrice: on(o.discountDenFare, perks),
    discountDenWorksBundlePrice: on(o.discountDenFare, works),
  };
}

/** Where the flight stands on its page: its position, and the page's lowest Discount Den fare. */
export interface FlightPlace {
  index: number;
  lowestDiscountDen: number | null;
  daysOut: number;
  now: Date;
}

/** The fares of a flight: GoWild, Standard, Discount Den, miles (not sold by the emulator: 0) and bundles. */
function fares(o: Offer, place: FlightPlace) {
  const basis = fareBasis(o, place.daysOut);
  const goWild = o.goWildSeats > 0;
  const few = o.seatsLeft <= FEW_SEATS;
  return {
    isGoWildFareEnabled: o.goWildEnabled,
    goWildFare: o.goWildFare,
    // Like the other counts, written only when the flight is nearly full; then the GoWild seats among those left.
    goWildFareSeatsRemaining: goWild && few ? seatsText(o.goWildSeats) : null,
    goWildFareKey: goWild ? fareKey('GW', basis.goWild, 'WILC', o.legs) : null,
    goWildFareSavings: goWild && o.standardFare > 0 ? cents(o.standardFare - o.goWildFare) : 0,
    standardFare: o.standardFare,
    standardFareSeatsRemaining: seatsText(o.seatsLeft),
    standardFareKey: o.standardFare > 0 ? fareKey('R', basis.standard, 'ECON', o.legs) : null,
    isStandardFareEnabled: o.standardFare > 0,
    discountDenFare: o.discountDenFare,
    discountDenFareSeatsRemaining: seatsText(o.seatsLeft),
    discountDenFareKey: o.discountDenFare > 0 ? fareKey('DD', basis.discountDen, 'CLUB', o.legs) : null,
    isDiscountDenFareEnabled: o.discountDenFare > 0,
    discountDenSavings: o.discountDenFare > 0 ? cents(o.standardFare - o.discountDenFare) : 0,
    milesFare: 0,
    milesFareFareSeatsRemaining: null,
    milesFareKey: null,
    isMilesFareEnabled: false,
    milesFareTaxesAndFees: 0,
    ...bundles(o),
  };
}

/** The itinerary: stops, layovers, lengths, and its ends. */
function itinerary(o: Offer) {
  const first = o.legs[0] as Leg;
  const last = o.legs[o.legs.length - 1] as Leg;
  const stops = layovers(o.legs);
  const minutes = totalMinutes(o.legs);
  return {
    stopCount: stops.length,
    stopsText: stops.length === 0 ? 'Nonstop' : `${stops.length} Stop ${stops.map((s) => s.station).join(', ')}`,
    stops,
    layoverText: stops.map((s) => `${s.durationFormatted} in ${s.station}`).join(', '),
    duration: durationText(minutes),
    durationInMinutes: minutes,
    isNextDayArrival: last.arrLocal.slice(0, 10) > first.depLocal.slice(0, 10),
    hasSixPlusLayover: stops.some((s) => s.duration >= '06:00:00'),
    isRedEye: first.depLocal.slice(11, 16) >= '21:00' && last.arrLocal.slice(0, 10) > first.depLocal.slice(0, 10),
    departureStation: first.from.code,
    arrivalStation: last.to.code,
    departureDate: first.depLocal,
    arrivalDate: last.arrLocal,
    departureDateUtc: utcText(first.depUtc),
    arrivalDateUtc: utcText(last.arrUtc),
    departureDateFormatted: clock12(first.depLocal),
    arrivalDateFormatted: clock12(last.arrLocal),
    flightNumbersText: o.legs.map((l) => `F9 ${l.flightNumber}`).join(' / '),
    journeySellKey: journeySellKey(o.legs),
    operatedByText: 'Operated by Frontier Airlines',
    aircraftText: distanceMiles(first.from, first.to) < 900 ? 'Airbus A320neo' : 'Airbus A321neo',
    cabinText: 'Economy',
  };
}

/** One flight of the real page. */
export function pageFlight(o: Offer, place: FlightPlace) {
  return Object.assign(fares(o, place), itinerary(o), {
    legs: o.legs.map(pageLeg),
    otpData: otpData(o.legs, place.now),
    isMonetary: true,
    isSoldOut: o.standardFare <= 0 && o.discountDenFare <= 0,
    isInternational: !o.domestic,
    isCodeShareFlight: false,
    lowestFare: o.discountDenFare,
    isLowestFare: o.discountDenFare > 0 && o.discountDenFare === place.lowestDiscountDen,
    isSelected: false,
    flightIndex: place.index,
    currencyCode: 'USD',
  });
}
export type PageFlight = ReturnType<typeof pageFlight>;
