import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps';
import { adminRoutes } from './modules/admin/admin.routes';
import { authRoutes } from './modules/accounts/auth/auth.routes';
import { registerAccountHousekeeping } from './modules/accounts/auth/housekeeping';
import { flightRoutes } from './modules/flights/flights.routes';
import { healthRoutes } from './modules/health/health.routes';
import { locationRoutes } from './modules/location/location.routes';
import { publicConfigRoutes } from './modules/public-config/public-config.routes';
import { referenceRoutes } from './modules/reference/reference.routes';
import { weatherRoutes } from './modules/weather/weather.routes';
import { registerErrorHandling } from './plugins/error-handler';
import { registerHttpMetrics } from './plugins/metrics';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurity } from './plugins/security';
import { DEFAULT_WEB_DIST, registerSpa } from './plugins/spa';

/** Fields whose values never reach a log line. */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
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
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await registerSecurity(app, config, deps.redis);
  await registerOpenApi(app, config.APP_VERSION);
  registerHttpMetrics(app, deps.metrics);
  const serveSpa = await registerSpa(app, config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST);
  registerErrorHandling(app, { serveSpa });

  await app.register(healthRoutes, { database: deps.database });
  await app.register(publicConfigRoutes, { config });
  await app.register(referenceRoutes, { reference: deps.reference });
  await app.register(locationRoutes, { location: deps.location });
  await app.register(flightRoutes, { flights: deps.flights, searchGate: deps.searchGate });
  await app.register(weatherRoutes, { weather: deps.weather });
  await app.register(authRoutes, { auth: deps.auth, usage: deps.searchUsage });
  await app.register(adminRoutes, { auth: deps.auth, admin: deps.admin });
  registerAccountHousekeeping(app, deps.auth);

  return app;
}
