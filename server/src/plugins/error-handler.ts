import { ERROR_CODES, echoInput } from '@gowild/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { SERVICE_UNAVAILABLE_MESSAGE, describeConnectionError, isConnectionError } from '../lib/connection-errors';
import { HttpError } from '../lib/http-error';
import { redactQuerySecrets } from '../lib/log-redaction';
import { validationFailed } from './validation';

function send(reply: FastifyReply, status: number, message: string, code: string, extra: Record<string, unknown> = {}) {
  return reply
    .status(status)
    .type('application/json')
    .send({ error: message, message, code, ...extra });
}

/**
 * One error model for /api: `{ error, message, code }` with the right status. Input problems are 4xx with a
 * field-level message; the database (or Redis) away is a 503 a client may retry (decision 049); anything unexpected
 * is a 500 whose details stay in the log, never in the answer.
 */
export function registerErrorHandling(app: FastifyInstance, opts: { serveSpa?: (reply: FastifyReply) => unknown }) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      reply.headers(err.headers);
      return send(reply, err.statusCode, err.message, err.code, err.extra);
    }
    // Every route attaches its validation result (plugins/validation.ts); this catches any that still throws it.
    if (err.validation) {
      const e = validationFailed({ validation: err.validation, validationContext: err.validationContext });
      return send(reply, e.statusCode, e.message, e.code, e.extra);
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return send(reply, 429, 'Too many requests. Please slow down and try again shortly.', ERROR_CODES.RATE_LIMITED);
    if (status === 413) return send(reply, 413, 'Request body is too large', ERROR_CODES.PAYLOAD_TOO_LARGE);
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError) {
      return send(reply, 400, 'Malformed JSON in request body', ERROR_CODES.BAD_REQUEST);
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return send(reply, 415, 'Unsupported content type', ERROR_CODES.BAD_REQUEST);
    if (status >= 400 && status < 500) return send(reply, status, err.message || 'Bad request', ERROR_CODES.BAD_REQUEST);
    if (isConnectionError(err)) {
      // The health module logs one line per outage; a line per refused request would flood the log meanwhile.
      request.log.debug({ reason: describeConnectionError(err) }, 'dependency unavailable');
      reply.header('retry-after', '5');
      return send(reply, 503, SERVICE_UNAVAILABLE_MESSAGE, ERROR_CODES.SERVICE_UNAVAILABLE);
    }
    request.log.error({ err }, 'unhandled error');
    return send(reply, 500, 'Something went wrong on our side. Please try again later.', ERROR_CODES.INTERNAL);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // Without the web app (a worker process) every unknown path is an unknown endpoint.
    if (!opts.serveSpa || path === '/api' || path.startsWith('/api/') || request.method !== 'GET') {
      // The path as asked, but never a personal API key pasted into it (issue 33: keys are in no error text).
      return send(reply, 404, `No such endpoint: ${request.method} ${echoInput(redactQuerySecrets(path))}`, ERROR_CODES.NOT_FOUND);
    }
    return opts.serveSpa(reply);
  });
}
