import { ERROR_CODES, apiErrorSchema } from '@gowild/contract/errors';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error';

/**
 * Routes that declare `attachValidation: true` call this first: the answer's message is then exactly the field's
 * text from spec section 5 ('Email is required'…), which the pages show at the field, instead of the generic
 * "Invalid body: …" wording of the shared error handler.
 */
export function assertValidRequest(request: FastifyRequest): void {
  const err = request.validationError as
    (Error & { validation?: { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } }[] }) | undefined;
  if (!err) return;
  const fields = (err.validation ?? []).map((v) => ({
    field: (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || (v.params?.issue?.path ?? []).map(String).join('.'),
    message: v.message ?? 'is invalid',
  }));
  throw new HttpError(400, fields[0]?.message ?? 'Invalid request', ERROR_CODES.VALIDATION_FAILED, {}, { fields });
}

/** The error body, documented for each 4xx/5xx a route may answer with (extra keys such as `fields` pass through). */
export const errorResponse = apiErrorSchema.loose();
