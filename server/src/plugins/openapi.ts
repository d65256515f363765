import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI generated from the route schemas; the UI at /api/docs, the document at /api/docs/json. Two ways to sign in:
 * the session token (`bearer`) and, on the routes in `keyed`, a personal API key (`apiKey`, the `X-API-Key` header;
 * decision 268), so a client generated from the document knows where a key is accepted.
 */
export async function registerOpenApi(app: FastifyInstance, version: string, opts: { keyed: readonly string[] }) {
  const keyed = new Set(opts.keyed);
  await app.register(swagger, {
    openapi: {
      info: { title: 'GoWild Finder API', version },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'A personal API key (gwk_…), made in /profile.' },
        },
      },
    },
    transform: (args) => {
      const out = jsonSchemaTransform(args);
      if (!keyed.has(out.url)) return out;
      const security = (out.schema as { security?: Record<string, string[]>[] }).security ?? [];
      return { ...out, schema: { ...out.schema, security: [...security, { apiKey: [] }] } };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
