import { describe, expect, it, vi } from 'vitest';
import { type ClickWindow, notificationFor, openFromNotification, sameOriginUrl } from './push-notifications';

const origin = 'https://gowild.example';
const results = `${origin}/?origin=DEN&destination=MCO&date=2026-07-16`;

describe('the notification a push shows', () => {
  it("shows the server's title and text with the app icon, tagged with the delivery, and keeps the results link", () => {
    const text = JSON.stringify({ title: 'Fare found: DEN → MCO', body: 'GoWild $45.00', url: results, tag: 'delivery-1' });
    expect(notificationFor(text, origin)).toEqual({
      title: 'Fare found: DEN → MCO',
      options: { body: 'GoWild $45.00', icon: '/icon-192.png', badge: '/icon-192.png', tag: 'delivery-1', data: { url: results } },
    });
  });

  it('still shows a notification for a message it cannot read, leading to the alerts', () => {
    for (const text of [null, '', 'not json', '[1]', '{"title": 3}']) {
      const n = notificationFor(text, origin);
      expect(n.title, String(text)).toBe('GoWild Finder');
      expect(n.options.data.url).toBe(`${origin}/notifications`);
      expect(n.options).not.toHaveProperty('tag');
    }
  });

  it('opens links on this origin only: another name for the site keeps its page, another scheme goes to the alerts', () => {
    expect(sameOriginUrl('http://localhost:3000/?origin=DEN&date=2026-07-16', origin)).toBe(`${origin}/?origin=DEN&date=2026-07-16`);
    expect(sameOriginUrl('https://evil.example/phish', origin)).toBe(`${origin}/phish`);
    expect(sameOriginUrl('javascript:alert(1)', origin)).toBe(`${origin}/notifications`);
    expect(sameOriginUrl('/route-map', origin)).toBe(`${origin}/route-map`);
  });
});

function fakeWindow(url: string, navigable = true) {
  const w: ClickWindow & { focused: boolean } = {
    url,
    focused: false,
    focus: vi.fn(async () => {
      w.focused = true;
    }),
  };
  if (navigable)
    w.navigate = vi.fn(async (to: string) => {
      w.url = to;
      return w;
    });
  return w;
}

describe('a click on the notification', () => {
  it('focuses a window already on the results', async () => {
    const open = fakeWindow(results);
    const openWindow = vi.fn(async () => null);
    await openFromNotification({ matchAll: async () => [fakeWindow(`${origin}/`), open], openWindow }, results, origin);
    expect(open.focused).toBe(true);
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('otherwise takes an open window of the app to the results and focuses it', async () => {
    const app = fakeWindow(`${origin}/notifications`);
    const openWindow = vi.fn(async () => null);
    await openFromNotification({ matchAll: async () => [fakeWindow('https://other.example/'), app], openWindow }, results, origin);
    expect(app.url).toBe(results);
    expect(app.focused).toBe(true);
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('otherwise opens a new window on the results', async () => {
    const stuck = fakeWindow(`${origin}/`, true);
    stuck.navigate = vi.fn(async () => {
      throw new TypeError('not controlled');
    });
    const openWindow = vi.fn(async () => null);
    await openFromNotification({ matchAll: async () => [stuck], openWindow }, results, origin);
    expect(openWindow).toHaveBeenCalledWith(results);
    await openFromNotification({ matchAll: async () => [], openWindow }, results, origin);
    expect(openWindow).toHaveBeenCalledTimes(2);
  });
});
