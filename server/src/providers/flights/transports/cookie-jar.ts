import { parseCookie } from 'undici';

/**
 * The cookies one exit holds for the site, kept the way a browser keeps them (RFC 6265, the parts a single site
 * needs): a cookie belongs to its host (or to its Domain and the hosts under it) and its Path, lives until its
 * Max-Age or Expires (or for the whole session without either), is replaced by a newer one of the same name, domain
 * and path, is removed by one already expired, and a Secure one goes only over https.
 */

interface StoredCookie {
  name: string;
  value: string;
  domain: string;
  /** Only the host that set it (no Domain attribute), not its subdomains. */
  hostOnly: boolean;
  path: string;
  /** Epoch ms; none for a session cookie. */
  expiresAt?: number;
  secure: boolean;
}

/** Cookies kept at most: the site sets a handful; past this the oldest go, so a jar never grows without bound. */
const MAX_COOKIES = 100;

/** The directory of a request's path: where a cookie without a Path attribute applies. */
function defaultPath(url: URL): string {
  const path = url.pathname;
  const last = path.lastIndexOf('/');
  return last <= 0 ? '/' : path.slice(0, last);
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  return requestPath.startsWith(cookiePath) && (cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/');
}

function domainMatches(host: string, domain: string): boolean {
  return host === domain || (host.endsWith(`.${domain}`) && !/^[\d.]+$/.test(host));
}

export function createCookieJar(now: () => number = () => Date.now()) {
  // Keyed by name, domain and path; Map order is the order cookies were first set, which is the order they are sent
  // in among cookies of the same path length.
  const cookies = new Map<string, StoredCookie>();

  function storeOne(line: string, from: URL) {
    const parsed = parseCookie(line);
    if (!parsed?.name) return;
    const host = from.hostname.toLowerCase();
    const domain = parsed.domain?.toLowerCase().replace(/^\./, '');
    // A site may not set cookies for another site (or for a domain above its own).
    if (domain && !domainMatches(host, domain)) return;
    const cookie: StoredCookie = {
      name: parsed.name,
      value: parsed.value,
      domain: domain ?? host,
      hostOnly: !domain,
      path: parsed.path?.startsWith('/') ? parsed.path : defaultPath(from),
      secure: parsed.secure === true,
    };
    if (parsed.maxAge !== undefined) cookie.expiresAt = now() + parsed.maxAge * 1000;
    else if (parsed.expires !== undefined) cookie.expiresAt = new Date(parsed.expires).getTime();
    const key = `${cookie.name}\t${cookie.domain}\t${cookie.path}`;
    if (cookie.expiresAt !== undefined && !(cookie.expiresAt > now())) {
      cookies.delete(key);
      return;
    }
    cookies.set(key, cookie);
    if (cookies.size > MAX_COOKIES) cookies.delete(cookies.keys().next().value as string);
  }

  return {
    /** Keeps the cookies of an answer's Set-Cookie headers, as set by `from`. */
    store(setCookie: string | string[] | undefined, from: URL) {
      for (const line of typeof setCookie === 'string' ? [setCookie] : (setCookie ?? [])) storeOne(line, from);
    },
    /** The Cookie header for a request to `url`, or undefined when no cookie applies; expired cookies are dropped. */
    header(url: URL): string | undefined {
      const host = url.hostname.toLowerCase();
      const t = now();
      const sent: StoredCookie[] = [];
      for (const [key, c] of cookies) {
        if (c.expiresAt !== undefined && c.expiresAt <= t) {
          cookies.delete(key);
          continue;
        }
        if (c.hostOnly ? host !== c.domain : !domainMatches(host, c.domain)) continue;
        if (!pathMatches(url.pathname, c.path) || (c.secure && url.protocol !== 'https:')) continue;
        sent.push(c);
      }
      if (sent.length === 0) return undefined;
      // Longer paths first (stable: equal paths keep the order they were set in).
      sent.sort((a, b) => b.path.length - a.path.length);
      return sent.map((c) => `${c.name}=${c.value}`).join('; ');
    },
    get size() {
      return cookies.size;
    },
  };
}
export type CookieJar = ReturnType<typeof createCookieJar>;
