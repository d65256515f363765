import { describe, expect, it } from 'vitest';
import { describeConnectionError, isConnectionError } from './connection-errors';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('connection errors', () => {
  it('finds the connection failure however deep it is wrapped', () => {
    const inner = withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');
    expect(isConnectionError(new Error('Failed query', { cause: new Error('wrapped', { cause: inner }) }))).toBe(true);
    expect(isConnectionError(new AggregateError([withCode('a', 'ECONNREFUSED')], ''))).toBe(true);
  });

  it('leaves ordinary errors alone', () => {
    expect(isConnectionError(new Error('boom'))).toBe(false);
    expect(isConnectionError(withCode('duplicate key', '23505'))).toBe(false);
    expect(isConnectionError(withCode('syntax error', '42601'))).toBe(false);
    expect(isConnectionError(undefined)).toBe(false);
    expect(isConnectionError('ECONNREFUSED')).toBe(false);
  });

  it('says why in a few words, without credentials', () => {
    expect(describeConnectionError(withCode('connect ECONNREFUSED 127.0.0.1:1', 'ECONNREFUSED'))).toBe('connection refused');
    expect(describeConnectionError(new Error('timeout expired'), 5000)).toBe('no answer within 5000 ms');
    expect(describeConnectionError(withCode('getaddrinfo ENOTFOUND db', 'ENOTFOUND'))).toBe('host not found');
    expect(describeConnectionError(new Error('password authentication failed for user "gw"\nmore'))).toBe(
      'password authentication failed for user "gw"',
    );
    expect(describeConnectionError(new Error('bad url postgres://gw:secret@db:5432/x'))).toBe('bad url postgres://db:5432/x');
  });
});
