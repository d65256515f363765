import { ERROR_CODES, type ErrorCode } from '@gowild/contract/errors';

/**
 * An error a route may throw to answer with a given status. `error` and `message` both carry the human text
 * (docs/product/accounts-and-plans.md#error-texts: some screens read `message`, others `error`); `code` is stable for programs.
 */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly code: ErrorCode | string,
    public readonly headers: Record<string, string> = {},
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, code: string = ERROR_CODES.BAD_REQUEST) => new HttpError(400, message, code);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message, ERROR_CODES.UNAUTHORIZED);
export const forbidden = (message: string, code: string = ERROR_CODES.FORBIDDEN) => new HttpError(403, message, code);
export const notFound = (message: string) => new HttpError(404, message, ERROR_CODES.NOT_FOUND);
export const conflict = (message: string) => new HttpError(409, message, ERROR_CODES.CONFLICT);
export const tooManyRequests = (message: string, retryAfterSeconds: number, code: string = ERROR_CODES.RATE_LIMITED) =>
  new HttpError(429, message, code, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const serviceUnavailable = (message: string) => new HttpError(503, message, ERROR_CODES.SERVICE_UNAVAILABLE);
