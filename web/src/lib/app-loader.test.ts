import { afterEach, describe, expect, it, vi } from 'vitest';
import { LINK_SEARCH_HEAD_START_MS, loadApp } from './app-loader';

const scripts = { entry: '/assets/index-abc.js', preloads: ['/assets/react-def.js', '/assets/home-ghi.js'] };

/** A page of its own, read to the end (`loading`: still being read, until the test says it is). */
function page(loading = false) {
  const doc = document.implementation.createHTMLDocument('page');
  let state: DocumentReadyState = loading ? 'loading' : 'complete';
  Object.defineProperty(doc, 'readyState', { get: () => state });
  return {
    doc,
    read() {
      state = 'interactive';
      doc.dispatchEvent(new Event('DOMContentLoaded'));
    },
    /** What the page's head asks for, in order: `preload <href>` and `entry <src>`. */
    asked: () =>
      [...doc.head.querySelectorAll('link, script')].map((e) =>
        e instanceof HTMLLinkElement ? `${e.rel} ${e.getAttribute('href')}` : `${(e as HTMLScriptElement).type} ${e.getAttribute('src')}`,
      ),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the boot script starts the app's scripts (decision 331)", () => {
  it('at once on a page without a link search: the chunks preloaded, then the entry, as modules with one credentials mode', () => {
    const p = page();
    loadApp(scripts, undefined, p.doc);
    expect(p.asked()).toEqual(['modulepreload /assets/react-def.js', 'modulepreload /assets/home-ghi.js', 'module /assets/index-abc.js']);
    expect([...p.doc.head.querySelectorAll('link, script')].map((e) => e.getAttribute('crossorigin'))).toEqual(['', '', '']);
  });

  it('runs the entry only once the page has been read, since the app looks for #root', () => {
    const p = page(true);
    loadApp(scripts, undefined, p.doc);
    expect(p.asked()).toEqual(['modulepreload /assets/react-def.js', 'modulepreload /assets/home-ghi.js']);
    p.read();
    expect(p.asked()).toContain('module /assets/index-abc.js');
  });

  it("on a link, waits until the search's answer has begun, and starts once", async () => {
    vi.useFakeTimers();
    const p = page();
    let begin!: () => void;
    loadApp(scripts, new Promise<void>((resolve) => (begin = resolve)), p.doc);
    await vi.advanceTimersByTimeAsync(LINK_SEARCH_HEAD_START_MS - 1);
    expect(p.asked()).toEqual([]);
    begin();
    await vi.advanceTimersByTimeAsync(0);
    expect(p.asked()).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(p.asked()).toHaveLength(3);
  });

  it('on a link whose search fails or is slow to begin, starts anyway', async () => {
    vi.useFakeTimers();
    const failed = page();
    loadApp(scripts, Promise.reject(new Error('network')), failed.doc);
    await vi.advanceTimersByTimeAsync(0);
    expect(failed.asked()).toHaveLength(3);

    const slow = page();
    loadApp(scripts, new Promise(() => {}), slow.doc);
    await vi.advanceTimersByTimeAsync(LINK_SEARCH_HEAD_START_MS);
    expect(slow.asked()).toHaveLength(3);
  });
});
