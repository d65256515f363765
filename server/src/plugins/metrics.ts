import { createHash, timingSafeEqual } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ERROR_CODES } from '@gowild/contract/errors';
import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from '../config';
import { HttpError, notFound } from '../lib/http-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The `route` label of the HTTP metrics when it is not the route's own pattern: the web app's files are one
     * label, `spa`, like its client routes, and not one per hashed file name, new with every deploy (decision 332).
     */
    metricsRoute?: string;
  }
}

type MetricsConfig = Pick<Config, 'NODE_ENV' | 'METRICS_TOKEN' | 'METRICS_PORT'>;

/**
 * Who may read /metrics on the public port (docs/decisions/054-security-headers-and-metrics-access.md):
 * - `hidden` (404): METRICS_PORT is set (the internal listener serves it), or production with neither key set;
 * - `token`: METRICS_TOKEN is set, and the scraper sends `Authorization: Bearer <token>`;
 * - `open`: development and tests with neither key set.
 */
export function publicMetricsAccess(config: MetricsConfig): 'hidden' | 'token' | 'open' {
  if (config.METRICS_PORT !== undefined) return 'hidden';
  if (config.METRICS_TOKEN) return 'token';
  return config.NODE_ENV === 'production' ? 'hidden' : 'open';
}

/** Whether an Authorization header carries the bearer token; compared in constant time (hashes of equal length). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  if (!m) return false;
  const digest = (v: string) => createHash('sha256').update(v).digest();
  return timingSafeEqual(digest(m[1]!), digest(token));
}

/** One registry per app, so tests can build many apps; modules add their own metrics to it. */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

/**
 * Request count and latency by route (the route pattern, not the raw URL, to keep cardinality bounded) and status,
 * and /metrics on the public port as `publicMetricsAccess` decides.
 */
export function registerHttpMetrics(app: FastifyInstance, registry: Registry, config: MetricsConfig) {
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route =
      request.routeOptions.config?.metricsRoute ?? request.routeOptions.url ?? (request.url.startsWith('/api') ? 'unknown-api' : 'spa');
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });
  const access = publicMetricsAccess(config);
  if (access === 'hidden' && config.METRICS_PORT === undefined) {
    app.log.warn('/metrics is not served: set METRICS_TOKEN (bearer token) or METRICS_PORT (internal port)');
  }
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    // An explicit 404: the not-found handler would answer a GET outside /api with the web app.
    if (access === 'hidden') throw notFound('No such endpoint: GET /metrics');
    if (access === 'token' && !bearerMatches(request.headers.authorization, config.METRICS_TOKEN!)) {
      throw new HttpError(401, 'Authentication required', ERROR_CODES.UNAUTHORIZED, { 'www-authenticate': 'Bearer realm="metrics"' });
    }
    reply.type(registry.contentType);
    return registry.metrics();
  });
}

/**
 * A second, internal listener that serves only GET /metrics (METRICS_PORT), for a scraper on a private network;
 * with METRICS_TOKEN set it asks for the bearer token too. server.ts starts it and closes it with the app.
 */
export async function startMetricsServer(
  registry: Registry,
  opts: { port: number; host: string; token?: string },
): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer({ headersTimeout: 5_000, requestTimeout: 10_000 }, (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (opts.token && !bearerMatches(req.headers.authorization, opts.token)) {
      res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer realm="metrics"' }).end('Authentication required\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(req.method === 'HEAD' ? undefined : text),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics failed\n'),
    );
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
