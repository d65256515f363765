import { type HttpGet, getAsBrowser } from '../http-client';
import { type CookieJar, createCookieJar } from './cookie-jar';
import { type PageRequest, type PageResult, type TransportName, pageKind, untilAborted } from './transport';
import type { TransportMetrics } from './transport-metrics';

/** Longest the home page may take; a visit is shared by every request waiting for it, so no one request's signal ends it. */
const WARM_UP_TIMEOUT_MS = 15_000;

interface SiteSessionOptions {
  transport: TransportName;
  get: HttpGet;
  maxRedirects: number;
  /** How long a session is used before its exit visits the home page again (FRONTIER_SESSION_LIFETIME_MS). */
  lifetimeMs: number;
  metrics: TransportMetrics;
  now?: () => number;
}

interface Visit {
  /** Settles when the home page has been read (or could not be). */
  done: Promise<void>;
  /** Resolves when the home page's first HTTP answer arrived. */
  answered: Promise<void>;
}

/**
 * One exit's visit to the site, as the tools that keep working arrive (decision 239): the home page first, loaded as
 * a typed address, its cookies kept in the exit's jar; then every page navigated to from it (Referer the home page,
 * Sec-Fetch-Site same-origin) with the jar's cookies, which every answer updates (the site rotates its bot wall's
 * cookies). The home page is visited again once the session is older than its lifetime (with the same cookies, as
 * a returning browser), and after a block with none: a blocked session's cookies are burnt.
 */
export function createSiteSession(opts: SiteSessionOptions) {
  const now = opts.now ?? (() => performance.now());
  let jar: CookieJar = createCookieJar();
  /** The page the session stands on (the home page, or where it redirected); none while cold. */
  let home: URL | undefined;
  let warmedAt = 0;
  let visit: Visit | undefined;
  /** Bumped by `drop`: a visit begun before it does not warm the session after it. */
  let generation = 0;

  const warm = () => home !== undefined && now() - warmedAt < opts.lifetimeMs;

  function visitHome(homeUrl: URL, exit: number): Visit {
    const started = generation;
    let answered!: () => void;
    const v: Visit = { answered: new Promise<void>((r) => (answered = r)), done: Promise.resolve() };
    v.done = getAsBrowser(opts.get, homeUrl, {
      kind: 'document',
      jar,
      signal: AbortSignal.timeout(WARM_UP_TIMEOUT_MS),
      maxRedirects: opts.maxRedirects,
      exit,
      onFirstAnswer: answered,
    })
      .then(
        (got) => {
          const ok = got.kind === 'answer' && got.answer.status >= 200 && got.answer.status < 300;
          opts.metrics.warmups.inc({ transport: opts.transport, result: ok ? 'answered' : 'refused' });
          // Whatever the home page answered, its cookies are kept and the pages are asked: their own answers say
          // whether the exit is blocked, and the adapter reads those (a refused visit is not repeated per request).
          if (started !== generation) return;
          home = got.kind === 'answer' ? got.answer.url : homeUrl;
          warmedAt = now();
        },
        (e: unknown) => {
          opts.metrics.warmups.inc({ transport: opts.transport, result: 'failed' });
          throw e;
        },
      )
      .finally(() => {
        if (visit === v) visit = undefined;
      });
    return v;
  }

  return {
    /** Fetches a page in this session, visiting the home page first when the session is cold or past its lifetime. */
    async fetchPage(req: PageRequest, exit: number): Promise<PageResult> {
      let told = false;
      const firstAnswer = () => {
        if (told) return;
        told = true;
        req.onFirstAnswer?.();
      };
      while (!warm()) {
        visit ??= visitHome(new URL('/', req.url), exit);
        // The site has begun answering this attempt once its home page answers (decision 220's early cut).
        void visit.answered.then(firstAnswer);
        await untilAborted(visit.done, req.signal);
      }
      return getAsBrowser(opts.get, req.url, {
        kind: pageKind(req),
        jar,
        from: home,
        accept: req.accept,
        signal: req.signal,
        maxRedirects: opts.maxRedirects,
        exit,
        onFirstAnswer: firstAnswer,
      });
    },
    /** After a block: the session's cookies are dropped, and the next page starts a new session on the home page. */
    drop() {
      generation++;
      jar = createCookieJar();
      home = undefined;
      visit = undefined;
    },
  };
}
export type SiteSession = ReturnType<typeof createSiteSession>;
