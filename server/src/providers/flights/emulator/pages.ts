/** The HTML and JSON the emulated site answers with, shaped like the real pages (many scripts, encoded JSON). */

/** Encodes like a server-side template does for text placed in markup: JSON quotes become &quot;. */
function htmlEncode(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * How a results page can come out changed (the emulator's page-change knob): `renamed`, FlightData under another
 * name, as after a redesign; `truncated`, the page cut off inside the FlightData string, as when a connection drops.
 */
export type PageChange = 'renamed' | 'truncated';

export function selectPage(
  flightData: unknown,
  search: { origin: string; destination: string; date: string },
  change?: PageChange,
): string {
  const page = selectPageText(flightData, search, change === 'renamed' ? 'FlightJourneyData' : 'FlightData');
  if (change !== 'truncated') return page;
  const start = page.indexOf("var FlightData = '") + "var FlightData = '".length;
  return page.slice(0, start + Math.floor((page.indexOf("';", start) - start) / 2));
}

function selectPageText(flightData: unknown, search: { origin: string; destination: string; date: string }, name: string): string {
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
    var ${name} = '${htmlEncode(JSON.stringify(flightData))}';
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

/** PerimeterX's JSON block answer (403), as the real site sends to API-like clients. */
export function perimeterXBlockBody(uuid: string): string {
  return JSON.stringify({
    appId: 'PXVJLEM7Jl',
    jsClientSrc: '/VJLEM7Jl/init.js',
    firstPartyEnabled: true,
    vid: '',
    uuid,
    hostUrl: '/VJLEM7Jl/xhr',
    blockScript: `/VJLEM7Jl/captcha/captcha.js?a=c&u=${uuid}&v=&m=0`,
  });
}

/** PerimeterX's HTML challenge page (403), as a browser sees it. */
export function captchaPage(uuid: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Access to this page has been denied</title></head>
<body><div id="px-captcha"></div>
<script>window._pxAppId = 'PXVJLEM7Jl'; window._pxUuid = '${uuid}';</script>
<script src="/VJLEM7Jl/captcha/captcha.js?a=c&u=${uuid}"></script></body></html>
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
