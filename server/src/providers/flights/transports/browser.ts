import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromeUserAgent } from './browser-identity';
import { type FrontierTransport, type PageResult, createBlockBackoff, pageKind, untilAborted } from './transport';
import { type TransportMetrics, setExits } from './transport-metrics';

interface BrowserOptions {
  /** The site's address: pages warm up on its home page and fetch from its origin. */
  baseUrl: string;
  /** CHROMIUM_PATH: Debian's /usr/bin/chromium by default (playwright-core brings no browser). */
  executablePath: string;
  /** FRONTIER_BROWSER_PAGES: warm pages kept, each its own cookie jar. */
  pages: number;
  backoffMs: number;
  metrics: TransportMetrics;
  log?: (message: string) => void;
  /** How long a page may take to load the site and pass its JavaScript check. */
  warmUpTimeoutMs?: number;
  /** A page is replaced after this many requests, so a long-lived page cannot grow without bound. */
  requestsPerPage?: number;
}

/** The cookie PerimeterX's script sets once the browser passed its check; its absence is what the wall counts. */
export const PASSED_CHECK_COOKIE = '_px3';
/** Longest a navigation or a fetch inside a page may take before the page gives up on it. */
const PAGE_FETCH_TIMEOUT_MS = 30_000;
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-extensions',
  '--mute-audio',
  '--no-first-run',
  // Without it navigator.webdriver is true, which bot checks read first.
  '--disable-blink-features=AutomationControlled',
  // Bounds each renderer's JavaScript heap.
  '--js-flags=--max-old-space-size=256',
];

interface WarmPage {
  id: number;
  context: BrowserContext;
  page: Page;
  served: number;
  inFlight: number;
}

/** What a navigation or a fetch inside the page hands back. */
interface InPageAnswer {
  status: number;
  retryAfter: string | null;
  contentType: string | null;
  body: string;
  url: string;
  redirected: boolean;
}

/**
 * `browser`: headless Chromium through playwright-core. A few warm pages (each in its own context, so its own
 * cookies) loaded the site's home page and passed its JavaScript check; a warm page then navigates to each day's
 * InternalSelect, as a person's browser does (decision 239), and the results page it lands on is read; the site's
 * JSON calls (GetMarkets) are made with the page's `fetch`, as its own scripts make them. Either way they carry
 * the cookies the check set, the browser's own headers and its TLS. A page that gets a block is closed and a new
 * one warms up in its place; pages are also renewed after a number of requests, and images, media and fonts are
 * never loaded. Chromium starts with the first request and stops on close.
 */
export function createBrowserTransport(opts: BrowserOptions): FrontierTransport {
  const backoff = createBlockBackoff(opts.backoffMs);
  const pages = createWarmPages(opts);
  return {
    name: 'browser',
    async fetchPage(req): Promise<PageResult> {
      const { url, accept, signal } = req;
      const held = await backoff.ready(signal);
      if (held > 0) opts.metrics.held.inc({ transport: 'browser' }, held / 1000);
      const p = await pages.pick(signal);
      p.served++;
      const started = performance.now();
      try {
        const got = await untilAborted(pageKind(req) === 'document' ? navigate(p, url) : fetchInPage(p, url, accept), signal);
        return {
          kind: 'answer',
          answer: {
            status: got.status,
            retryAfter: got.retryAfter,
            contentType: got.contentType,
            body: got.body,
            url: new URL(got.url || url.href),
            redirected: got.redirected,
            ms: performance.now() - started,
            exit: p.id,
          },
        };
      } finally {
        pages.release(p);
      }
    },
    report(answer, block) {
      if (!block) return backoff.ok();
      backoff.blocked();
      pages.retireById(answer.exit, 'blocked');
    },
    close: () => pages.close(),
  };
}

/**
 * A page in a context of its own (its own cookies) that loaded the site's home page and passed its JavaScript
 * check: the check's cookie is set. Images, media and fonts are never loaded.
 */
async function warmUp(browser: Browser, id: number, home: URL, timeout: number): Promise<WarmPage> {
  // Headless Chromium names itself HeadlessChrome: it is presented as the Chrome it is, on the system it runs on,
  // which is what its own client hints say (Chromium writes those itself, whatever a context adds).
  const userAgent = chromeUserAgent(Number(browser.version().split('.')[0]), process.platform);
  const context = await browser.newContext({
    userAgent,
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  try {
    await context.route('**/*', (route) =>
      ['image', 'media', 'font'].includes(route.request().resourceType()) ? route.abort() : route.continue(),
    );
    const page = await context.newPage();
    await page.goto(home.href, { waitUntil: 'load', timeout });
    // Evaluated in the page (a string: the server has no DOM types).
    await page.waitForFunction(`document.cookie.split('; ').some((c) => c.startsWith('${PASSED_CHECK_COOKIE}='))`, undefined, {
      timeout,
      polling: 100,
    });
    return { id, context, page, served: 0, inFlight: 0 };
  } catch (e) {
    await context.close().catch(() => undefined);
    throw new Error(`a browser page did not pass the site's check: ${(e as Error).message.split('\n')[0]}`);
  }
}

/** Chromium and its warm pages: opened on demand up to the set number, each replaced when retired. */
function createWarmPages(opts: BrowserOptions) {
  let browser: Promise<Browser> | undefined;
  const warm = new Map<number, WarmPage>();
  const warming = new Map<number, Promise<WarmPage>>();
  const waiters: (() => void)[] = [];
  const requestsPerPage = opts.requestsPerPage ?? 1000;
  let nextId = 0;
  let closed = false;
  const showExits = () => setExits(opts.metrics, 'browser', warm.size, Math.max(0, opts.pages - warm.size));

  function launch(): Promise<Browser> {
    // Loaded on first use: a server on another transport never loads playwright-core.
    browser ??= import('playwright-core')
      .then(({ chromium }) => chromium.launch({ executablePath: opts.executablePath, args: CHROMIUM_ARGS, headless: true }))
      .catch((e: unknown) => {
        browser = undefined;
        throw new Error(`cannot start Chromium at ${opts.executablePath}: ${(e as Error).message.split('\n')[0]}`);
      });
    return browser;
  }

  async function openPage(): Promise<WarmPage> {
    const id = nextId++;
    const browser = await launch();
    const result = (r: 'answered' | 'failed') => opts.metrics.warmups.inc({ transport: 'browser', result: r });
    return warmUp(browser, id, new URL('/', opts.baseUrl), opts.warmUpTimeoutMs ?? 20_000).then(
      (p) => (result('answered'), p),
      (e: unknown) => {
        result('failed');
        throw e;
      },
    );
  }

  /** Starts warming pages up to the set number (at most that many open or opening at once). */
  function fillPool() {
    while (!closed && warm.size + warming.size < opts.pages) {
      // openPage takes its id (nextId) before its first await.
      const key = nextId;
      const opening = openPage();
      warming.set(key, opening);
      opening.then(
        (p) => {
          warming.delete(key);
          if (closed) return void p.context.close().catch(() => undefined);
          warm.set(p.id, p);
          showExits();
          wakeAll();
        },
        (e: unknown) => {
          warming.delete(key);
          opts.metrics.browserRestarts.inc({ why: 'failed' });
          opts.log?.((e as Error).message);
          wakeAll();
        },
      );
    }
  }

  /** The least busy warm page; while none is warm, waits for one to finish warming. */
  /** Wakes every request waiting for a page: one was freed, warmed up, or failed to. */
  function wakeAll() {
    for (const wake of waiters.splice(0)) wake();
  }

  /**
   * A free warm page, now taken: one query at a time per page, since the site keeps the search in the session its
   * cookie names, and two searches in one session would read each other's results. Waits while all are busy or
   * warming.
   */
  async function pickPage(signal: AbortSignal): Promise<WarmPage> {
    for (;;) {
      signal.throwIfAborted();
      if (closed) throw new Error('the browser transport is closed');
      fillPool();
      const free = [...warm.values()].find((p) => p.inFlight === 0);
      if (free) {
        free.inFlight = 1;
        return free;
      }
      if (warm.size === 0 && warming.size === 0) throw new Error('no browser page could be opened');
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          waiters.splice(waiters.indexOf(wake) >>> 0, 1);
          reject(signal.reason);
        };
        const wake = () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        };
        waiters.push(wake);
        signal.addEventListener('abort', onAbort, { once: true });
      });
    }
  }

  /** The page's query is over: it serves the next one, or is renewed once worn. */
  function release(p: WarmPage) {
    p.inFlight = 0;
    if (p.served >= requestsPerPage) retire(p, 'worn');
    wakeAll();
  }

  function retire(p: WarmPage, why: 'blocked' | 'worn') {
    if (warm.get(p.id) !== p) return;
    warm.delete(p.id);
    opts.metrics.browserRestarts.inc({ why });
    showExits();
    // Fetches still under way in it end with it.
    void p.context.close().catch(() => undefined);
    fillPool();
  }

  showExits();
  return {
    pick: pickPage,
    release,
    retireById(id: number, why: 'blocked' | 'worn') {
      const p = warm.get(id);
      if (p) retire(p, why);
    },
    async close() {
      closed = true;
      wakeAll();
      const opened = browser;
      browser = undefined;
      await Promise.allSettled(warming.values());
      warm.clear();
      showExits();
      if (opened) await (await opened.catch(() => undefined))?.close();
    },
  };
}

/**
 * The page navigates to `url` as a person's browser does (a document request; redirects followed by the browser
 * with its cookies) and the answer it lands on is read: its status, headers and HTML as served.
 */
async function navigate(p: WarmPage, url: URL): Promise<InPageAnswer> {
  const response = await p.page.goto(url.href, { waitUntil: 'domcontentloaded', timeout: PAGE_FETCH_TIMEOUT_MS });
  if (!response) throw new Error('the browser page navigated without an answer');
  const headers = response.headers();
  return {
    status: response.status(),
    retryAfter: headers['retry-after'] ?? null,
    contentType: headers['content-type'] ?? null,
    body: await response.text(),
    url: response.url(),
    redirected: response.request().redirectedFrom() !== null,
  };
}

/** A fetch from inside the page, as the site's own scripts make their JSON calls: the page's cookies, headers and TLS. */
function fetchInPage(p: WarmPage, url: URL, accept: string | undefined): Promise<InPageAnswer> {
  return p.page.evaluate(
    async ({ href, accept, timeoutMs }) => {
      const res = await fetch(href, {
        credentials: 'include',
        headers: accept ? { accept } : {},
        signal: AbortSignal.timeout(timeoutMs),
      });
      return {
        status: res.status,
        retryAfter: res.headers.get('retry-after'),
        contentType: res.headers.get('content-type'),
        body: await res.text(),
        url: res.url,
        redirected: res.redirected,
      };
    },
    { href: url.href, accept, timeoutMs: PAGE_FETCH_TIMEOUT_MS },
  );
}
