import { ERROR_CODES, echoInput } from '@gowild/contract/errors';
import type {
  FastifyInstance,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySchemaValidationError,
  preHandlerAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
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
      // Places and unknown keys are the caller's input: quoted cut, as every error quotes input (issue 34).
      instancePath: `/${issue.path.map((p) => echoInput(String(p))).join('/')}`,
      schemaPath: `#/${issue.path.map((p) => echoInput(String(p))).join('/')}/${issue.code}`,
      message: issue.code === 'unrecognized_keys' ? unrecognizedKeys(issue.keys) : issue.message,
      params: { generic: (issue as ZodIssueParams).generic === true },
    }));
    return { error: validation };
  };

/** Zod's 'Unrecognized keys: "a", "b"' with each key quoted cut and at most three of them named. */
function unrecognizedKeys(keys: readonly string[]): string {
  const named = keys.slice(0, 3).map((k) => `"${echoInput(k)}"`);
  const more = keys.length > named.length ? ` and ${keys.length - named.length} more` : '';
  return `Unrecognized key${keys.length === 1 ? '' : 's'}: ${named.join(', ')}${more}`;
}

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

/**
 * True for a character no text field may hold: C0 controls (NUL above all: PostgreSQL text cannot store it and
 * answers an error), DEL, C1 controls, and a surrogate without its pair (not a character at all). Tab and line breaks
 * included: no field of this API is multi-line (decision 145).
 */
function isForbiddenAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
  if (c >= 0xd800 && c <= 0xdbff) {
    const next = s.charCodeAt(i + 1);
    return !(next >= 0xdc00 && next <= 0xdfff);
  }
  if (c >= 0xdc00 && c <= 0xdfff) {
    const prev = s.charCodeAt(i - 1);
    return !(prev >= 0xd800 && prev <= 0xdbff);
  }
  return false;
}

/** Whether the text holds a character no field may hold (`isForbiddenAt`). */
function hasForbiddenCharacter(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (isForbiddenAt(s, i)) return true;
  return false;
}

/** Deeper input is refused by the schemas anyway; the walk stops rather than follow it. */
const MAX_DEPTH = 32;

/**
 * The dotted path of the first string (value or key) in the input holding a forbidden character, '' for the input
 * itself, or null when there is none. What a parser made of the request (strings, arrays, objects: the query parser's
 * have a prototype of their own); a raw body a route keeps as bytes (the signed billing webhook) is that route's to
 * read.
 */
function forbiddenTextAt(value: unknown, path: string[], depth = 0): string[] | null {
  if (typeof value === 'string') return hasForbiddenCharacter(value) ? path : null;
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = forbiddenTextAt(value[i], [...path, String(i)], depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (ArrayBuffer.isView(value)) return null;
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (hasForbiddenCharacter(key)) return [...path, key.replace(/[^\x20-\x7e]/g, '?')];
    const found = forbiddenTextAt(v, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

const PARTS = [
  ['params', 'params'],
  ['querystring', 'query'],
  ['body', 'body'],
] as const;

/** The route schema's own issue for the field, when its schema refuses it too ('Please enter a valid email'). */
function schemaIssueAt(request: FastifyRequest, context: (typeof PARTS)[number][0], instancePath: string) {
  const validate = request.getValidationFunction(context) as ((data: unknown) => { error?: FastifySchemaValidationError[] }) | undefined;
  const part = PARTS.find(([c]) => c === context)![1];
  return validate?.(request[part])?.error?.find((v) => v.instancePath === instancePath);
}

/**
 * The 400 for the first text in the request's params, query or body that holds a forbidden character: the schema's
 * own text when it refuses the field too (the documented field texts), else '<field> contains characters that are
 * not allowed'.
 */
function forbiddenTextFailure(request: FastifyRequest): ValidationFailure | null {
  for (const [context, part] of PARTS) {
    if (context === 'body' && typeof request.body === 'string') continue;
    const path = forbiddenTextAt(request[part], []);
    if (!path) continue;
    // The path is made of the caller's own keys: shortened, so an answer never echoes a huge one.
    const joined = path.join('.');
    const field = joined.length > 100 ? `${joined.slice(0, 100)}…` : joined;
    const instancePath = `/${path.join('/')}`;
    const own = schemaIssueAt(request, context, instancePath);
    const message = `${field || context} contains characters that are not allowed`;
    return {
      validation: [own ?? { keyword: 'characters', instancePath, schemaPath: '#', message, params: { generic: false } }],
      validationContext: context,
    };
  }
  return null;
}

/**
 * Refuses the request at once, before any preHandler: a route's own access checks may read the raw input (the search
 * gate keys a paid search by its query), so waiting for them would let the text reach the database first. The answer
 * names the field and says its characters are not allowed (or, when the field's schema refuses it too, gives that
 * field's own text): nothing about the route's other rules (decision 145).
 */
const refuseForbiddenText: preValidationAsyncHookHandler = async (request) => {
  const failure = forbiddenTextFailure(request);
  if (failure) throw validationFailed(failure);
};

const rejectInvalidRequest: preHandlerAsyncHookHandler = async (request) => {
  if (request.validationError) throw validationFailed(request.validationError);
};

/**
 * One order for every route: authenticate, authorize, then validate. Fastify validates before any preHandler, so
 * every route keeps its validation result instead (`attachValidation`) and a last preHandler, after the route's own
 * (the access checks), answers the 400. A guest sending a bad body hears 401 first; an admin route tells a
 * non-admin nothing about its query rules. A params, query or body text holding a control character is refused
 * before all of these, on every route whatever its schema says (`refuseForbiddenText`). Register before any route.
 */
export function registerValidation(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  app.addHook('onRoute', (route) => {
    route.attachValidation = true;
    // Every route, with a schema or without: control characters are refused in one place (decision 145).
    const ownPre =
      route.preValidation === undefined ? [] : Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation];
    route.preValidation = [refuseForbiddenText, ...ownPre];
    const own = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    route.preHandler = [...own, rejectInvalidRequest];
  });
}
