/**
 * The browser our HTTP transports present themselves as, and the headers Chrome sends for each kind of request
 * (decision 239). Everything a bot check can compare with the User-Agent (the client hints' brands, version and
 * platform) is derived here from the User-Agent itself, so the two cannot drift apart when it is changed.
 */

/** Desktop Chrome on Windows, the most common browser among the site's visitors. */
export const CHROME_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** What Chrome accepts for a top-level navigation. */
export const DOCUMENT_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7';
/** What the site's own scripts accept for their JSON calls. */
export const DATA_ACCEPT = 'application/json, text/plain, */*';
// Chrome also offers zstd; Node 20 cannot decode it, and an answer we cannot read is worse than one header less.
const ACCEPT_ENCODING = 'gzip, deflate, br';
const ACCEPT_LANGUAGE = 'en-US,en;q=0.9';

/** A page navigated to (`document`), or a call a page's script makes for data (`data`: GetMarkets, RetrieveSchedule). */
export type RequestKind = 'document' | 'data';
/** How the target relates to the page the request is made from; `none` for an address typed in. */
export type FetchSite = 'none' | 'same-origin' | 'same-site' | 'cross-site';

export interface ClientHints {
  'sec-ch-ua': string;
  'sec-ch-ua-mobile': '?0' | '?1';
  'sec-ch-ua-platform': string;
}

const CHROME_PLATFORMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/CrOS/, 'Chrome OS'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/Linux|X11/, 'Linux'],
];

/** The major version of a Chrome User-Agent; throws for any other browser, whose hints we cannot write. */
export function chromeMajor(userAgent: string): number {
  const m = / Chrome\/(\d+)\./.exec(userAgent);
  if (!m || /Edg\/|OPR\//.test(userAgent)) throw new Error(`not a Chrome User-Agent: ${userAgent}`);
  return Number(m[1]);
}

/**
 * The low-entropy client hints Chrome sends with every request, for a Chrome User-Agent. The brand list follows
 * Chrome's own rule: a made-up "Not A Brand" entry whose punctuation, version and place in the list are chosen from
 * the major version, so each version always sends the same list.
 */
export function clientHints(userAgent: string): ClientHints {
  const major = chromeMajor(userAgent);
  const platform = CHROME_PLATFORMS.find(([re]) => re.test(userAgent))?.[1];
  if (!platform) throw new Error(`no platform in the User-Agent: ${userAgent}`);
  const chars = [' ', '(', ':', '-', '.', '/', ')', ';', '=', '?', '_'];
  const greaseVersions = ['8', '99', '24'];
  const grease = `"Not${chars[major % chars.length]}A${chars[(major + 1) % chars.length]}Brand";v="${greaseVersions[major % 3]}"`;
  const orders = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
  ] as const;
  const [greaseAt, chromiumAt, chromeAt] = orders[major % orders.length] as readonly [number, number, number];
  const brands: string[] = [];
  brands[greaseAt] = grease;
  brands[chromiumAt] = `"Chromium";v="${major}"`;
  brands[chromeAt] = `"Google Chrome";v="${major}"`;
  return {
    'sec-ch-ua': brands.join(', '),
    'sec-ch-ua-mobile': / Mobile/.test(userAgent) ? '?1' : '?0',
    'sec-ch-ua-platform': `"${platform}"`,
  };
}

/** A desktop Chrome User-Agent for a version and platform (the browser transport names the Chromium it runs). */
export function chromeUserAgent(major: number, platform: NodeJS.Platform): string {
  const system =
    platform === 'win32'
      ? 'Windows NT 10.0; Win64; x64'
      : platform === 'darwin'
        ? 'Macintosh; Intel Mac OS X 10_15_7'
        : 'X11; Linux x86_64';
  // Chrome reports its minor, build and patch numbers as zeros (User-Agent reduction).
  return `Mozilla/5.0 (${system}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`;
}

/** Same origin, same site (the same last two labels of the host name, same scheme), or across sites. */
export function fetchSite(from: URL, to: URL): Exclude<FetchSite, 'none'> {
  if (from.origin === to.origin) return 'same-origin';
  const site = (u: URL) => (/^[\d.]+$|^\[/.test(u.hostname) ? u.hostname : u.hostname.split('.').slice(-2).join('.'));
  return from.protocol === to.protocol && site(from) === site(to) ? 'same-site' : 'cross-site';
}

const hintsByAgent = new Map<string, ClientHints>();

/**
 * The headers Chrome sends, in its order: for a navigation (`document`: Upgrade-Insecure-Requests, Sec-Fetch-Mode
 * navigate, Sec-Fetch-User) or for a script's JSON call (`data`: Sec-Fetch-Mode cors, Sec-Fetch-Dest empty). Cookies
 * are added by the caller.
 */
export function requestHeaders(req: {
  kind: RequestKind;
  site: FetchSite;
  referer?: URL;
  accept?: string;
  userAgent?: string;
}): Record<string, string> {
  const userAgent = req.userAgent ?? CHROME_USER_AGENT;
  // One User-Agent per process (two with a browser transport): its hints are worked out once, not per request.
  let hints = hintsByAgent.get(userAgent);
  if (!hints) hintsByAgent.set(userAgent, (hints = clientHints(userAgent)));
  const referer: Record<string, string> = req.referer ? { referer: req.referer.href } : {};
  const tail = { 'accept-encoding': ACCEPT_ENCODING, 'accept-language': ACCEPT_LANGUAGE };
  if (req.kind === 'document')
    return {
      ...hints,
      'upgrade-insecure-requests': '1',
      'user-agent': userAgent,
      accept: req.accept ?? DOCUMENT_ACCEPT,
      'sec-fetch-site': req.site,
      'sec-fetch-mode': 'navigate',
      'sec-fetch-user': '?1',
      'sec-fetch-dest': 'document',
      ...referer,
      ...tail,
    };
  return {
    'sec-ch-ua-platform': hints['sec-ch-ua-platform'],
    'user-agent': userAgent,
    accept: req.accept ?? DATA_ACCEPT,
    'sec-ch-ua': hints['sec-ch-ua'],
    'sec-ch-ua-mobile': hints['sec-ch-ua-mobile'],
    'sec-fetch-site': req.site,
    'sec-fetch-mode': 'cors',
    'sec-fetch-dest': 'empty',
    ...referer,
    ...tail,
  };
}
