/**
 * The app's scripts, started by the boot script rather than by the page (decision 331): the built page names none
 * of them, so that a results link's own search reaches the server first.
 *
 * Over HTTP/1.1 a browser opens six connections to a server. The page used to name the app's entry and about forty
 * preloaded chunks, which the browser's preload scanner asks for before any script has run: a link's search, asked by
 * the boot script tens of milliseconds later, then waited for a free connection behind them, 100 to 500 ms in the
 * benchmark, and its first destinations came that much later than the same search from the form.
 */
export interface AppScripts {
  /** The app's entry module (`/assets/index-….js`). */
  entry: string;
  /** The chunks it imports and the home route's, fetched at once rather than found one import after another. */
  preloads: readonly string[];
}

/**
 * The longest the app's scripts wait for a link's search to be under way: its answer's headers come within a round
 * trip of the request, and a slow server or network must not hold the app back for long.
 */
export const LINK_SEARCH_HEAD_START_MS = 300;

/**
 * Starts the app: the chunks preloaded at once, the entry once the page has been read (it looks for `#root`, and a
 * module script added by a script runs as soon as it has loaded, not after the page as the page's own would). With
 * `linkSearch`, the boot script's search for a results link, both wait until that search's answer has begun (or has
 * failed), at most `LINK_SEARCH_HEAD_START_MS`: by then its request holds a connection of its own.
 */
export function loadApp(scripts: AppScripts, linkSearch?: Promise<unknown>, doc: Document = document): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of scripts.preloads) {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      // As Vite writes its own tags: a module and its preload must share a credentials mode to be one fetch.
      link.crossOrigin = '';
      link.href = href;
      doc.head.append(link);
    }
    const runEntry = () => {
      const script = doc.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = scripts.entry;
      doc.head.append(script);
    };
    if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', runEntry, { once: true });
    else runEntry();
  };
  if (!linkSearch) return start();
  linkSearch.then(start, start);
  setTimeout(start, LINK_SEARCH_HEAD_START_MS);
}
