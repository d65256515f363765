/**
 * Errors that mean "the database or Redis is not there right now" rather than "this request is wrong" or "our code
 * is wrong": a refused or reset connection, a server shutting down, a connection or statement time-out. The error
 * handler answers them with 503 (never 500), and start-up turns them into one line (decision 049).
 */

/** What a client sees while the database is away. */
export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again shortly.';

/** Socket-level codes from Node. */
const NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception) is matched by prefix; these others mean the server is going
 * away, cannot take us now, or cancelled a statement that ran past statement_timeout.
 */
const PG_CODES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** Messages from pg, pg-pool and ioredis that carry no code. */
const MESSAGES = [
  /^Connection terminated/,
  /^timeout expired$/,
  /^timeout exceeded when trying to connect$/,
  /^Query read timeout$/,
  /not queryable/,
  /^Stream isn't writeable/,
  /^Connection is closed\.?$/,
  /^Command timed out$/,
  /^Reached the max retries per request limit/,
];

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  name?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** The error and what it wraps (drizzle wraps driver errors in `cause`; Node's dual-stack connect in `errors`). */
function* chain(err: unknown, depth = 0): Generator<ErrorLike> {
  if (!err || typeof err !== 'object' || depth > 5) return;
  const e = err as ErrorLike;
  yield e;
  if (e.cause) yield* chain(e.cause, depth + 1);
  if (Array.isArray(e.errors)) for (const inner of e.errors) yield* chain(inner, depth + 1);
}

function matches(e: ErrorLike): boolean {
  const code = typeof e.code === 'string' ? e.code : '';
  if (NODE_CODES.has(code) || PG_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  if (e.name === 'MaxRetriesPerRequestError') return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return MESSAGES.some((m) => m.test(message));
}

/** True when `err` (or anything it wraps) says a connection is missing, broken or timed out. */
export function isConnectionError(err: unknown): boolean {
  for (const e of chain(err)) if (matches(e)) return true;
  return false;
}

/** A short reason for a log or the start-up line: 'connection refused', 'no answer within 5000 ms', the driver's text. */
export function describeConnectionError(err: unknown, timeoutMs?: number): string {
  const all = [...chain(err)];
  const codes = all.map((e) => (typeof e.code === 'string' ? e.code : ''));
  const messages = all.map((e) => (typeof e.message === 'string' ? e.message : ''));
  if (codes.includes('ECONNREFUSED')) return 'connection refused';
  if (codes.includes('ENOTFOUND') || codes.includes('EAI_AGAIN')) return 'host not found';
  if (codes.includes('EHOSTUNREACH') || codes.includes('ENETUNREACH')) return 'host unreachable';
  if (codes.includes('ECONNRESET')) return 'connection reset';
  if (codes.includes('ETIMEDOUT') || messages.some((m) => /timeout|timed out/i.test(m))) {
    return timeoutMs ? `no answer within ${timeoutMs} ms` : 'timed out';
  }
  const first = messages.find((m) => m.trim() !== '') ?? String(err);
  // One line, and never a credential that a URL in a message might carry.
  return first.split('\n')[0]!.replace(/:\/\/[^@\s/]*@/g, '://');
}
