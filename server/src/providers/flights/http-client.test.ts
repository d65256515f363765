import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, getAsBrowser } from './http-client';

/** A local server answering each path with its status, counting the connections it was asked on. */
describe('the keep-alive HTTP client', () => {
  let server: Server;
  let base: URL;
  let connections = 0;
  const asked: IncomingHttpHeaders[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push(req.headers);
      const status = Number(req.url?.slice(1)) || 200;
      if (req.url === '/hop') {
        res.writeHead(302, { location: '/200', 'content-length': 0 });
        return res.end();
      }
      res.writeHead(status, { 'content-type': 'text/html', 'content-length': 2 });
      res.end('ok');
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const twice = async (first: string) => {
    const client = createHttpClient();
    const before = connections;
    try {
      const signal = AbortSignal.timeout(5000);
      expect((await client.get(new URL(first, base), {}, signal)).status).toBe(Number(first.slice(1)));
      expect((await client.get(new URL('/200', base), {}, signal)).status).toBe(200);
      return connections - before;
    } finally {
      client.close();
    }
  };

  it('reuses a connection after a good answer', async () => {
    expect(await twice('/200')).toBe(1);
  });

  it('closes a connection that carried a 5xx, so the retry goes out on a fresh one (decision 220)', async () => {
    expect(await twice('/503')).toBe(2);
  });

  it('tells when the first answer of a page arrived (the redirect), once', async () => {
    const client = createHttpClient();
    let told = 0;
    try {
      const got = await getAsBrowser(client.get, new URL('/hop', base), {
        signal: AbortSignal.timeout(5000),
        maxRedirects: 3,
        exit: 0,
        onFirstAnswer: () => told++,
      });
      expect(got).toMatchObject({ kind: 'answer', answer: { status: 200, redirected: true } });
      expect(told).toBe(1);
    } finally {
      client.close();
    }
  });

  it('follows a redirect as Chrome: a typed address stays typed, a navigation from a page names where it was redirected from', async () => {
    const client = createHttpClient();
    const hop = new URL('/hop', base);
    const go = (from?: URL) =>
      getAsBrowser(client.get, hop, { from, signal: AbortSignal.timeout(5000), maxRedirects: 3, exit: 0 }).then(() => asked.splice(0));
    try {
      asked.splice(0);
      const typed = await go();
      expect(typed.map((h) => [h['sec-fetch-site'], h.referer])).toEqual([
        ['none', undefined],
        ['none', undefined],
      ]);
      const fromHome = await go(new URL('/', base));
      expect(fromHome.map((h) => [h['sec-fetch-site'], h.referer])).toEqual([
        ['same-origin', new URL('/', base).href],
        ['same-origin', hop.href],
      ]);
      for (const h of [...typed, ...fromHome]) expect(h).toMatchObject({ 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' });
    } finally {
      client.close();
    }
  });
});
