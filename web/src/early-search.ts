/**
 * The boot script (decision 282): loaded before the app's code, it starts the session check at once on every page,
 * and a results link's search too, so a shared or bookmarked link shows its first destinations as soon as the page
 * can draw them instead of after the app's start-up and sign-in check. Only with a stored session (a visitor's link
 * shows the sign-in message, as before); the app takes the answers on their way (lib/early-fetch.ts) and reads them
 * as if it had asked itself. Until it does, the link's first destinations are drawn from a copy of the answer
 * (features/search/early/early-results.ts). It also starts the app's scripts, after a link's search (decision 331).
 */
import { paths } from './config/paths';
import { VERIFY_TOKEN_PATH, verifyTokenBody } from './features/auth/api/verify-token-request';
import { STREAM_ACCEPT, streamTarget } from './features/search/api/stream-target';
import { drawEarlyResults } from './features/search/early/early-results';
import { linkSearch } from './features/search/utils/link-search';
import { apiUrl } from './lib/api-url';
import { type AppScripts, loadApp } from './lib/app-loader';
import { startEarlyFetch } from './lib/early-fetch';
import { noteLinkSearch } from './lib/link-search-settled';
import { tokenStorage } from './lib/token-storage';

/**
 * The app's scripts as JSON, written in at build time (vite.config.ts); absent in development, where the page names
 * its entry itself.
 */
declare const __GOWILD_APP_SCRIPTS__: string | undefined;
const appScripts = typeof __GOWILD_APP_SCRIPTS__ === 'undefined' ? null : (JSON.parse(__GOWILD_APP_SCRIPTS__) as AppScripts);

/** The link's search, when this page opens one: the app's scripts give it a head start (decision 331). */
let linkSearchAnswer: Promise<Response> | undefined;
try {
  const token = tokenStorage.get();
  if (token) {
    startEarlyFetch(
      { url: apiUrl(VERIFY_TOKEN_PATH), method: 'POST', accept: 'application/json', body: JSON.stringify(verifyTokenBody(token)) },
      token,
    );
    const params = new URLSearchParams(window.location.search);
    const request = window.location.pathname === paths.home ? linkSearch(params) : null;
    if (request) {
      const { path, query } = streamTarget(request);
      const answer = startEarlyFetch({ url: apiUrl(path, query), accept: STREAM_ACCEPT }, token);
      linkSearchAnswer = answer;
      // The service worker installs once this search has ended (decision 329).
      noteLinkSearch(answer);
      // Its first destinations drawn before the app has started (decision 326), when the link opens on them (a return
      // link opens on its return screen instead); the app takes the same answer.
      if ((params.get('screen') ?? 'departure_flights') === 'departure_flights') void drawEarlyResults(answer, request);
    }
  }
} finally {
  // Whatever went wrong above, the app starts: the page names no script of its own.
  if (appScripts) loadApp(appScripts, linkSearchAnswer);
}
