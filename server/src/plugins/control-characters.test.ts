import { addDays } from '@gowild/contract/dates';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../deps';
import type { JobRunner } from '../jobs/job-runner';
import { manualClock } from '../lib/clock';
import { type SignedIn, buildAccountsTestApp, signInAs } from '../test/factories';

/**
 * Control characters in any text input are a 400 naming the field (decision 145), on PGlite and on PostgreSQL (where a
 * NUL reaching the database was a 500), and a database error's log line has no SQL values (decision 146).
 */
const NOW = new Date('2026-07-15T16:00:00Z');
const noJobs: JobRunner = { start: async () => {}, stop: async () => {} };

let app: FastifyInstance;
let deps: AppDeps;
let premium: SignedIn;
let admin: SignedIn;
const log: string[] = [];
beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => log.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  ({ app, deps } = await buildAccountsTestApp({ deps: { clock: manualClock(NOW), jobs: noJobs }, env: { LOG_LEVEL: 'info' }, logStream }));
  premium = await signInAs(app, deps, 'premium');
  admin = await signInAs(app, deps, 'admin');
}, 120_000);
afterAll(async () => {
  await deps.alertMailer.idle();
  await app.close();
});

const alert = {
  origin_airport: 'DEN',
  destination_airport: 'MCO',
  travel_dates: [addDays('2026-07-15', 1)],
  max_price: 49.99,
  gowild_only: false,
};

describe('control characters in text input', () => {
  it('a NUL in a body field the schema lets through (the alert phone number) is a 400 naming it, not a 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: premium.headers,
      payload: { ...alert, phone_number: '303\u0000555' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'phone_number contains characters that are not allowed',
      fields: [{ field: 'phone_number', message: 'phone_number contains characters that are not allowed' }],
    });
  });

  it('in a query (the admin user search) and in a path parameter, with the field named', async () => {
    const q = await app.inject({ method: 'GET', url: '/api/admin/users?q=a%00b', headers: admin.headers });
    expect(q.statusCode, q.body + log.slice(-3).join('\n')).toBe(400);
    expect(q.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ field: 'q' }] });
    const p = await app.inject({ method: 'DELETE', url: '/api/notifications/%07bell', headers: premium.headers });
    expect(p.statusCode).toBe(400);
    expect(p.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ field: 'id' }] });
  });

  it('every kind: C0, DEL, C1, an unpaired surrogate, nested in arrays and in keys', async () => {
    for (const [payload, field] of [
      [{ ...alert, phone_number: 'tab\there' }, 'phone_number'],
      [{ ...alert, phone_number: 'del\u007f' }, 'phone_number'],
      [{ ...alert, phone_number: 'c1\u0085' }, 'phone_number'],
      [{ ...alert, phone_number: 'half\ud800' }, 'phone_number'],
      [{ ...alert, travel_dates: ['2026-07-16', '2026-07-17\u0000'] }, 'travel_dates.1'],
      [{ ...alert, 'x\u0000y': 1 }, 'x?y'],
    ] as const) {
      const res = await app.inject({ method: 'POST', url: '/api/notifications', headers: premium.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      // A date the schema refuses as well keeps the schema's documented text; the field is named either way.
      const message =
        field === 'travel_dates.1'
          ? 'Travel dates must be real dates in YYYY-MM-DD format'
          : `${field} contains characters that are not allowed`;
      expect(res.json().fields).toEqual([{ field, message }]);
    }
  });

  it('before the access checks, so no check reads the text first: a visitor sending a NUL hears the same 400', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/notifications', payload: { ...alert, phone_number: '\u0000' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ field: 'phone_number' }] });
  });

  it('a NUL in a search query the search gate reads before validating is a 400, not a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/flights/search?origin=%00&date=2026-07-16', headers: admin.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ field: 'origin' }] });
  });

  it('ordinary unicode text is not refused', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: premium.headers,
      payload: { ...alert, phone_number: '☎ 303 555 0100 ✈️' },
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('database errors in the log', () => {
  it('carry the SQLSTATE and a statement name, never the SQL text or the values', async () => {
    log.length = 0;
    const secret = 'value-from-a-user-7f3a';
    const err = await deps.database.db
      .execute(sql`select id from users where id = ${secret}::uuid`)
      .then(() => null)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    app.log.error({ err }, 'unhandled error');
    const line = log.find((l) => l.includes('unhandled error') && l.includes('DatabaseError'));
    expect(line, log.join('\n')).toBeDefined();
    expect(line).not.toContain(secret);
    expect(line).not.toMatch(/where id =/i);
    expect(JSON.parse(line!).err, line).toMatchObject({ type: 'DatabaseError', code: '22P02', statement: 'select users' });
  });
});
