/**
 * The boot script (decision 282): loaded before the app's code, it starts the search of a results link at once, so
 * a shared or bookmarked link shows its first destinations as soon as the page can draw them instead of after the
 * app's start-up and sign-in check. Only with a stored session (a visitor's link shows the sign-in message, as
 * before); the app takes the answer on its way (lib/early-fetch.ts) and reads it as if it had asked itself.
 */
import { paths } from './config/paths';
import { STREAM_ACCEPT, streamTarget } from './features/search/api/stream-target';
import { linkSearch } from './features/search/utils/link-search';
import { apiUrl } from './lib/api-url';
import { startEarlyFetch } from './lib/early-fetch';
import { tokenStorage } from './lib/token-storage';

const token = tokenStorage.get();
const request = window.location.pathname === paths.home ? linkSearch(new URLSearchParams(window.location.search)) : null;
if (token && request) {
  const { path, query } = streamTarget(request);
  startEarlyFetch(apiUrl(path, query), token, STREAM_ACCEPT);
}
