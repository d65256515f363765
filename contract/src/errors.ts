import { z } from 'zod';

/** Every /api error has this body. `code` is stable; `message` is for people. */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  code: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const ERROR_CODES = {
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  PREMIUM_REQUIRED: 'PREMIUM_REQUIRED',
  ADMIN_REQUIRED: 'ADMIN_REQUIRED',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  RATE_LIMITED: 'RATE_LIMITED',
  QUOTA_EXCEEDED: 'QUOTA_EXCEEDED',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  UPSTREAM_FAILED: 'UPSTREAM_FAILED',
  /** The server is shutting down (a deploy or restart): the search was stopped; searching again in a moment works. */
  SERVER_RESTARTING: 'SERVER_RESTARTING',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** The most characters of a caller's input an error message quotes back. */
export const ECHO_MAX_CHARS = 40;

/**
 * A caller's input as an error message quotes it ('Unknown city: CITY:…', 'No such endpoint: GET /api/…'): whole up
 * to ECHO_MAX_CHARS characters, else cut there with an ellipsis. Enough to recognise what was sent; a 5,000-character
 * value no longer comes back as a 10 kB answer (and into every log and screen that shows the message).
 */
export function echoInput(input: string, max = ECHO_MAX_CHARS): string {
  const chars = Array.from(input); // whole characters: an emoji is not cut in half
  return chars.length <= max ? input : `${chars.slice(0, max - 1).join('')}…`;
}
