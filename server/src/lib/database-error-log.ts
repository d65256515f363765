/**
 * Database errors as a log line may show them (decision 146): the SQLSTATE code and a statement name, never the
 * statement's parameters, never its text, never the server's message or detail. Drizzle's error message is the SQL
 * with every parameter ('Failed query: insert … params: <the user's e-mail>'), and PostgreSQL's own messages and
 * details quote values too ('invalid input syntax for type uuid: "…"', 'Key (email)=(…) already exists').
 */

/** What a log line keeps of a database error (pino's serialized error shape: type, message, stack). */
export interface DatabaseErrorSummary {
  [key: string]: unknown;
  type: 'DatabaseError';
  message: string;
  /** The SQLSTATE (23505, 22021…), or 'unknown' when the failure carried none. */
  code: string;
  /** 'insert notifications', 'select users'…: the verb and the first table, or 'unknown'. */
  statement: string;
  /** The constraint a violation names (a name from our schema, never a value). */
  constraint?: string;
  /** The call frames only ('' when unknown): the first line of a stack repeats the message. */
  stack: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

interface PgLike {
  code?: unknown;
  severity?: unknown;
  constraint?: unknown;
  query?: unknown;
  params?: unknown;
  cause?: unknown;
}

function isDrizzleQueryError(e: PgLike): boolean {
  return typeof e.query === 'string' && Array.isArray(e.params);
}

function isPostgresError(e: PgLike): boolean {
  return typeof e.code === 'string' && SQLSTATE.test(e.code) && typeof e.severity === 'string';
}

/** 'insert notifications' from 'insert into "notifications" (…) values ($1, …)'; the verb and the first table. */
export function statementName(sqlText: string): string {
  const text = sqlText.trim().replace(/\s+/g, ' ');
  const verb = /^(\w+)/.exec(text)?.[1]?.toLowerCase() ?? 'unknown';
  const table = /\b(?:into|update|from)\s+"?([A-Za-z_][\w.]*)"?/i.exec(text)?.[1];
  return table ? `${verb} ${table}` : verb;
}

/** The summary for a database error (the error itself or anything in its `cause` chain), or null for any other. */
export function summariseDatabaseError(err: unknown): DatabaseErrorSummary | null {
  let query: string | undefined;
  let pgError: PgLike | undefined;
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e !== null && typeof e === 'object'; depth++) {
    const candidate = e as PgLike;
    if (query === undefined && isDrizzleQueryError(candidate)) query = candidate.query as string;
    if (!pgError && isPostgresError(candidate)) pgError = candidate;
    e = candidate.cause;
  }
  if (query === undefined && !pgError) return null;
  const code = typeof pgError?.code === 'string' ? pgError.code : 'unknown';
  const statement = query === undefined ? 'unknown' : statementName(query);
  const frames = err instanceof Error && err.stack ? err.stack.split('\n').filter((l) => /^\s+at /.test(l)) : [];
  return {
    type: 'DatabaseError',
    message: `database error ${code} in ${statement}`,
    code,
    statement,
    ...(typeof pgError?.constraint === 'string' ? { constraint: pgError.constraint } : {}),
    stack: frames.join('\n'),
  };
}
