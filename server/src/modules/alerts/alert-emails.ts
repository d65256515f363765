import { GOWILD_FARE_TYPE_NOTES, type GoWildFareType, goWildFareLabel } from '@gowild/contract/gowild-fare';
import { formatDollars, formatPrice } from '@gowild/contract/money';
import { formatMediumDateWithYear } from '@gowild/contract/dates';
import { FARE_LABELS, formatDuration, formatLocalTime, formatStops } from '@gowild/contract/flight-format';
import type { FareKey } from '@gowild/contract/flights';
import { ALERT_CHECK_INTERVAL_MINUTES, alertSearchPath } from '@gowild/contract/notifications';
import { base, escapeHtml, htmlPage, routeLabel } from './alert-words';
import type { QueuedEmail } from './alerts.repository';

/**
 * The two alert e-mails (docs/product/alerts.md#alert-e-mails), in plain text and HTML. They are rendered when
 * queued, so what the outbox holds is exactly what is sent, however late the sender runs.
 */

interface Owner {
  email: string;
  firstName: string;
}

interface AlertFacts {
  originAirport: string;
  destinationAirport: string;
  travelDates: string[];
  /** US cents. */
  maxPriceCents: number;
  gowildOnly: boolean;
}

const button = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="display:inline-block;background:#166534;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;margin:4px 8px 4px 0">${escapeHtml(label)}</a>`;

/** Sent when an alert is created: the route, the dates, the maximum price, GoWild only or any fare. */
export function alertConfirmationEmail(owner: Owner, alert: AlertFacts, opts: { appUrl: string; supportEmail: string }): QueuedEmail {
  const route = routeLabel(alert.originAirport, alert.destinationAirport);
  const dates = alert.travelDates.map(formatMediumDateWithYear);
  const price = formatPrice(alert.maxPriceCents / 100);
  const fares = alert.gowildOnly ? 'GoWild fares only' : 'any fare on sale';
  const manage = `${base(opts.appUrl)}/notifications`;
  const subject = `Flight alert set: ${alert.originAirport} → ${alert.destinationAirport}`;
  const text = [
    `Hi ${owner.firstName},`,
    '',
    'Your flight alert is set. We will e-mail you once, when we find a flight that matches:',
    '',
    `Route: ${route}`,
    `Travel date${dates.length === 1 ? '' : 's'}: ${dates.join('; ')}`,
    `Maximum price: ${price} (${fares})`,
    '',
    `We check every ${ALERT_CHECK_INTERVAL_MINUTES} minutes until a flight matches or the dates pass.`,
    `Your alerts: ${manage}`,
    '',
    `Questions? Write to ${opts.supportEmail}.`,
  ].join('\n');
  const html = htmlPage(`<p>Hi ${escapeHtml(owner.firstName)},</p>
<p>Your flight alert is set. We will e-mail you once, when we find a flight that matches:</p>
<table style="border-collapse:collapse">
<tr><td style="padding:2px 12px 2px 0;color:#6b7280">Route</td><td><strong>${escapeHtml(route)}</strong></td></tr>
<tr><td style="padding:2px 12px 2px 0;color:#6b7280">Travel date${dates.length === 1 ? '' : 's'}</td><td>${dates.map(escapeHtml).join('<br>')}</td></tr>
<tr><td style="padding:2px 12px 2px 0;color:#6b7280">Maximum price</td><td>${escapeHtml(price)} (${escapeHtml(fares)})</td></tr>
</table>
<p>We check every ${ALERT_CHECK_INTERVAL_MINUTES} minutes until a flight matches or the dates pass.</p>
<p>${button(manage, 'Your alerts')}</p>
<p style="font-size:13px;color:#6b7280">Questions? Write to ${escapeHtml(opts.supportEmail)}.</p>`);
  return { kind: 'confirmation', recipient: owner.email, subject, text, html, url: manage };
}

/** The flight a match found, as the e-mail tells it. */
export interface MatchedFlight {
  date: string;
  fare: FareKey;
  price: number;
  flightNumber: string;
  /** Airport-local, as the airline gives them. */
  departureTime: string;
  arrivalTime: string;
  stops: number;
  durationMinutes: number;
  bookingLink: string | null;
  /** A GoWild match's kind (decision 176): an Early Booking or Peak Day fare is named, with its charge explained. */
  goWildFareType?: GoWildFareType;
}

/** Sent once when an alert matches: route, date, flight times, fare and price, the airline's booking page and our search. */
export function alertMatchEmail(
  owner: Owner,
  alert: AlertFacts,
  match: MatchedFlight,
  opts: { appUrl: string; supportEmail: string },
): QueuedEmail {
  const route = routeLabel(alert.originAirport, alert.destinationAirport);
  const date = formatMediumDateWithYear(match.date);
  const fare = match.fare === 'go_wild' ? goWildFareLabel(match.goWildFareType) : FARE_LABELS[match.fare];
  const charged = match.fare === 'go_wild' && match.goWildFareType && match.goWildFareType !== 'standard';
  const chargeNote = charged ? GOWILD_FARE_TYPE_NOTES[match.goWildFareType ?? 'standard'] : null;
  const price = formatDollars(match.price);
  const search = `${base(opts.appUrl)}${alertSearchPath(alert.originAirport, alert.destinationAirport, match.date)}`;
  const times = `departs ${formatLocalTime(match.departureTime)}, arrives ${formatLocalTime(match.arrivalTime)}`;
  const shape = `${formatStops(match.stops)}, ${formatDuration(match.durationMinutes)}`;
  const subject = `Fare found: ${alert.originAirport} → ${alert.destinationAirport} on ${date} for ${price}`;
  const text = [
    `Hi ${owner.firstName},`,
    '',
    `We found a ${fare} fare of ${price} on ${route} on ${date}, within your maximum of ${formatPrice(alert.maxPriceCents / 100)}.`,
    '',
    `Flight ${match.flightNumber}: ${times} (local times; ${shape})`,
    `Fare: ${fare} ${price}`,
    ...(chargeNote ? [chargeNote] : []),
    '',
    ...(match.bookingLink ? [`Book on the airline: ${match.bookingLink}`] : []),
    `See this search on GoWild Finder: ${search}`,
    '',
    'Fares and seats change quickly; the airline decides what is on sale when you book.',
    'This alert is now complete and will not e-mail you again.',
    `Questions? Write to ${opts.supportEmail}.`,
  ].join('\n');
  const html = htmlPage(`<p>Hi ${escapeHtml(owner.firstName)},</p>
<p>We found a <strong>${escapeHtml(fare)}</strong> fare of <strong>${escapeHtml(price)}</strong> on ${escapeHtml(route)} on
<strong>${escapeHtml(date)}</strong>, within your maximum of ${escapeHtml(formatPrice(alert.maxPriceCents / 100))}.</p>
<table style="border-collapse:collapse">
<tr><td style="padding:2px 12px 2px 0;color:#6b7280">Flight</td><td>${escapeHtml(match.flightNumber)}</td></tr>
<tr><td style="padding:2px 12px 2px 0;color:#6b7280">Times</td><td>${escapeHtml(times)} (local times; ${escapeHtml(shape)})</td></tr>
<tr><td style="padding:2px 12px 2px 0;color:#6b7280">Fare</td><td>${escapeHtml(fare)} ${escapeHtml(price)}</td></tr>
</table>
${chargeNote ? `<p>${escapeHtml(chargeNote)}</p>` : ''}
<p>${match.bookingLink ? button(match.bookingLink, 'Book on the airline') : ''}${button(search, 'See this search on GoWild Finder')}</p>
<p style="font-size:13px;color:#6b7280">Fares and seats change quickly; the airline decides what is on sale when you book.
This alert is now complete and will not e-mail you again. Questions? Write to ${escapeHtml(opts.supportEmail)}.</p>`);
  return { kind: 'match', recipient: owner.email, subject, text, html, url: search };
}
