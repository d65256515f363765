import { ECHO_MAX_CHARS, echoInput } from '@gowild/contract/errors';
import { addDays, todayUtc } from '@gowild/contract/dates';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../deps';
import { buildAccountsTestApp, signInAs } from '../test/factories';

/** Issue 34, item 5: an error message quotes a caller's input cut to ECHO_MAX_CHARS, whatever its length. */
describe('echoInput', () => {
  it('keeps short input whole and cuts long input with an ellipsis, never inside a character', () => {
    expect(echoInput('CITY:NOPE')).toBe('CITY:NOPE');
    expect(echoInput('x'.repeat(ECHO_MAX_CHARS))).toBe('x'.repeat(ECHO_MAX_CHARS));
    expect(echoInput('x'.repeat(5000))).toBe(`${'x'.repeat(ECHO_MAX_CHARS - 1)}…`);
    expect(Array.from(echoInput('✈️'.repeat(100)))).toHaveLength(ECHO_MAX_CHARS);
  });
});

describe('error answers that quote input (issue 34, item 5)', () => {
  let app: FastifyInstance;
  let deps: AppDeps;
  let headers: Record<string, string>;
  beforeAll(async () => {
    ({ app, deps } = await buildAccountsTestApp());
    headers = (await signInAs(app, deps, 'premium')).headers;
  }, 90_000);
  afterAll(async () => {
    await app.close();
  });
  const long = 'Q'.repeat(5000);
  const date = () => addDays(todayUtc(deps.clock.now()), 1);

  it('a 5,000-character city or airport is quoted cut, not whole', async () => {
    for (const [origin, message] of [
      [`CITY:${long}`, `Unknown city: ${echoInput(`CITY:${long}`)}`],
      [long, `Unknown airport code: ${echoInput(long)}`],
    ]) {
      const res = await app.inject({ method: 'GET', url: `/api/flights/search?origin=${origin}&date=${date()}`, headers });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: message, message });
      expect(res.body.length).toBeLessThan(300);
    }
    // Short input is quoted whole, as before.
    const res = await app.inject({ method: 'GET', url: `/api/flights/search?origin=CITY:NOPE&date=${date()}`, headers });
    expect(res.json()).toMatchObject({ error: 'Unknown city: CITY:NOPE' });
  });

  it('an unknown endpoint with a 5,000-character path is named cut', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/${long}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(`No such endpoint: GET ${echoInput(`/api/${long}`)}`);
    expect(res.body.length).toBeLessThan(300);
  });

  it('a field this endpoint does not take, named with 5,000 characters, is named cut', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/stripe/create-checkout-session', headers, payload: { [long]: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.body.length).toBeLessThan(400);
    expect(res.json().error).toContain(echoInput(long));
  });
});
