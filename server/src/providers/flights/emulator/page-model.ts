import { addDays, daysBetween } from '@gowild/contract/dates';
import type { PageSearch } from './pages';
import type { EmulatorNetwork } from './network';
import { pageFlight } from './page-flight';
import { EARLY_BOOKING_DAYS, type Schedule } from './schedule';
import { ribbonLabel } from './wire-text';

/**
 * FlightData as the real results page carries it (EMULATOR_PAGE_SHAPE=real, the default; decision 240): the root
 * object with the journeys, the page's lowest fares and the 2026 page model's account of the search; each journey
 * with its stations, its 7-day ribbon and its flights.
 */

interface Site {
  schedule: Schedule;
  network: EmulatorNetwork;
}

/** The date the site writes for "no return date". */
const NO_DATE = '0001-01-01';
/** Days the ribbon shows either side of the searched date. */
const RIBBON_REACH = 3;

/** A ribbon day's or an arrow's link: the same search on another date (the outbound's, or the return's). */
function dateKey(search: PageSearch, dd1: string, dd2: string): string {
  const key = `s=true&o1=${search.origin}&d1=${search.destination}&dd1=${dd1}&dd2=${dd2}&mon=true&adt=1`;
  return search.returnDate ? `${key}&r=true` : key;
}

/**
 * The ribbon: the searched date and three days either side, each with the route's lowest Discount Den fare that day
 * as a search of that day would show it. A day before today, or with nothing on sale, is disabled with a null fare;
 * a day whose flights are all sold out is not disabled but has a null fare too.
 */
function ribbon(
  site: Site,
  leg: { origin: string; destination: string; date: string; selected: { sells: boolean; fare: number | null } },
  keyFor: (date: string) => string,
  now: Date,
) {
  const displayDates = [];
  for (let i = -RIBBON_REACH; i <= RIBBON_REACH; i++) {
    const date = addDays(leg.date, i);
    // The searched day is the page's own flights; the others, what a search of that day would show.
    const day = i === 0 ? leg.selected : site.schedule.lowestDiscountDen(leg.origin, leg.destination, date, now);
    displayDates.push({
      date: `${date}T00:00:00`,
      fare: day.sells ? day.fare : null,
      isSelected: i === 0,
      isDisabled: !day.sells,
      key: keyFor(date),
      formattedDate: ribbonLabel(date),
      dateKey: date,
      dateMessage: null,
    });
  }
  return { displayDates };
}

/** One journey of the page: a direction on its date. */
function journey(site: Site, search: PageSearch, isReturnTrip: boolean, now: Date) {
  const [origin, destination, date] = isReturnTrip
    ? [search.destination, search.origin, search.returnDate as string]
    : [search.origin, search.destination, search.date];
  const keyFor = (d: string) => (isReturnTrip ? dateKey(search, search.date, d) : dateKey(search, d, search.returnDate ?? NO_DATE));
  const offers = site.schedule.offers(origin, destination, date, now);
  const { today, lastDay } = site.schedule.sellingDays(origin, now);
  const lowestFare = Math.min(...(offers ?? []).map((o) => o.discountDenFare).filter((f) => f > 0));
  const lowestDiscountDen = Number.isFinite(lowestFare) ? lowestFare : null;
  const place = { lowestDiscountDen, daysOut: daysBetween(today, date), now };
  const departureStationFormatted = site.network.airport(origin)?.cityAndCode ?? origin;
  const arrivalStationFormatted = site.network.airport(destination)?.cityAndCode ?? destination;
  const weekBefore = addDays(date, -7);
  const weekAfter = addDays(date, 7);
  return {
    isReturnTrip,
    ribbon: ribbon(site, { origin, destination, date, selected: { sells: offers !== null, fare: lowestDiscountDen } }, keyFor, now),
    flights: offers ? offers.map((o, index) => pageFlight(o, { ...place, index })) : null,
    departureStation: origin,
    arrivalStation: destination,
    departureStationFormatted,
    arrivalStationFormatted,
    cityPairTitle: `${departureStationFormatted} to ${arrivalStationFormatted}`,
    prevArrow: weekBefore >= today ? { key: keyFor(weekBefore) } : null,
    nextArrow: weekAfter <= lastDay ? { key: keyFor(weekAfter) } : null,
    isMilesBooking: false,
    isInternational: !site.network.isDomesticRoute(origin, destination),
  };
}
type PageJourney = ReturnType<typeof journey>;

/** The page's lowest fare of a kind over every flight on it; 0 when none is sold (as a page with nothing selected). */
function lowest(journeys: PageJourney[], fare: (f: NonNullable<PageJourney['flights']>[number]) => number): number {
  const fares = journeys
    .flatMap((j) => j.flights ?? [])
    .map(fare)
    .filter((f) => f > 0);
  return fares.length > 0 ? Math.min(...fares) : 0;
}

/** The whole FlightData object of a results page. */
export function realFlightData(site: Site, search: PageSearch, now: Date) {
  const journeys = [journey(site, search, false, now)];
  if (search.returnDate) journeys.push(journey(site, search, true, now));
  const { today } = site.schedule.sellingDays(search.origin, now);
  return {
    calendarLink: `o1=${search.origin}&d1=${search.destination}&dd1=${search.date}&c=true&mon=true&adt=1`,
    journeys,
    calendarSections: null,
    isRoundTripFaresEnabled: true,
    isChangeFlight: false,
    isRoundTrip: search.returnDate !== undefined,
    returnOnly: false,
    departAmount: 0,
    returnAmount: 0,
    fareTypeBy: 'DD',
    lowestStandardAmount: lowest(journeys, (f) => f.standardFare),
    lowestDDAmount: lowest(journeys, (f) => f.discountDenFare),
    lowestGWAmount: lowest(journeys, (f) => (f.isGoWildFareEnabled ? f.goWildFare : -1)),
    lowestMiles: 0,
    isCodeShareFlight: false,
    isSessionNull: false,
    // Ours: the date lies past every GoWild horizon (the Early Booking one), so no GoWild fare can show.
    isGoWildOutOfRange: daysBetween(today, search.date) > EARLY_BOOKING_DAYS,
    hasActiveDDSubscription: false,
    originOne: search.origin,
    destinationOne: search.destination,
    departureDateOne: `${search.date} 00:00:00`,
    departureDateTwo: `${search.returnDate ?? NO_DATE} 00:00:00`,
  };
}
export type RealFlightData = ReturnType<typeof realFlightData>;
