import type { Config } from '../../../config';

/** The HTML and JSON the emulated site answers with, shaped like the real pages (many scripts, encoded JSON). */

/** The site's PerimeterX application id, as its pages and block answers name it. */
export const PX_APP_ID = 'PXVb73hTEg';
/** The PerimeterX client every page of the real site loads (from PerimeterX's own host). */
export const PX_CLIENT_SCRIPT = `//client.px-cloud.net/${PX_APP_ID}/main.min.js`;
/** The captcha script a block answer names. */
export const PX_CAPTCHA_SCRIPT = `//captcha.perimeterx.net/${PX_APP_ID}/captcha.js`;

/**
 * Which FlightData the results page carries (EMULATOR_PAGE_SHAPE): `real`, the shape of a page captured from the
 * site (decision 240); `legacy`, the `{results: {journeys}}` shape the emulator served before, in `var FlightData`.
 */
export type PageShape = Config['EMULATOR_PAGE_SHAPE'];

/** What a page is built for: one way, or with `returnDate` the round trip. */
export interface PageSearch {
  origin: string;
  destination: string;
  date: string;
  returnDate?: string;
}

/** Encodes like a server-side template does for text placed in markup: JSON quotes become &quot;. */
function htmlEncode(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The real page's encoding of the JSON text: `&` and `"` as entities and nothing else, so the quotes of a JSON string
 * held inside a string (`otpData`) come out as `\&quot;`. A `'` (St. John's) would end the single-quoted literal and
 * `<` could end the script, so they are written as JSON's own escapes, which every way of reading the literal
 * undoes; the captured page had neither.
 */
function siteEncode(json: string): string {
  let text = json.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  // Rare (a station name or two), so looked for before a pass over the whole text.
  for (const [c, escape] of RARE_ESCAPES) if (text.includes(c)) text = text.replaceAll(c, escape);
  return text;
}
const RARE_ESCAPES = [
  ["'", '\\u0027'],
  ['<', '\\u003c'],
  ['>', '\\u003e'],
] as const;

/**
 * How a results page can come out changed (the emulator's page-change knob): `renamed`, FlightData under another
 * name, as after a redesign; `truncated`, the page cut off inside the FlightData string, as when a connection drops.
 */
export type PageChange = 'renamed' | 'truncated';

/** The FlightData assignment itself, not a decoy whose name ends the same way (SelectedFlightData). */
const ASSIGNMENT = /(?<![\w$])FlightData = '/;

export function selectPage(
  flightData: unknown,
  search: PageSearch,
  { shape = 'real', change }: { shape?: PageShape; change?: PageChange } = {},
): string {
  const name = change === 'renamed' ? 'FlightJourneyData' : 'FlightData';
  const page =
    shape === 'real'
      ? realSelectPage(siteEncode(JSON.stringify(flightData)), search, name)
      : legacySelectPage(htmlEncode(JSON.stringify(flightData)), search, name);
  if (change !== 'truncated') return page;
  const found = ASSIGNMENT.exec(page);
  const start = (found?.index ?? 0) + "FlightData = '".length;
  return page.slice(0, start + Math.floor((page.indexOf("';", start) - start) / 2));
}

/** The page around the data: the site's PerimeterX client, decoy scripts, the assignment, and our own reader. */
function realSelectPage(literal: string, search: PageSearch, name: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Select Flights | Frontier Airlines</title>
<script src="${PX_CLIENT_SCRIPT}" async></script>
<script src="/Scripts/vendor.bundle.min.js"></script>
<script>window.dataLayer = window.dataLayer || []; dataLayer.push({"event":"flightSearch","o1":"${search.origin}","d1":"${search.destination}"});</script>
<script type="text/javascript">var FlightDataVersion = '4'; var SelectedFlightData = '';</script>
</head>
<body class="select-page">
<div id="flight-select-app" data-origin="${search.origin}" data-destination="${search.destination}" data-date="${search.date}"></div>
<script type="text/javascript">
    var CurrencyCode = 'USD';
    ${name} = '${literal}';
    var IsMilesBooking = false;
</script>
<script>window.selectApp && window.selectApp.start(window.${name});</script>
<script>(function(){var s=document.createElement('script');s.src='/Scripts/select.bundle.min.js';document.body.appendChild(s);})();</script>
</body>
</html>
`;
}

function legacySelectPage(literal: string, search: PageSearch, name: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Select Flights | Frontier Airlines</title>
<script src="/Scripts/vendor.bundle.min.js"></script>
<script>window.dataLayer = window.dataLayer || []; dataLayer.push({"event":"flightSearch","o1":"${search.origin}","d1":"${search.destination}"});</script>
<script type="text/javascript">var FlightDataVersion = '3'; var SelectedFlightData = '';</script>
</head>
<body class="select-page">
<div id="flight-select-app" data-origin="${search.origin}" data-destination="${search.destination}" data-date="${search.date}"></div>
<script type="text/javascript">
    var CurrencyCode = 'USD';
    var ${name} = '${literal}';
    var IsMilesBooking = false;
</script>
<script>(function(){var s=document.createElement('script');s.src='/Scripts/select.bundle.min.js';document.body.appendChild(s);})();</script>
</body>
</html>
`;
}

export function homePage(): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Frontier Airlines | Low Fares Done Right</title>
<script src="/Scripts/vendor.bundle.min.js"></script></head>
<body class="home-page"><form action="/Flight/InternalSelect" method="get"><input name="o1"><input name="d1"><input name="dd1"></form></body></html>
`;
}

/** PerimeterX's JSON block answer (403), as the real site sends to API-like clients: its app id and its hosts. */
export function perimeterXBlockBody(uuid: string): string {
  return JSON.stringify({
    appId: PX_APP_ID,
    jsClientSrc: PX_CLIENT_SCRIPT,
    firstPartyEnabled: false,
    vid: '',
    uuid,
    hostUrl: `//collector-${PX_APP_ID.toLowerCase()}.px-cloud.net`,
    blockScript: PX_CAPTCHA_SCRIPT,
  });
}

/** PerimeterX's HTML challenge page (403), as a browser sees it: the client and captcha scripts from its hosts. */
export function captchaPage(uuid: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Access to this page has been denied</title>
<script src="${PX_CLIENT_SCRIPT}" async></script></head>
<body><div id="px-captcha"></div>
<script>window._pxAppId = '${PX_APP_ID}'; window._pxUuid = '${uuid}';</script>
<script src="${PX_CAPTCHA_SCRIPT}?a=c&u=${uuid}&v=&m=0"></script></body></html>
`;
}

/** The site's page for a search it cannot read (a date in an unknown form): a normal page, no FlightData. */
export function searchErrorPage(): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Error | Frontier Airlines</title>
<script src="/Scripts/vendor.bundle.min.js"></script></head>
<body class="error-page"><h1>We're sorry.</h1><p>An error occurred while processing your request.</p></body></html>
`;
}

export function serverErrorPage(status: number): string {
  return `<!DOCTYPE html><html><head><title>${status} Service Unavailable</title></head><body><h1>Something went wrong.</h1></body></html>\n`;
}
