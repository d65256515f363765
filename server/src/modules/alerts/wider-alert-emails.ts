import { formatMediumDateWithYear } from '@gowild/contract/dates';
import { formatLocalTime, formatStops } from '@gowild/contract/flight-format';
import { formatDollars } from '@gowild/contract/money';
import { alertSearchPath } from '@gowild/contract/notifications';
import { seatsText } from '@gowild/contract/window-alerts';
import { chainRoute, datesText } from '@gowild/contract/wider-alerts';
import type { AlertLinks } from './alert-kinds/alert-kind';
import { airportLabel, base, escapeHtml, htmlPage, routeLabel } from './alert-words';
import type { QueuedEmail } from './alerts.repository';
import type { AlertMessage } from './channels/alert-channel';
import { alertMessageEmail } from './window-open-emails';

/**
 * The wider alerts' words (docs/product/alerts.md#kinds-of-alert; decision 273): each kind's confirmation e-mail and
 * its one message on a match, built as a channel-neutral AlertMessage and rendered to e-mail like the window-open one.
 */

type Owner = { email: string; firstName: string };

/** A GoWild flight a wider alert found. */
export interface FoundFlight {
  origin: string;
  destination: string;
  date: string;
  flightNumber: string;
  departureTime: string;
  arrivalTime: string;
  stops: number;
  price: number;
  seats: number | null;
}

/** 'Flight 1234: departs 8:00 AM, arrives 1:15 PM (local times; nonstop), GoWild $19.00, 4 seats left'. */
function flightLine(f: FoundFlight): string {
  const seats = f.seats != null ? `, ${seatsText(f.seats)} left` : '';
  return `Flight ${f.flightNumber}: departs ${formatLocalTime(f.departureTime)}, arrives ${formatLocalTime(f.arrivalTime)} (local times; ${formatStops(f.stops)}), GoWild ${formatDollars(f.price)}${seats}`;
}

/** A confirmation: what the alert watches, how it answers, and the alerts page. */
function confirmation(owner: Owner, subject: string, lines: string[], links: AlertLinks): QueuedEmail {
  const manage = `${base(links.appUrl)}/notifications`;
  const all = [`Hi ${owner.firstName},`, ...lines, `Questions? Write to ${links.supportEmail}.`];
  return {
    kind: 'confirmation',
    recipient: owner.email,
    subject,
    text: [...all, `Your alerts: ${manage}`].join('\n\n'),
    html: htmlPage(`${all.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}\n<p><a href="${escapeHtml(manage)}">Your alerts</a></p>`),
    url: manage,
  };
}

const once = 'We check every 10 minutes and tell you once, on every channel you chose; then the alert is complete.';

export function originWideConfirmation(owner: Owner, origin: string, dates: string[], links: AlertLinks): QueuedEmail {
  return confirmation(
    owner,
    `Alert set: any destination from ${origin}`,
    [`We will tell you when a flight from ${airportLabel(origin)} to any destination has GoWild seats on ${datesText(dates)}.`, once],
    links,
  );
}

export function seatsConfirmation(
  owner: Owner,
  a: { origin: string; destination: string; date: string; maxSeats: number },
  links: AlertLinks,
): QueuedEmail {
  return confirmation(
    owner,
    `Seat alert set: ${a.origin} → ${a.destination}`,
    [
      `We will tell you when a flight on ${routeLabel(a.origin, a.destination)} on ${formatMediumDateWithYear(a.date)} has GoWild with ${a.maxSeats} seat${a.maxSeats === 1 ? '' : 's'} or fewer left.`,
      once,
    ],
    links,
  );
}

export function chainConfirmation(
  owner: Owner,
  legs: readonly { origin: string; destination: string; date: string; flight_number: string }[],
  links: AlertLinks,
): QueuedEmail {
  return confirmation(
    owner,
    `Chain alert set: ${chainRoute(legs)}`,
    [
      `We will tell you when every flight of this chain has GoWild seats on sale:`,
      ...legs.map((l) => `Flight ${l.flight_number}: ${routeLabel(l.origin, l.destination)} on ${formatMediumDateWithYear(l.date)}`),
      'Each flight is a booking of its own: bags are collected and checked again, and a missed connection is not protected.',
      once,
    ],
    links,
  );
}

const render = (owner: Owner, message: AlertMessage & { kind: 'match' }, links: AlertLinks) =>
  alertMessageEmail(owner.email, owner.firstName, message, links.supportEmail);

/** An origin-wide alert's match: the earliest date with GoWild, its cheapest destination, and the others that day. */
export function originWideMessage(owner: Owner, found: FoundFlight, others: readonly FoundFlight[], links: AlertLinks): QueuedEmail {
  const day = formatMediumDateWithYear(found.date);
  const also = others.slice(0, 5).map((o) => `${airportLabel(o.destination)} from ${formatDollars(o.price)}`);
  return render(
    owner,
    {
      kind: 'match',
      title: `GoWild from ${found.origin}: ${found.destination} on ${day} for ${formatDollars(found.price)}`,
      text: [
        `GoWild is on sale from ${airportLabel(found.origin)} to ${airportLabel(found.destination)} on ${day}.`,
        flightLine(found),
        ...(also.length > 0 ? [`Also with GoWild that day: ${also.join('; ')}.`] : []),
        'Seats go quickly; the airline decides what is on sale when you book.',
      ].join('\n'),
      url: `${base(links.appUrl)}${alertSearchPath(found.origin, found.destination, found.date)}`,
    },
    links,
  );
}

/** A seat-count alert's match: the flight with the fewest GoWild seats, at or under the number. */
export function seatsMessage(owner: Owner, found: FoundFlight & { seats: number }, links: AlertLinks): QueuedEmail {
  const day = formatMediumDateWithYear(found.date);
  return render(
    owner,
    {
      kind: 'match',
      title: `Seats going: ${found.origin} → ${found.destination} on ${day}, ${seatsText(found.seats)} left at ${formatDollars(found.price)}`,
      text: [
        `GoWild seats are running out on ${routeLabel(found.origin, found.destination)} on ${day}.`,
        flightLine(found),
        'Seats go quickly; the airline decides what is on sale when you book.',
      ].join('\n'),
      url: `${base(links.appUrl)}${alertSearchPath(found.origin, found.destination, found.date)}`,
    },
    links,
  );
}

/** A chain alert's match: every flight with GoWild, each with its price and seats, and the chain's total. */
export function chainMessage(owner: Owner, flights: readonly FoundFlight[], links: AlertLinks): QueuedEmail {
  const total = flights.reduce((sum, f) => sum + f.price, 0);
  const route = chainRoute(flights);
  const dates = [...new Set(flights.map((f) => f.date))];
  const first = flights[0]!;
  return render(
    owner,
    {
      kind: 'match',
      title: `GoWild on every leg: ${route} on ${datesText(dates)} for ${formatDollars(total)}`,
      text: [
        `Every flight of your chain ${route} has GoWild on sale, ${formatDollars(total)} in all:`,
        ...flights.map((f) => `${f.origin} → ${f.destination} on ${formatMediumDateWithYear(f.date)}. ${flightLine(f)}`),
        'Book each flight on its own, soon: seats go quickly. Bags are collected and checked again between them, and a missed connection is not protected.',
      ].join('\n'),
      url: `${base(links.appUrl)}/route-builder?${new URLSearchParams({ origin: first.origin, destination: flights[flights.length - 1]!.destination, date: first.date }).toString()}`,
    },
    links,
  );
}
