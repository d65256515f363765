import type { RouteSpec } from '@gowild/contract/route';
import type {
  ContextConfigDefault,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** The Fastify schema an entry stands for: what the type provider reads the handler's request and reply types from. */
export interface SchemaOf<R extends RouteSpec> extends FastifySchema {
  params: R['params'];
  querystring: R['query'];
  body: R['body'];
  response: R['responses'];
}

/** A handler typed by its entry: `request.params`, `.query` and `.body` as validated, the answer as its schema says. */
export type ContractHandler<R extends RouteSpec> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<R>,
  ZodTypeProvider
>;

/** What a routes file still says about a route itself: its checks and limits, never its method, path or schemas. */
export type ContractRouteOptions<R extends RouteSpec> = Omit<
  RouteShorthandOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    SchemaOf<R>,
    ZodTypeProvider
  >,
  'schema'
>;

/** The OpenAPI document's and the validators' schema of an entry: signed-in routes carry the session token. */
export function fastifySchemaOf(spec: RouteSpec): FastifySchema {
  const schema: FastifySchema & { tags: string[]; summary: string; security?: Record<string, string[]>[] } = {
    tags: [...spec.tags],
    summary: spec.summary,
  };
  if (spec.access !== 'public') schema.security = [{ bearer: [] }];
  if (spec.params) schema.params = spec.params;
  if (spec.query) schema.querystring = spec.query;
  if (spec.body) schema.body = spec.body;
  if (Object.keys(spec.responses).length > 0) schema.response = spec.responses;
  return schema;
}

/**
 * Registers the route table's entry `spec` (decision 302) with its handler: method, path and schemas come from the
 * contract, so a renamed or reshaped route fails to compile here and on the web, not in a browser. The module keeps
 * its own checks (`preHandler`, `preValidation`): the entry's `access` is what the role matrix holds them to.
 */
export function contractRoute<const R extends RouteSpec>(
  app: ZodApp,
  spec: R,
  options: ContractRouteOptions<R>,
  handler: ContractHandler<R>,
): void {
  app.route<RouteGenericInterface, ContextConfigDefault, SchemaOf<R>>({
    ...options,
    method: spec.method,
    url: spec.path,
    schema: fastifySchemaOf(spec) as SchemaOf<R>,
    handler,
  });
}
