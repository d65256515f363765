import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { PX_APP_ID, PX_CAPTCHA_SCRIPT, PX_CLIENT_SCRIPT, perimeterXBlockBody } from './pages';

/**
 * The emulator's bot wall (EMULATOR_BOT_WALL), as strict as the real site's PerimeterX is reported to be: a client
 * whose requests do not carry the cookie that only the page's JavaScript sets is let through a few times
 * (`freeRequests`, counted per address over a window), then answered 403 with the block page. Every HTML page the
 * emulator serves carries the script that sets the cookie, so a real browser passes and plain HTTP does not.
 */

/** The cookie the page's script sets once it ran (PerimeterX's risk cookie). */
export const WALL_COOKIE = '_px3';
/** Cookieless requests are counted per address over this window. */
const WINDOW_MS = 10 * 60_000;
/** Addresses remembered at most: the counts are forgotten wholesale past it, never grow without bound. */
const MAX_ADDRESSES = 10_000;

export interface BotWallOptions {
  freeRequests: number;
  now?: () => number;
}

export interface WallStats {
  /** Requests let through with a good cookie. */
  passed: number;
  /** Requests without the cookie let through, within the free ones. */
  free: number;
  /** Requests answered with the block page. */
  blocked: number;
}

function readCookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

/** PerimeterX's "Press & Hold" page, as a browser is shown it (403). */
export function wallBlockPage(uuid: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="px-captcha">
<title>Access to this page has been denied</title>
<style>.px-captcha-error-container{max-width:530px;margin:80px auto;font-family:Roboto,Arial,sans-serif;text-align:center}.px-captcha-error-header{font-size:29px;font-weight:500}.px-captcha-error-message{font-size:16px;margin:24px 0}</style>
</head>
<body>
<div class="px-captcha-error-container">
<div class="px-captcha-error-header">Before we continue...</div>
<div class="px-captcha-error-message">Press &amp; Hold to confirm you are<br>a human (and not a bot).</div>
<div id="px-captcha"></div>
<div class="px-captcha-error-refid">Reference ID <span>${uuid}</span></div>
</div>
<script>window._pxAppId='${PX_APP_ID}';window._pxJsClientSrc='${PX_CLIENT_SCRIPT}';window._pxFirstPartyEnabled=false;window._pxVid='';window._pxUuid='${uuid}';window._pxHostUrl='//collector-${PX_APP_ID.toLowerCase()}.px-cloud.net';window._pxreCaptchaTheme='light';</script>
<script src="${PX_CLIENT_SCRIPT}" async></script>
<script src="${PX_CAPTCHA_SCRIPT}?a=c&u=${uuid}&v=&m=0"></script>
</body>
</html>
`;
}

export function createBotWall(opts: BotWallOptions) {
  const now = opts.now ?? (() => Date.now());
  let secret = randomBytes(32);
  const seen = new Map<string, { count: number; since: number }>();
  const stats: WallStats = { passed: 0, free: 0, blocked: 0 };

  const sign = (nonce: string) => createHmac('sha256', secret).update(nonce).digest('base64url').slice(0, 22);

  /** A challenge the page's script turns into the cookie: `nonce.signature`. */
  function challenge(): string {
    const nonce = randomBytes(12).toString('base64url');
    return `${nonce}.${sign(nonce)}`;
  }

  /** The cookie value the script computes from a challenge: base64 of it reversed (work only JavaScript does here). */
  function validCookie(value: string): boolean {
    let text: string;
    try {
      text = [...Buffer.from(decodeURIComponent(value), 'base64').toString('utf8')].reverse().join('');
    } catch {
      return false;
    }
    const [nonce, signature] = text.split('.');
    if (!nonce || !signature) return false;
    const expected = Buffer.from(sign(nonce));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  return {
    stats,
    /**
     * Whether a request to a guarded page goes through. A good cookie always does; a cookie that does not verify
     * (forged, or from before `revoke`) never does; no cookie does `freeRequests` times per address and window.
     */
    admits(req: IncomingMessage): boolean {
      const cookie = readCookie(req, WALL_COOKIE);
      if (cookie !== undefined) {
        if (validCookie(cookie)) {
          stats.passed++;
          return true;
        }
        stats.blocked++;
        return false;
      }
      const address = req.socket.remoteAddress ?? 'unknown';
      const t = now();
      let entry = seen.get(address);
      if (!entry || t - entry.since > WINDOW_MS) {
        if (seen.size >= MAX_ADDRESSES) seen.clear();
        entry = { count: 0, since: t };
        seen.set(address, entry);
      }
      entry.count++;
      if (entry.count <= opts.freeRequests) {
        stats.free++;
        return true;
      }
      stats.blocked++;
      return false;
    },
    /** The 403 a blocked client gets: the HTML page for a browser's navigation, PerimeterX's JSON for anything else. */
    blockAnswer(req: IncomingMessage): { type: string; body: string } {
      const uuid = randomUUID();
      return /text\/html/.test(req.headers.accept ?? '')
        ? { type: 'text/html; charset=utf-8', body: wallBlockPage(uuid) }
        : { type: 'application/json', body: perimeterXBlockBody(uuid) };
    },
    /**
     * Puts the sensor script into an HTML page: it sets the cookie, unless the browser says it is driven by
     * automation (navigator.webdriver), as such scripts check first.
     */
    withSensor(html: string): string {
      const script = `<script>window._pxAppId='${PX_APP_ID}';(function(){if(navigator.webdriver)return;var c='${challenge()}';var t=btoa(c.split('').reverse().join(''));document.cookie='${WALL_COOKIE}='+encodeURIComponent(t)+'; path=/; max-age=3600; SameSite=Lax';})();</script>`;
      return html.includes('</head>') ? html.replace('</head>', `${script}\n</head>`) : script + html;
    },
    /** Every cookie issued so far stops verifying, as when the real wall rotates its keys: those clients get blocked. */
    revoke() {
      secret = randomBytes(32);
    },
  };
}
export type BotWall = ReturnType<typeof createBotWall>;
