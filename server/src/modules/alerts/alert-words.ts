import { findAirport } from '../../lib/reference-data/airports';

/** What every alert's words share (alert-emails.ts, window-open-emails.ts; decision 266): escaping, links, airports, the page. */

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The app's address without its trailing slashes, for links. */
export const base = (appUrl: string) => appUrl.replace(/\/+$/, '');

/** 'Denver (DEN)', or the code alone for an airport the reference data does not know. */
export function airportLabel(code: string): string {
  const a = findAirport(code);
  return a ? `${a.city} (${code})` : code;
}

/** 'Denver (DEN) → Las Vegas (LAS)'. */
export function routeLabel(origin: string, destination: string): string {
  return `${airportLabel(origin)} → ${airportLabel(destination)}`;
}

/** An alert e-mail's HTML document around its body. */
export function htmlPage(body: string): string {
  return `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #1f2937; line-height: 1.5">
${body}
</body></html>`;
}
