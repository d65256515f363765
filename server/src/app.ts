import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps';
import { queryRedactingLoggerOptions } from './lib/log-redaction';
import { registerCompression } from './plugins/compression';
import { edgeServerOptions, registerConnectionCap } from './plugins/connections';
import { registerErrorHandling } from './plugins/error-handler';
import { registerHttpMetrics } from './plugins/metrics';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurity } from './plugins/security';
import { DEFAULT_WEB_DIST, inlineScriptSources, readWebApp, registerSpa } from './plugins/spa';
import { registerValidation } from './plugins/validation';

/** Fields whose values never reach a log line. */
const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  'password',
  'token',
  '*.password',
  '*.token',
  '*.*.password',
  '*.*.token',
  '*.secret',
  '*.apiKey',
];

/** The module whose routes (`/api/health`, `/api/ready`) every role serves. */
const PROBES_MODULE = 'health';

/** Builds the app with its plugins and modules; never listens (server.ts does). `logStream` lets tests read the log. */
export async function buildApp(deps: AppDeps, opts: { logStream?: NodeJS.WritableStream } = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
            // Secret query values (?token=, code=, key=, signature=…) in URLs, messages and errors.
            ...queryRedactingLoggerOptions,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
    // Request, header and keep-alive time-outs (plugins/connections.ts).
    ...edgeServerOptions(config),
  }).withTypeProvider<ZodTypeProvider>();
  registerConnectionCap(app, config, deps.metrics, deps.clock);
  app.setSerializerCompiler(serializerCompiler);
  registerValidation(app);

  // The process's role (decision 137): a worker serves the probes and metrics only, an api process runs no job.
  const servesApi = config.PROCESS_ROLE !== 'worker';
  const runsJobs = config.PROCESS_ROLE !== 'api';

  const webDist = config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST;
  // Read once: the CSP's hash of the boot script and the page served are the same bytes (decision 332).
  const web = servesApi ? readWebApp(webDist) : null;
  await registerSecurity(app, config, deps.requestRateLimits, inlineScriptSources(web));
  await registerCompression(app);
  if (servesApi) await registerOpenApi(app, config.APP_VERSION, { keyed: deps.apiKeyAuth.keyedRoutes });
  registerHttpMetrics(app, deps.metrics, config);
  const serveSpa = servesApi ? await registerSpa(app, web, webDist) : undefined;
  registerErrorHandling(app, { serveSpa });

  // Personal API keys on the keyed routes, before any module's own checks (decision 268).
  if (servesApi) deps.apiKeyAuth.register(app);
  // Each module's routes in a plugin of their own, so a module's hooks never reach another module's routes.
  for (const m of deps.modules) if (m.routes && (servesApi || m.name === PROBES_MODULE)) await app.register(m.routes);
  const jobs = runsJobs ? deps.modules.flatMap((m) => m.jobs ?? []) : [];
  if (jobs.length > 0) app.addHook('onReady', () => deps.jobs.start(jobs, app.log));
  // Closing starts by telling open work the app is stopping (decision 057): Fastify has stopped routing new requests
  // (503) and, once these hooks ran, stops listening and waits for the open responses, which now end at once.
  app.addHook('preClose', async () => deps.shutdown.abort());
  // A response that ends while closing ends its keep-alive connection too: the server's close waits for every
  // connection, and it closes only those idle when it starts.
  app.addHook('onResponse', async (request) => {
    const socket: Partial<Pick<Socket, 'end'>> | undefined = request.raw.socket;
    // An injected request's socket is a stand-in without `end`.
    if (deps.shutdown.signal.aborted && typeof socket?.end === 'function') socket.end();
  });
  app.addHook('onClose', () => deps.jobs.stop());

  return app;
}
