import { afterEach, describe, expect, it, vi } from 'vitest';
import { linkSearchSettled, noteLinkSearch } from './link-search-settled';

afterEach(() => {
  delete (globalThis as Record<string, unknown>).__gowildLinkSearchSettled;
  vi.useRealTimers();
});

/** A search answer whose lines the test sends, and whose end it decides. */
function streamingAnswer() {
  let control!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (control = c) });
  const response = new Response(body, { headers: { 'content-type': 'application/x-ndjson' } });
  const line = (text: string) => control.enqueue(new TextEncoder().encode(`${text}\n`));
  return { response, line, end: () => control.close(), cut: () => control.error(new Error('cut')) };
}

/** Whether `p` has settled once pending work has run. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
  return done;
}

describe("the service worker's wait for a link's search (decision 329)", () => {
  it('is over at once on a page that started no link search', async () => {
    expect(await settled(linkSearchSettled())).toBe(true);
  });

  it('lasts until the search stream ends, while the app reads the original answer', async () => {
    const answer = streamingAnswer();
    noteLinkSearch(Promise.resolve(answer.response));
    const wait = linkSearchSettled();
    answer.line('{"type":"start"}');
    // The app reads the answer itself, as it takes the boot script's call.
    const appText = Promise.resolve().then(() => answer.response.text());
    answer.line('{"type":"destination","code":"LAS"}');
    expect(await settled(wait)).toBe(false);
    answer.end();
    expect(await settled(wait)).toBe(true);
    expect(await appText).toContain('LAS');
  });

  it('is over when the search fails or is cut', async () => {
    noteLinkSearch(Promise.reject(new TypeError('offline')));
    expect(await settled(linkSearchSettled())).toBe(true);
    const answer = streamingAnswer();
    noteLinkSearch(Promise.resolve(answer.response));
    const wait = linkSearchSettled();
    expect(await settled(wait)).toBe(false);
    answer.cut();
    expect(await settled(wait)).toBe(true);
  });

  it('waits no longer than its limit for a search that never ends', async () => {
    vi.useFakeTimers();
    noteLinkSearch(Promise.resolve(streamingAnswer().response));
    let done = false;
    void linkSearchSettled(15_000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(14_999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});
