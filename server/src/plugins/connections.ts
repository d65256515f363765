import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Counter, type Registry } from 'prom-client';
import type { Config } from '../config';
import type { Clock } from '../lib/clock';

type EdgeConfig = Pick<
  Config,
  'HEADERS_TIMEOUT_MS' | 'REQUEST_TIMEOUT_MS' | 'KEEP_ALIVE_TIMEOUT_MS' | 'MAX_CONNECTIONS_PER_IP' | 'TRUST_PROXY'
>;

/**
 * The keep-alive time-out and per-address socket cap in force (docs/decisions/052-request-time-outs-and-connection-cap.md).
 * Unset, they follow TRUST_PROXY: a server facing clients closes idle keep-alive sockets after 5 s and lets one address
 * hold 64 sockets; behind a load balancer every socket comes from the balancer, so the cap is off (0) and keep-alive
 * outlasts the common 60 s balancer idle time-out (65 s), so the balancer, not us, closes an idle socket first.
 */
export function connectionLimits(config: EdgeConfig): { keepAliveTimeoutMs: number; maxConnectionsPerIp: number } {
  return {
    keepAliveTimeoutMs: config.KEEP_ALIVE_TIMEOUT_MS ?? (config.TRUST_PROXY ? 65_000 : 5_000),
    maxConnectionsPerIp: config.MAX_CONNECTIONS_PER_IP ?? (config.TRUST_PROXY ? 0 : 64),
  };
}

/**
 * Fastify's server options for the time-outs. Node's `headersTimeout` and `requestTimeout` bound receiving the
 * request (headers, then headers and body) and answer 408; they stop counting once the request is in, so a streamed
 * answer (/api/flights/search/stream) may run past them. There is no socket idle time-out (`connectionTimeout` 0):
 * a stream may be quiet between events for as long as the airline takes. Node checks the two time-outs every
 * `connectionsCheckingInterval` (30 s by default, too coarse for a 10 s limit): here at most every second.
 */
export function edgeServerOptions(config: EdgeConfig) {
  const { keepAliveTimeoutMs } = connectionLimits(config);
  return {
    connectionTimeout: 0,
    keepAliveTimeout: keepAliveTimeoutMs,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: config.HEADERS_TIMEOUT_MS,
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(1_000, Math.max(50, Math.floor(config.HEADERS_TIMEOUT_MS / 4))),
    },
  };
}

const LOG_EVERY_MS = 60_000;

/**
 * The per-address socket cap on the listening server: a socket beyond MAX_CONNECTIONS_PER_IP open from one address
 * is destroyed as it arrives, counted in `connections_refused_total`, and logged at most once a minute (with how
 * many were refused since the last line). The address is the socket's peer, never a forwarded header.
 */
export function registerConnectionCap(app: FastifyInstance, config: EdgeConfig, registry: Registry, clock: Clock) {
  const refused = new Counter({
    name: 'connections_refused_total',
    help: 'Connections closed on arrival because their address already had MAX_CONNECTIONS_PER_IP open',
    registers: [registry],
  });
  const { maxConnectionsPerIp: cap } = connectionLimits(config);
  if (cap === 0) return;
  const open = new Map<string, number>();
  let lastLogAt = -Infinity;
  let unlogged = 0;
  app.server.on('connection', (socket: Socket) => {
    const ip = socket.remoteAddress;
    if (!ip) return; // already gone
    const count = open.get(ip) ?? 0;
    if (count >= cap) {
      socket.destroy();
      refused.inc();
      unlogged++;
      const now = clock.now().getTime();
      if (now - lastLogAt >= LOG_EVERY_MS) {
        app.log.warn({ ip, maxConnectionsPerIp: cap, refused: unlogged }, 'connections refused: too many open from one address');
        lastLogAt = now;
        unlogged = 0;
      }
      return;
    }
    open.set(ip, count + 1);
    socket.once('close', () => {
      const left = (open.get(ip) ?? 1) - 1;
      if (left > 0) open.set(ip, left);
      else open.delete(ip);
    });
  });
}
