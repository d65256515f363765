import { formatDayTime } from '@gowild/contract/date-labels';
import { formatMediumDateWithYear } from '@gowild/contract/dates';
import { formatLocalTime } from '@gowild/contract/flight-format';
import { alertSearchPath } from '@gowild/contract/notifications';
import { seatsText, windowNotOfferedRangeTitle, windowOpenTitle } from '@gowild/contract/window-alerts';
import { datesText } from '@gowild/contract/wider-alerts';
import { formatDollars } from '@gowild/contract/money';
import { findAirport } from '../../lib/reference-data/airports';
import type { AlertMessage } from './channels/alert-channel';
import type { QueuedEmail } from './alerts.repository';
import { base, escapeHtml, htmlPage, routeLabel } from './alert-words';

/**
 * The window-open alert's words (docs/product/alerts.md#tell-me-when-gowild-opens): the confirmation e-mail when it is
 * set, and the one message when the window has opened, built as a channel-neutral AlertMessage and rendered to e-mail.
 */

interface WindowAlertFacts {
  originAirport: string;
  destinationAirport: string;
  /** One date, or a range (decision 274). */
  travelDates: string[];
  opensAt: Date;
}

/** 'on Thu, Jul 16, 2026', or 'on one of the dates from Thu, Jul 16, 2026 to Sat, Jul 18, 2026'. */
function onDates(dates: readonly string[]): string {
  return dates.length > 1 ? `on one of the dates from ${datesText(dates)}` : `on ${datesText(dates)}`;
}

/** When the window opens, on the origin airport's clock: 'Tue, Jul 14, 2026, 12:00 AM (Denver time)'. */
export function opensAtText(origin: string, opensAt: Date): string {
  const a = findAirport(origin);
  const when = formatDayTime(opensAt, { timeZone: a?.timezone ?? 'UTC', year: true, weekday: true }) ?? String(opensAt);
  return `${when} (${a ? `${a.city} time` : 'UTC'})`;
}

function page(paragraphs: string[], link: { href: string; label: string }): string {
  return htmlPage(`${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(link.href)}" style="display:inline-block;background:#166534;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`);
}

/** Sent when a window-open alert is set. */
export function windowAlertConfirmationEmail(
  owner: { email: string; firstName: string },
  alert: WindowAlertFacts,
  opts: { appUrl: string; supportEmail: string },
): QueuedEmail {
  const route = routeLabel(alert.originAirport, alert.destinationAirport);
  const manage = `${base(opts.appUrl)}/notifications`;
  const lines = [
    `Hi ${owner.firstName},`,
    `We will tell you once when GoWild opens for ${route} ${onDates(alert.travelDates)}: whether GoWild seats are on sale, with the price and seats, or that GoWild is not offered.`,
    alert.travelDates.length > 1
      ? `The window opens for the first date ${opensAtText(alert.originAirport, alert.opensAt)}, and for each date after a day later; we check within minutes after each opening.`
      : `The window opens ${opensAtText(alert.originAirport, alert.opensAt)}; we check within minutes after.`,
    `Questions? Write to ${opts.supportEmail}.`,
  ];
  return {
    kind: 'confirmation',
    recipient: owner.email,
    subject: `Window alert set: ${alert.originAirport} → ${alert.destinationAirport}`,
    text: [...lines, `Your alerts: ${manage}`].join('\n\n'),
    html: page(lines, { href: manage, label: 'Your alerts' }),
    url: manage,
  };
}

/** What the check found: the cheapest GoWild flight on sale, or none. */
export interface WindowFinding {
  price: number;
  seats: number | null;
  flightNumber: string;
  departureTime: string;
  arrivalTime: string;
  stops: number;
}

/**
 * The one message a window-open alert sends (message kind 'window_open'): GoWild found on one of its dates (`found`
 * with that date), or not offered on any of them.
 */
export function windowOpenMessage(
  alert: Omit<WindowAlertFacts, 'opensAt'>,
  found: (WindowFinding & { date: string }) | null,
  appUrl: string,
): AlertMessage & { kind: 'window_open' } {
  const { originAirport: o, destinationAirport: d, travelDates } = alert;
  const route = routeLabel(o, d);
  const range = travelDates.length > 1;
  const day = formatMediumDateWithYear(found?.date ?? travelDates[0]!);
  const text = found
    ? [
        `GoWild is open for ${route} on ${day}.`,
        `Cheapest GoWild: ${formatDollars(found.price)}${found.seats != null ? `, ${seatsText(found.seats)} left` : ''}, flight ${found.flightNumber}, departs ${formatLocalTime(found.departureTime)}, arrives ${formatLocalTime(found.arrivalTime)} (local times; ${found.stops === 0 ? 'nonstop' : `${found.stops} stop${found.stops === 1 ? '' : 's'}`}).`,
        'Seats go quickly; the airline decides what is on sale when you book.',
      ].join('\n')
    : range
      ? [
          `GoWild's window has opened for ${route} on every date from ${datesText(travelDates)}, and the airline offers no GoWild seats on any of them.`,
          'Other fares may still be on sale. This alert is now complete.',
        ].join('\n')
      : [
          `GoWild's window has opened for ${route} on ${day}, and the airline offers no GoWild seats on it.`,
          'Other fares may still be on sale. This alert is now complete.',
        ].join('\n');
  return {
    kind: 'window_open',
    title: found
      ? windowOpenTitle(o, d, found.date, { price: found.price, seats: found.seats })
      : range
        ? windowNotOfferedRangeTitle(o, d, travelDates)
        : windowOpenTitle(o, d, travelDates[0]!, null),
    text,
    url: `${base(appUrl)}${alertSearchPath(o, d, found?.date ?? travelDates[0]!)}`,
  };
}

/**
 * The e-mail form of an alert message; the other channels show its title, text and link (decision 233). A window-open
 * message, or a wider kind's match (decision 273).
 */
export function alertMessageEmail(
  recipient: string,
  firstName: string,
  message: AlertMessage & { kind: 'window_open' | 'match' },
  supportEmail: string,
): QueuedEmail {
  const lines = [`Hi ${firstName},`, ...message.text.split('\n')];
  return {
    kind: message.kind,
    recipient,
    subject: message.title,
    text: [...lines, `See this search on GoWild Finder: ${message.url}`, `Questions? Write to ${supportEmail}.`].join('\n\n'),
    html: page([...lines, `Questions? Write to ${supportEmail}.`], { href: message.url, label: 'See this search on GoWild Finder' }),
    url: message.url,
  };
}
