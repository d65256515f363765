import { ERROR_CODES } from '@gowild/contract/errors';
import type { FastifyInstance, FastifySchemaCompiler, FastifySchemaValidationError, preHandlerAsyncHookHandler } from 'fastify';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { HttpError } from '../lib/http-error';

/** Marks an issue whose schema gave it no message of its own, so the answer can say where zod's wording applies. */
interface ZodIssueParams {
  generic?: boolean;
}

/**
 * Zod request validation (as fastify-type-provider-zod's compiler, which the serializer still comes from), except
 * that an issue worded by zod rather than by our schema is marked: a message the contract states ('Email is
 * required') is shown as it is, zod's own ('Too small: expected number to be >=1') is told with its place.
 */
const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data, {
      // Called only when neither the check nor the schema states a message; mutating the raw issue is how the mark
      // reaches the finished issue (zod copies the raw issue's own keys into it).
      error: (issue) => {
        (issue as ZodIssueParams).generic = true;
        return undefined;
      },
    });
    if (result.success) return { value: result.data };
    const validation: FastifySchemaValidationError[] = result.error.issues.map((issue) => ({
      keyword: issue.code,
      instancePath: `/${issue.path.map(String).join('/')}`,
      schemaPath: `#/${issue.path.map(String).join('/')}/${issue.code}`,
      message: issue.message,
      params: { generic: (issue as ZodIssueParams).generic === true },
    }));
    return { error: validation };
  };

/** What Fastify attaches to a request (or throws) when a schema refuses its input. */
interface ValidationFailure {
  validation: FastifySchemaValidationError[];
  validationContext?: string;
}

/**
 * The one 400 for input that breaks a route's schema: `{ error, message, code: VALIDATION_FAILED, fields }`, where
 * `fields` lists every `{ field, message }` and the message is the first one's: as the schema states it (the
 * documented field texts, which the pages show at the field), or zod's wording with its place ('Invalid query:
 * max_workers: …').
 */
export function validationFailed(err: ValidationFailure): HttpError {
  const fields = err.validation.map((v) => ({
    field: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
    message: v.message ?? 'is invalid',
  }));
  const first = fields[0];
  const generic = (err.validation[0]?.params as ZodIssueParams | undefined)?.generic !== false;
  const where = err.validationContext === 'querystring' ? 'query' : err.validationContext;
  const message = !first
    ? 'Invalid request'
    : generic
      ? `Invalid ${where}: ${first.field ? `${first.field}: ` : ''}${first.message}`
      : first.message;
  return new HttpError(400, message, ERROR_CODES.VALIDATION_FAILED, {}, { fields });
}

const rejectInvalidRequest: preHandlerAsyncHookHandler = async (request) => {
  if (request.validationError) throw validationFailed(request.validationError);
};

/**
 * One order for every route: authenticate, authorize, then validate. Fastify validates before any preHandler, so
 * every route keeps its validation result instead (`attachValidation`) and a last preHandler, after the route's own
 * (the access checks), answers the 400. A guest sending a bad body hears 401 first; an admin route tells a
 * non-admin nothing about its query rules. Register before any route.
 */
export function registerValidation(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  app.addHook('onRoute', (route) => {
    route.attachValidation = true;
    const own = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    route.preHandler = [...own, rejectInvalidRequest];
  });
}
