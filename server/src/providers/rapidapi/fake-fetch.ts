import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/booking-com');

/** A recorded-shape answer of the RapidAPI booking-com15 API (server/src/test/fixtures/booking-com/). */
export function rapidApiFixture(name: string): unknown {
  return JSON.parse(readFileSync(path.join(fixtures, name), 'utf8'));
}

export type FakeAnswer = { status?: number; body: unknown } | Error;

/**
 * A `fetch` for the adapters' tests: answers by path from `routes` (a function of the URL, or a queue per path), and
 * keeps every URL and header asked, so a test sees what the adapter sent.
 */
export function fakeFetch(route: (url: URL) => FakeAnswer | undefined) {
  const calls: { url: URL; headers: Record<string, string> }[] = [];
  const impl = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    calls.push({ url, headers: Object.fromEntries(new Headers(init?.headers).entries()) });
    const answer = route(url);
    if (!answer) return new Response(JSON.stringify({ message: 'Endpoint not found' }), { status: 404 });
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { impl, calls, paths: () => calls.map((c) => c.url.pathname) };
}
