import { type Socket, connect } from 'node:net';
import { Readable, Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { buildTestApp } from '../test/build-test-app';
import { connectionLimits } from './connections';

// Real sockets against a listening app, with small server time-outs; the waits below are generous upper bounds, and
// each test allows for building an app on a loaded machine.
const BOUND_MS = 15_000;

async function listening(env: Record<string, string>, extra?: (app: FastifyInstance) => void, logStream?: NodeJS.WritableStream) {
  const { app } = await buildTestApp({ env, logStream });
  extra?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { app, port: address.port };
}

type Client = { socket: Socket; received: () => string; closed: Promise<void>; isClosed: () => boolean };

function client(port: number): Client {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  let isClosed = false;
  socket.on('data', (d) => (received += String(d)));
  socket.on('error', () => {}); // a refused socket may be reset; 'close' still follows
  const closed = new Promise<void>((resolve) => socket.on('close', () => ((isClosed = true), resolve())));
  return { socket, received: () => received, closed, isClosed: () => isClosed };
}

async function waitFor(check: () => boolean, what: string, ms = BOUND_MS) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const HEALTH = 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n';
const answers = (c: Client) => c.received().match(/HTTP\/1\.1 200 OK/g)?.length ?? 0;

describe('request time-outs (decision 052)', () => {
  const env = { HEADERS_TIMEOUT_MS: '300', REQUEST_TIMEOUT_MS: '600', KEEP_ALIVE_TIMEOUT_MS: '300' };

  it('answers 408 and closes a client that sends its body a byte at a time', async () => {
    const { app, port } = await listening(env);
    const c = client(port);
    let sent = 0;
    const drip = setInterval(() => {
      if (!c.isClosed()) c.socket.write('a', () => sent++);
    }, 100);
    try {
      c.socket.write('POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n');
      await waitFor(c.isClosed, 'the server to close the slow body');
      expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
      expect(sent).toBeLessThan(500);
    } finally {
      clearInterval(drip);
      c.socket.destroy();
      await app.close();
    }
  }, 60_000);

  it('answers 408 and closes a client that never finishes its headers, or never sends any', async () => {
    const { app, port } = await listening(env);
    const slow = client(port);
    const silent = client(port);
    const drip = setInterval(() => {
      if (!slow.isClosed()) slow.socket.write('X-Slow: 1\r\n');
    }, 100);
    try {
      slow.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
      await waitFor(() => slow.isClosed() && silent.isClosed(), 'the server to close both');
      expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      clearInterval(drip);
      slow.socket.destroy();
      silent.socket.destroy();
      await app.close();
    }
  }, 60_000);

  it('closes an idle keep-alive connection after KEEP_ALIVE_TIMEOUT_MS', async () => {
    const { app, port } = await listening(env);
    const c = client(port);
    try {
      c.socket.write(HEALTH);
      await waitFor(() => answers(c) === 1, 'the answer');
      expect(c.received()).toMatch(/keep-alive/i);
      await waitFor(c.isClosed, 'the server to close the idle connection');
    } finally {
      c.socket.destroy();
      await app.close();
    }
  }, 60_000);

  it('lets a streamed answer run well past the request time-out: that bounds receiving the request only', async () => {
    const { app, port } = await listening(env, (app) =>
      app.get('/test/stream', async (_request, reply) => {
        let n = 0;
        const lines = new Readable({
          read() {
            setTimeout(() => this.push(n++ < 15 ? `{"line":${n}}\n` : null), 100);
          },
        });
        return reply.type('application/x-ndjson').send(lines);
      }),
    );
    const c = client(port);
    try {
      c.socket.write('GET /test/stream HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
      await waitFor(c.isClosed, 'the stream to end');
      expect(c.received()).toMatch(/^HTTP\/1\.1 200 /);
      expect(c.received().match(/\{"line":\d+\}/g)).toHaveLength(15);
    } finally {
      await app.close();
    }
  }, 60_000);
});

describe('connections per client address (decision 052)', () => {
  it('closes connections beyond MAX_CONNECTIONS_PER_IP as they arrive, serves the first ones, and counts and logs', async () => {
    const log: string[] = [];
    const logStream = new Writable({
      write(chunk, _enc, cb) {
        log.push(String(chunk));
        cb();
      },
    });
    const env = { MAX_CONNECTIONS_PER_IP: '3', KEEP_ALIVE_TIMEOUT_MS: '60000', LOG_LEVEL: 'warn' };
    const { app, port } = await listening(env, undefined, logStream);
    const first = [client(port), client(port), client(port)];
    const extra: Client[] = [];
    try {
      for (const c of first) c.socket.write(HEALTH);
      await waitFor(() => first.every((c) => answers(c) === 1), 'the first three answers');

      for (let i = 0; i < 2; i++) extra.push(client(port));
      for (const c of extra) c.socket.on('connect', () => c.socket.write(HEALTH));
      await waitFor(() => extra.every((c) => c.isClosed()), 'the extra connections to be closed');
      for (const c of extra) expect(c.received()).toBe('');

      // The first ones are still served on their open sockets.
      for (const c of first) c.socket.write(HEALTH);
      await waitFor(() => first.every((c) => answers(c) === 2), 'the second answers');

      // A closed socket frees its place.
      first[0]!.socket.destroy();
      await first[0]!.closed;
      let again: Client | undefined;
      await waitFor(() => {
        if (again && answers(again) === 1) return true;
        if (!again || again.isClosed()) {
          again = client(port);
          again.socket.on('connect', () => again!.socket.write(HEALTH));
        }
        return false;
      }, 'a new connection once one closed');
      again?.socket.destroy();

      const metrics = await app.inject({ method: 'GET', url: '/metrics' });
      expect(Number(/^connections_refused_total (\d+)$/m.exec(metrics.body)?.[1])).toBeGreaterThanOrEqual(2);
      // One line for the burst, not one per socket.
      const refusals = log.map((l) => JSON.parse(l) as { msg: string; ip?: string }).filter((l) => l.msg.startsWith('connections refused'));
      expect(refusals).toHaveLength(1);
      expect(refusals[0]).toMatchObject({ ip: '127.0.0.1', maxConnectionsPerIp: 3 });
    } finally {
      for (const c of [...first, ...extra]) c.socket.destroy();
      await app.close();
    }
  }, 60_000);

  it('defaults: 64 per address and 5 s keep-alive facing clients; off and 65 s behind a load balancer; explicit values win', () => {
    expect(connectionLimits(testConfig())).toEqual({ keepAliveTimeoutMs: 5_000, maxConnectionsPerIp: 64 });
    expect(connectionLimits(testConfig({ TRUST_PROXY: 'true' }))).toEqual({ keepAliveTimeoutMs: 65_000, maxConnectionsPerIp: 0 });
    expect(connectionLimits(testConfig({ TRUST_PROXY: 'true', MAX_CONNECTIONS_PER_IP: '1000', KEEP_ALIVE_TIMEOUT_MS: '620000' }))).toEqual({
      keepAliveTimeoutMs: 620_000,
      maxConnectionsPerIp: 1000,
    });
  });
});
