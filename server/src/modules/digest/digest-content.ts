import { addDays, formatMediumDate } from '@gowild/contract/dates';
import { DIGEST_MESSAGES } from '@gowild/contract/digest';
import { formatPrice } from '@gowild/contract/money';
import { alertSearchPath } from '@gowild/contract/notifications';
import {
  type GoodPrice,
  type GridResponse,
  type Likelihood,
  type RouteInsightsResponse,
  likelihoodText,
} from '@gowild/contract/observations';
import { findAirport } from '../../lib/reference-data/airports';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The app's address without its trailing slashes, for links. */
export const base = (appUrl: string) => appUrl.replace(/\/+$/, '');

/** A digest e-mail's (or the unsubscribe page's) HTML document around its body. */
export function htmlPage(body: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="font-family: system-ui, sans-serif; color: #1f2937; line-height: 1.5; max-width: 640px">
${body}
</body></html>`;
}

/** Destinations shown per list (tomorrow, next window) and origin: the "Top 10" the GoWild scripts send. */
export const DIGEST_LIST_SIZE = 10;
/** Lines of each list a chat message or a push notification keeps. */
const SHORT_LIST_SIZE = 3;

/** One destination on one date as the digest tells it, read from the kept observations only. */
export interface DigestFind {
  destination: string;
  date: string;
  /** GoWild seen on sale (true), seen not offered (false), or never observed (null). */
  offered: boolean | null;
  /** Lowest GoWild fare, USD. */
  price: number | null;
  seats: number | null;
  likelihood: Likelihood;
  goodPrice: GoodPrice | null;
}

/** An origin's finds: tomorrow's GoWild destinations and the next window's (the day after, whose window opens next). */
export interface OriginFinds {
  origin: string;
  tomorrow: string;
  next: string;
  tomorrowList: DigestFind[];
  nextList: DigestFind[];
  /** A GoWild blackout date: no pass fares, whatever the observations. */
  tomorrowBlackout: boolean;
  nextBlackout: boolean;
}

const ratio = (l: Likelihood) => (l.status === 'known' ? l.offered_days / l.observed_days : -1);
const bySeatsThenPrice = (a: DigestFind, b: DigestFind) =>
  (b.seats ?? -1) - (a.seats ?? -1) ||
  (a.price ?? Infinity) - (b.price ?? Infinity) ||
  ratio(b.likelihood) - ratio(a.likelihood) ||
  a.destination.localeCompare(b.destination);

/**
 * The ranking (docs/product/digest.md#content): destinations with GoWild on sale first, the most seats first (most
 * likely still bookable), then the lowest fare, then the likelihood; for the next window, whose seats may not be on
 * sale yet, the destinations not yet observed follow by how often GoWild was offered when their window opened.
 */
export function rankFinds(finds: readonly DigestFind[], limit = DIGEST_LIST_SIZE): DigestFind[] {
  const onSale = finds.filter((f) => f.offered === true).sort(bySeatsThenPrice);
  const likely = finds
    .filter((f) => f.offered === null && f.likelihood.status === 'known' && f.likelihood.offered_days > 0)
    .sort((a, b) => ratio(b.likelihood) - ratio(a.likelihood) || a.destination.localeCompare(b.destination));
  return [...onSale, ...likely].slice(0, limit);
}

/** An origin's finds from a grid of its two dates and the route insights of the first (observations only). */
export function findsOf(grid: GridResponse, insights: RouteInsightsResponse, origin: string, tomorrow: string): OriginFinds {
  const next = addDays(tomorrow, 1);
  const at = (i: number): DigestFind[] =>
    grid.destinations.map((d) => {
      const cell = d.cells[i];
      return {
        destination: d.destination,
        date: cell?.date ?? (i === 0 ? tomorrow : next),
        offered: cell?.go_wild_offered ?? null,
        price: cell?.lowest_go_wild ?? null,
        seats: cell?.seats ?? null,
        likelihood: d.likelihood,
        goodPrice: i === 0 ? (insights.routes[d.destination]?.good_price ?? null) : null,
      };
    });
  const blackout = (i: number) => grid.dates[i]?.blackout === true;
  return {
    origin,
    tomorrow,
    next,
    tomorrowList: blackout(0) ? [] : rankFinds(at(0)),
    nextList: blackout(1) ? [] : rankFinds(at(1)),
    tomorrowBlackout: blackout(0),
    nextBlackout: blackout(1),
  };
}

/** The GoWild fares a digest reported, "ORIGIN-DEST" → cents: what the next one compares against. */
export type SeenFares = Record<string, number>;

export interface DigestChanges {
  /** Routes with GoWild on sale now that the last digest did not report. */
  newRoutes: { origin: string; destination: string; price: number }[];
  /** Routes whose lowest GoWild fare is below what the last digest reported. */
  drops: { origin: string; destination: string; was: number; now: number }[];
  seen: SeenFares;
}

/** What is new and cheaper since the last digest, and the fares this one reports. `previous` null: the first digest. */
export function changesSince(previous: SeenFares | null, finds: readonly OriginFinds[]): DigestChanges {
  const seen: SeenFares = {};
  for (const o of finds)
    for (const f of [...o.tomorrowList, ...o.nextList]) {
      if (f.offered !== true || f.price === null) continue;
      const key = `${o.origin}-${f.destination}`;
      const cents = Math.round(f.price * 100);
      seen[key] = Math.min(seen[key] ?? Infinity, cents);
    }
  const newRoutes: DigestChanges['newRoutes'] = [];
  const drops: DigestChanges['drops'] = [];
  if (previous)
    for (const [key, cents] of Object.entries(seen)) {
      const [origin, destination] = key.split('-') as [string, string];
      const was = previous[key];
      if (was === undefined) newRoutes.push({ origin, destination, price: cents / 100 });
      else if (cents < was) drops.push({ origin, destination, was: was / 100, now: cents / 100 });
    }
  return { newRoutes, drops, seen };
}

/** What one digest says, rendered for each channel. */
export interface DigestMessage {
  title: string;
  /** The e-mail's plain text. */
  text: string;
  html: string;
  /** Push, Telegram and Discord: a few lines. */
  short: string;
  /** Where a click goes: the search from the first origin tomorrow. */
  url: string;
  nothingNew: boolean;
}

export interface DigestAudience {
  firstName: string;
  premium: boolean;
  frequency: 'daily' | 'weekly';
}

const cityOf = (code: string) => {
  const a = findAirport(code);
  return a ? `${a.city} (${code})` : code;
};

function findLine(f: DigestFind, premium: boolean): string {
  const parts = [cityOf(f.destination)];
  if (f.offered === true) {
    if (f.price !== null) parts.push(`GoWild ${formatPrice(f.price)}`);
    // Seats are a premium figure everywhere in the product (docs/product/observations.md).
    if (premium && f.seats !== null) parts.push(`${f.seats} ${f.seats === 1 ? 'seat' : 'seats'}`);
  } else parts.push('not on sale yet');
  parts.push(likelihoodText(f.likelihood));
  if (f.goodPrice?.good) parts.push('good price');
  return parts.join(' · ');
}

/** The digest of one traveller from their origins' finds and the changes since their last digest. */
export function renderDigest(
  audience: DigestAudience,
  finds: readonly OriginFinds[],
  changes: Omit<DigestChanges, 'seen'>,
  links: { appUrl: string; unsubscribeUrl: string; manageUrl: string },
): DigestMessage {
  const app = base(links.appUrl);
  const searchUrl = (origin: string, destination: string | null, date: string) =>
    `${app}${destination ? alertSearchPath(origin, destination, date) : `/?origin=${origin}&date=${date}`}`;
  const first = finds[0];
  const url = first ? searchUrl(first.origin, null, first.tomorrow) : `${app}/`;
  const origins = finds.map((f) => f.origin).join(', ');
  const nothingNew =
    finds.every((f) => f.tomorrowList.length === 0 && f.nextList.length === 0) &&
    changes.newRoutes.length === 0 &&
    changes.drops.length === 0;
  const label = audience.frequency === 'daily' ? 'Daily' : 'Weekly';
  const dateLabel = first ? formatMediumDate(first.tomorrow) : '';
  const footerText = ['', `Change your digest: ${links.manageUrl}`, `Unsubscribe: ${links.unsubscribeUrl}`];
  const footerHtml = `<p style="font-size:13px;color:#6b7280">Fares and seats change quickly; the airline decides what is on sale when you book.
<a href="${escapeHtml(links.manageUrl)}">Change your digest</a> · <a href="${escapeHtml(links.unsubscribeUrl)}">Unsubscribe</a></p>`;

  if (nothingNew) {
    const title = `GoWild digest: nothing new from ${origins}`;
    const text = [`Hi ${audience.firstName},`, '', DIGEST_MESSAGES.nothingNew, `Search from ${origins}: ${url}`, ...footerText].join('\n');
    const html = htmlPage(`<p>Hi ${escapeHtml(audience.firstName)},</p>
<p>${escapeHtml(DIGEST_MESSAGES.nothingNew)} <a href="${escapeHtml(url)}">Search from ${escapeHtml(origins)}</a></p>
${footerHtml}`);
    return { title, text, html, short: `${DIGEST_MESSAGES.nothingNew} (${origins})`, url, nothingNew };
  }

  const title = `${label} GoWild digest: ${origins} · ${dateLabel}`;
  const text: string[] = [`Hi ${audience.firstName},`];
  const html: string[] = [`<p>Hi ${escapeHtml(audience.firstName)},</p>`];
  const section = (o: OriginFinds, heading: string, list: DigestFind[], date: string, blackout: boolean) => {
    text.push('', heading);
    html.push(`<h3 style="margin:16px 0 4px;font-size:15px">${escapeHtml(heading)}</h3>`);
    if (blackout) {
      text.push('  A GoWild blackout date: no pass fares.');
      html.push('<p style="margin:0;color:#6b7280">A GoWild blackout date: no pass fares.</p>');
      return;
    }
    if (list.length === 0) {
      text.push('  No GoWild destinations seen yet.');
      html.push('<p style="margin:0;color:#6b7280">No GoWild destinations seen yet.</p>');
      return;
    }
    html.push('<ol style="margin:0;padding-left:20px">');
    list.forEach((f, i) => {
      const link = searchUrl(o.origin, f.destination, date);
      text.push(`  ${i + 1}. ${findLine(f, audience.premium)}`, `     ${link}`);
      html.push(
        `<li><a href="${escapeHtml(link)}">${escapeHtml(cityOf(f.destination))}</a> ${escapeHtml(findLine(f, audience.premium).slice(cityOf(f.destination).length))}</li>`,
      );
    });
    html.push('</ol>');
  };
  for (const o of finds) {
    text.push('', `From ${cityOf(o.origin)}`);
    html.push(`<h2 style="margin:20px 0 4px;font-size:17px">From ${escapeHtml(cityOf(o.origin))}</h2>`);
    section(o, `Tomorrow, ${formatMediumDate(o.tomorrow)}`, o.tomorrowList, o.tomorrow, o.tomorrowBlackout);
    section(o, `Next window, ${formatMediumDate(o.next)} (opens at midnight)`, o.nextList, o.next, o.nextBlackout);
    const all = searchUrl(o.origin, null, o.tomorrow);
    text.push(`  Every destination from ${o.origin} tomorrow: ${all}`);
    html.push(`<p><a href="${escapeHtml(all)}">Every destination from ${escapeHtml(o.origin)} tomorrow</a></p>`);
  }
  const newLine = changes.newRoutes.map((r) => `${r.origin} → ${r.destination} ${formatPrice(r.price)}`).join(', ');
  const dropLine = changes.drops.map((d) => `${d.origin} → ${d.destination} ${formatPrice(d.was)} → ${formatPrice(d.now)}`).join(', ');
  if (newLine || dropLine) {
    text.push('', 'Since the last digest');
    html.push('<h2 style="margin:20px 0 4px;font-size:17px">Since the last digest</h2>');
    if (newLine) {
      text.push(`  New: ${newLine}`);
      html.push(`<p style="margin:0">New: ${escapeHtml(newLine)}</p>`);
    }
    if (dropLine) {
      text.push(`  Price drops: ${dropLine}`);
      html.push(`<p style="margin:0">Price drops: ${escapeHtml(dropLine)}</p>`);
    }
  }
  text.push(...footerText);
  html.push(footerHtml);

  const short: string[] = [];
  for (const o of finds) {
    const top = (list: DigestFind[]) =>
      list
        .slice(0, SHORT_LIST_SIZE)
        .map((f) => `${f.destination}${f.offered === true && f.price !== null ? ` ${formatPrice(f.price)}` : ''}`)
        .join(', ') + (list.length > SHORT_LIST_SIZE ? ` +${list.length - SHORT_LIST_SIZE}` : '');
    if (o.tomorrowList.length > 0) short.push(`${o.origin} tomorrow: ${top(o.tomorrowList)}`);
    if (o.nextList.length > 0) short.push(`${o.origin} next window: ${top(o.nextList)}`);
  }
  if (changes.newRoutes.length > 0) short.push(`New: ${changes.newRoutes.map((r) => `${r.origin}→${r.destination}`).join(', ')}`);
  if (changes.drops.length > 0)
    short.push(`Drops: ${changes.drops.map((d) => `${d.origin}→${d.destination} ${formatPrice(d.now)}`).join(', ')}`);
  return { title, text: text.join('\n'), html: htmlPage(html.join('\n')), short: short.join('\n'), url, nothingNew };
}
