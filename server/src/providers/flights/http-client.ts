import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';
import { ProxyAgent, request as undiciRequest } from 'undici';
import { type FetchSite, type RequestKind, fetchSite, requestHeaders } from './transports/browser-identity';
import { type CookieJar, createCookieJar } from './transports/cookie-jar';
import type { PageResult } from './transports/transport';

interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One GET, redirects not followed: what the transports' HTTP clients share. */
export type HttpGet = (url: URL, headers: Record<string, string>, signal: AbortSignal) => Promise<HttpAnswer>;

/** The body as a browser reads it: the request says it accepts gzip and br, so it is decompressed. */
function decoded(body: Readable, contentEncoding: string | string[] | undefined): Readable {
  switch (String(contentEncoding ?? '').toLowerCase()) {
    case 'gzip':
      return body.pipe(createGunzip());
    case 'br':
      return body.pipe(createBrotliDecompress());
    case 'deflate':
      return body.pipe(createInflate());
    default:
      return body;
  }
}

function readAll(body: Readable): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    body.on('data', (c: Buffer) => chunks.push(c));
    body.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    body.on('error', reject);
  });
}

/**
 * A small keep-alive GET client on node:http. The adapter makes two requests per query and a search makes dozens
 * at once; this costs a fraction of fetch's per-request overhead (docs/decisions/010).
 */
export function createHttpClient(opts: { maxSockets?: number } = {}) {
  const agentOptions = { keepAlive: true, maxSockets: opts.maxSockets ?? 256, scheduling: 'lifo' as const };
  const agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };
  // A connection that carried a 5xx is closed rather than reused, so the retry that follows at once goes out on a
  // fresh one (decision 220): a bad connection or the server behind it is not asked twice.
  const retired = new WeakSet<object>();
  for (const agent of [agents.http, agents.https]) {
    const keep = agent.keepSocketAlive.bind(agent);
    // keepSocketAlive (documented) answers false for a socket the agent should close instead of keeping.
    agent.keepSocketAlive = (socket) => (retired.has(socket) ? false : keep(socket));
  }

  const get: HttpGet = (url, headers, signal) => {
    const secure = url.protocol === 'https:';
    return new Promise<HttpAnswer>((resolve, reject) => {
      const req = (secure ? https : http).request(
        url,
        { method: 'GET', headers, agent: secure ? agents.https : agents.http, signal },
        (res) => {
          const status = res.statusCode ?? 0;
          if (status >= 500) retired.add(res.socket);
          res.on('error', reject);
          // Redirect bodies are not read: drain them so the socket goes back to the pool.
          if (status >= 300 && status < 400) {
            res.resume();
            res.on('end', () => resolve({ status, headers: res.headers, body: '' }));
            return;
          }
          readAll(decoded(res, res.headers['content-encoding'])).then((body) => resolve({ status, headers: res.headers, body }), reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
  };
  return {
    get,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

/**
 * The same GET through one forward proxy (undici's ProxyAgent: CONNECT for https targets, http:// or https://
 * proxies, credentials from the proxy URL as Proxy-Authorization).
 */
export function createProxyClient(proxyUrl: string) {
  // proxyTunnel false: an http:// target goes to an http:// proxy as an absolute-URI request (as curl does); https
  // targets always go through a CONNECT tunnel.
  const agent = new ProxyAgent({ uri: proxyUrl, keepAliveTimeout: 30_000, proxyTunnel: false });
  const get: HttpGet = async (url, headers, signal) => {
    const res = await undiciRequest(url, { method: 'GET', headers, dispatcher: agent, signal });
    const responseHeaders = res.headers as IncomingHttpHeaders;
    if (res.statusCode >= 300 && res.statusCode < 400) {
      await res.body.dump();
      return { status: res.statusCode, headers: responseHeaders, body: '' };
    }
    const body = await readAll(decoded(res.body, responseHeaders['content-encoding']));
    return { status: res.statusCode, headers: responseHeaders, body };
  };
  return { get, close: () => agent.close() };
}

const SITE_ORDER: FetchSite[] = ['same-origin', 'same-site', 'cross-site'];
/** Sec-Fetch-Site across a redirect chain: the least related of its addresses to the page it started from. */
function furthest(a: FetchSite, b: FetchSite): FetchSite {
  return SITE_ORDER.indexOf(a) >= SITE_ORDER.indexOf(b) ? a : b;
}

export interface BrowserGet {
  /** A navigation to a page (the default) or a script's JSON call (decision 239). */
  kind?: RequestKind;
  /** The exit's cookies: sent on every hop, updated by every answer. A jar of its own for this page when not given. */
  jar?: CookieJar;
  /** The page the request is made from (its Referer, and Sec-Fetch-Site's reference); none: an address typed in. */
  from?: URL;
  /** The Accept header, when not the one Chrome sends for the kind. */
  accept?: string;
  signal: AbortSignal;
  maxRedirects: number;
  exit: number;
  onFirstAnswer?: () => void;
}

/**
 * GET as Chrome does, following redirects itself with the cookies of every answer (the site's InternalSelect →
 * Select hop needs the first answer's session cookie). A navigation made from a page sends the address it was
 * redirected from as the Referer of the next hop, as the working tool that does this sends it; a typed one none.
 */
export async function getAsBrowser(get: HttpGet, start: URL, opts: BrowserGet): Promise<PageResult> {
  const started = performance.now();
  const kind = opts.kind ?? 'document';
  const jar = opts.jar ?? createCookieJar();
  let url = start;
  let referer = opts.from;
  // A script's call always comes from a page of the site; only a navigation can be typed in.
  let site: FetchSite = opts.from ? fetchSite(opts.from, start) : kind === 'document' ? 'none' : 'same-origin';
  for (let hop = 0; ; hop++) {
    const headers = requestHeaders({ kind, site, referer, accept: opts.accept });
    const cookie = jar.header(url);
    if (cookie) headers.cookie = cookie;
    const res = await get(url, headers, opts.signal);
    if (hop === 0) opts.onFirstAnswer?.();
    jar.store(res.headers['set-cookie'], url);
    const location = res.headers.location;
    if (res.status >= 300 && res.status < 400 && location) {
      if (hop >= opts.maxRedirects) return { kind: 'redirect-loop', hops: hop + 1 };
      const next = new URL(location, url);
      if (opts.from) {
        site = furthest(site, fetchSite(opts.from, next));
        if (kind === 'document') referer = url;
      }
      url = next;
      continue;
    }
    const retryAfter = res.headers['retry-after'];
    return {
      kind: 'answer',
      answer: {
        status: res.status,
        retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
        contentType: typeof res.headers['content-type'] === 'string' ? res.headers['content-type'] : null,
        body: res.body,
        url,
        redirected: hop > 0,
        ms: performance.now() - started,
        exit: opts.exit,
      },
    };
  }
}
