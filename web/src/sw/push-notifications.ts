/**
 * What the service worker does with a web push (docs/product/alerts.md#web-push; decision 213): the notification it
 * shows for a message, and the window a click opens. Kept apart from the worker's events so both can be tested, and
 * importing nothing, like saved-screens.ts.
 */

/** The notification for one push: title, body, the app's icon, and where a click goes. */
export interface PushNotification {
  title: string;
  options: { body: string; icon: string; badge: string; tag?: string; data: { url: string } };
}

const APP_ICON = '/icon-192.png';
/** Where a click goes when the message names no page: the alerts. */
const FALLBACK_PATH = '/notifications';

/**
 * The server sends `{ title, body, url, tag }` (the delivery's id as the tag, so a repeat replaces the notification
 * rather than showing twice). A message that cannot be read still shows something: the browser requires a
 * notification for every push, and the traveller should know an alert arrived.
 */
export function notificationFor(text: string | null, origin: string): PushNotification {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (parsed && typeof parsed === 'object') data = parsed as Record<string, unknown>;
  } catch {
    /* Not JSON: the fallback below. */
  }
  const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
  const tag = str(data.tag);
  return {
    title: str(data.title) ?? 'GoWild Finder',
    options: {
      body: str(data.body) ?? 'A flight alert has news for you.',
      icon: APP_ICON,
      badge: APP_ICON,
      ...(tag ? { tag } : {}),
      data: { url: sameOriginUrl(str(data.url), origin) },
    },
  };
}

/**
 * The address a click opens, always on this app's origin: the page, query and fragment of the message's link (the
 * server writes it on APP_URL, which may be another name for this site), never another site.
 */
export function sameOriginUrl(link: string | undefined, origin: string): string {
  if (!link) return new URL(FALLBACK_PATH, origin).href;
  try {
    const url = new URL(link, origin);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return new URL(FALLBACK_PATH, origin).href;
    return new URL(`${url.pathname}${url.search}${url.hash}`, origin).href;
  } catch {
    return new URL(FALLBACK_PATH, origin).href;
  }
}

/** What a click needs of the worker's clients (ServiceWorkerGlobalScope.clients). */
export interface ClickClients {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly ClickWindow[]>;
  openWindow(url: string): Promise<unknown>;
}
export interface ClickWindow {
  url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}

/**
 * A click on the notification: a window already showing that page is focused; otherwise an open window of the app
 * goes to the page and is focused; otherwise a new window opens on it.
 */
export async function openFromNotification(clients: ClickClients, url: string, origin: string): Promise<void> {
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })).filter((w) => w.url.startsWith(origin));
  const same = windows.find((w) => w.url === url);
  if (same) {
    await same.focus();
    return;
  }
  for (const w of windows) {
    if (!w.navigate) continue;
    try {
      const moved = await w.navigate(url);
      await ((moved as ClickWindow | null) ?? w).focus();
      return;
    } catch {
      /* A window this worker does not control cannot be moved: try the next, then open one. */
    }
  }
  await clients.openWindow(url);
}
