import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { statementName, summariseDatabaseError } from './database-error-log';

/** What PostgreSQL's driver throws: a SQLSTATE, a severity, and a message and detail that quote the values. */
const pgError = (code: string, message: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), { code, severity: 'ERROR', ...extra });

describe('database errors as a log line may show them (decision 146)', () => {
  it('names a statement by its verb and first table', () => {
    expect(statementName('insert into "notifications" ("id") values ($1)')).toBe('insert notifications');
    expect(statementName('select "id" from "users" where "email" = $1')).toBe('select users');
    expect(statementName('\n  update "alert_emails" set sent_at = $1')).toBe('update alert_emails');
    expect(statementName('delete from "sessions" where id = $1')).toBe('delete sessions');
    expect(statementName('with sent as (update "alert_emails" set x = 1) select 1')).toBe('with alert_emails');
    expect(statementName('select 1')).toBe('select');
  });

  it('keeps the code, statement and constraint of a drizzle error, never its SQL, values, message or detail', () => {
    const cause = pgError('23505', 'duplicate key value violates unique constraint "users_email_idx"', {
      detail: 'Key (email)=(secret@example.com) already exists.',
      constraint: 'users_email_idx',
    });
    const summary = summariseDatabaseError(
      new DrizzleQueryError('insert into "users" ("email") values ($1)', ['secret@example.com'], cause),
    );
    expect(summary).toMatchObject({
      type: 'DatabaseError',
      code: '23505',
      statement: 'insert users',
      constraint: 'users_email_idx',
      message: 'database error 23505 in insert users',
    });
    expect(JSON.stringify(summary)).not.toMatch(/secret@example\.com|values|duplicate key/);
  });

  it('a driver error on its own is summarised too; anything else is left to the usual serializer', () => {
    expect(summariseDatabaseError(pgError('22021', 'invalid byte sequence for encoding "UTF8": 0x00'))).toMatchObject({
      code: '22021',
      statement: 'unknown',
    });
    expect(summariseDatabaseError(new TypeError('x is undefined'))).toBeNull();
    expect(summariseDatabaseError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBeNull();
  });
});
