/**
 * Back online, a page showing a saved screen reloads once the server answers again (docs/product/offline.md, decision
 * 325). The browser's `online` event comes before every part of it can reach the network (the service worker among
 * them), so a reload at that instant could fail its fetch and show the saved copy again, with nothing left to try.
 * Instead the page asks `/api/health` (which the service worker passes through) and reloads when it answers: at once,
 * then after 2 s, 4 s, … up to a minute while it does not.
 *
 * A reload that still brings a saved copy (the server answered the health check, then the search failed on the way)
 * waits longer before the next: the count lives in the tab's session storage across reloads, and the first answer
 * from the network clears it. So a connection that drops every search never reloads the page in a loop.
 */
const RELOADS_KEY = 'gowild-saved-reloads';
const FIRST_WAIT_MS = 2000;
const LONGEST_WAIT_MS = 60_000;

/** How long to wait before look number `look` (0 = the first): none, then 2 s doubling to a minute. */
export function waitBeforeLook(look: number): number {
  return look === 0 ? 0 : Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** (look - 1));
}

function reloadsSoFar(): number {
  try {
    return Number(sessionStorage.getItem(RELOADS_KEY)) || 0;
  } catch {
    return 0;
  }
}

/** An answer came from the network: the next saved copy starts looking again at once. */
export function noteNetworkAnswer(): void {
  try {
    sessionStorage.removeItem(RELOADS_KEY);
  } catch {
    // Storage refused (a private window's quota): the count only spaces out reloads.
  }
}

interface ReachDeps {
  /** Whether the server answers now. */
  reachable: () => Promise<boolean>;
  reload: () => void;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
}

const browser: ReachDeps = {
  reachable: () =>
    fetch('/api/health', { cache: 'no-store' }).then(
      (r) => r.ok,
      () => false,
    ),
  reload: () => window.location.reload(),
  setTimer: (fn, ms) => window.setTimeout(fn, ms),
  clearTimer: (timer) => window.clearTimeout(timer as number),
};

/**
 * Starts looking for the server: reloads the page when it answers. The looks begin where the reloads so far left
 * them (none: at once). Returns how to stop (the saved screen has gone, or the browser went offline again).
 */
export function reloadWhenReachable(deps: ReachDeps = browser): () => void {
  let stopped = false;
  let timer: unknown;
  const reloads = reloadsSoFar();
  const look = async (n: number) => {
    const ok = await deps.reachable();
    if (stopped) return;
    if (!ok) {
      timer = deps.setTimer(() => void look(n + 1), waitBeforeLook(n + 1));
      return;
    }
    try {
      sessionStorage.setItem(RELOADS_KEY, String(reloads + 1));
    } catch {
      // See noteNetworkAnswer.
    }
    deps.reload();
  };
  timer = deps.setTimer(() => void look(reloads), waitBeforeLook(reloads));
  return () => {
    stopped = true;
    deps.clearTimer(timer);
  };
}
