import { ERROR_CODES } from '@gowild/contract/errors';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../lib/connection-errors';
import { registerErrorHandling } from './error-handler';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

/** What the drivers throw when the database or Redis is away (decision 049), as drizzle hands them on. */
const connectionErrors: Record<string, Error> = {
  'connection refused': withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
  'connection reset': withCode('read ECONNRESET', 'ECONNRESET'),
  'admin shutdown (57P01), wrapped by drizzle': new DrizzleQueryError(
    'select 1',
    [],
    withCode('terminating connection due to administrator command', '57P01'),
  ),
  'connection failure (08006)': withCode('connection failure', '08006'),
  'statement timeout (57014)': withCode('canceling statement due to statement timeout', '57014'),
  'connection terminated': new DrizzleQueryError('select 1', [], new Error('Connection terminated unexpectedly')),
  'pool connect timeout': new Error('timeout exceeded when trying to connect'),
  'ioredis offline': new Error("Stream isn't writeable and enableOfflineQueue options is false"),
};

describe('error handler: the database away is a 503, never a 500', () => {
  const app = Fastify();
  beforeAll(async () => {
    registerErrorHandling(app, { serveSpa: (reply) => reply.send('spa') });
    for (const [i, err] of Object.values(connectionErrors).entries()) {
      app.get(`/api/fail/${i}`, async () => {
        throw err;
      });
    }
    app.get('/api/fail/bug', async () => {
      throw new TypeError('cannot read properties of undefined');
    });
    app.get('/api/fail/constraint', async () => {
      throw new DrizzleQueryError('insert', [], withCode('duplicate key value violates unique constraint', '23505'));
    });
    await app.ready();
  });
  afterAll(() => app.close());

  for (const [i, name] of Object.keys(connectionErrors).entries()) {
    it(`${name}: 503 SERVICE_UNAVAILABLE with Retry-After`, async () => {
      const res = await app.inject({ method: 'GET', url: `/api/fail/${i}` });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        error: SERVICE_UNAVAILABLE_MESSAGE,
        message: SERVICE_UNAVAILABLE_MESSAGE,
        code: ERROR_CODES.SERVICE_UNAVAILABLE,
      });
    });
  }

  it('a bug or a constraint violation is still a 500', async () => {
    for (const url of ['/api/fail/bug', '/api/fail/constraint']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: ERROR_CODES.INTERNAL });
    }
  });
});
