import { API_KEY_PREFIX } from '@gowild/contract/api-keys';
import type { FastifyRequest } from 'fastify';
import { type LoggerOptions, stdSerializers } from 'pino';
import { summariseDatabaseError } from './database-error-log';

/**
 * Query secrets out of the log (docs/decisions/053-query-secrets-out-of-logs.md). A password-reset link carries its
 * token in the query (`/reset-password?token=…`), and so may any signed or keyed URL we log: a query parameter whose
 * name ends in one of these words has its value logged as `[redacted]`. Case-insensitive; `access_token`, `apiKey`,
 * `X-Amz-Signature`, `oobCode` all match. A non-secret that happens to match (`zipcode`) is only less readable.
 */
const SECRET_NAME = /(token|code|key|signature|sig|secret|password|passwd|pwd|otp|jwt|credential|credentials|auth|session)$/i;

/** `name=value` after `?`, `&`, `;`, white space or the start; the value runs to the next separator or quote. */
const PARAM = /(^|[?&;\s])([^=&#?;\s"'<>\\]+)=([^&#;\s"'<>\\]*)/g;

export const REDACTED = '[redacted]';

/**
 * A personal API key wherever it stands (decision 268: keys never in logs): one pasted into a path (`/api/gwk_…`) or
 * any text is no `name=value`. The prefix and at least 16 key characters (a key has 43), so the word alone is kept.
 */
const API_KEY_SHAPE = new RegExp(`${API_KEY_PREFIX}[A-Za-z0-9_-]{16,}`, 'g');

function isSecretName(name: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // A malformed escape: judge the name as written.
  }
  return SECRET_NAME.test(decoded);
}

/**
 * The text with the value of every secret-named `name=value` replaced, and every personal API key; anything else is
 * left as it was.
 */
export function redactQuerySecrets(text: string): string {
  const keyless = text.includes(API_KEY_PREFIX) ? text.replace(API_KEY_SHAPE, `${API_KEY_PREFIX}${REDACTED}`) : text;
  if (!keyless.includes('=')) return keyless;
  return keyless.replace(PARAM, (whole, lead: string, name: string, value: string) =>
    value !== '' && isSecretName(name) ? `${lead}${name}=${REDACTED}` : whole,
  );
}

function redactStrings<T extends object>(obj: T): T {
  const out: Record<string, unknown> = { ...(obj as Record<string, unknown>) };
  for (const [k, v] of Object.entries(out)) if (typeof v === 'string') out[k] = redactQuerySecrets(v);
  return out as T;
}

/**
 * pino options that keep query secrets out of every line: the request's URL (Fastify's own request serializer,
 * with the URL redacted), an error's message and stack, the message itself and any top-level string field. A database
 * error is logged as its code and statement name alone (database-error-log.ts).
 * Structured fields by name (`password`, `token`, headers) are app.ts's `redact` paths.
 */
export const queryRedactingLoggerOptions = {
  serializers: {
    req: (req: FastifyRequest) => ({
      method: req.method,
      url: redactQuerySecrets(req.url),
      version: [req.headers?.['accept-version']].flat()[0],
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    }),
    // A database error keeps its code and statement name only: never the SQL's parameters or values (decision 146).
    err: (err: Error) => summariseDatabaseError(err) ?? redactStrings(stdSerializers.err(err)),
  },
  formatters: {
    log: (obj: Record<string, unknown>) => redactStrings(obj),
  },
  hooks: {
    logMethod(args, method) {
      const cleaned = args.map((a: unknown) => (typeof a === 'string' ? redactQuerySecrets(a) : a)) as typeof args;
      return method.apply(this, cleaned);
    },
  },
} satisfies Pick<LoggerOptions, 'serializers' | 'formatters' | 'hooks'>;
