import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFrontierProvider, parseUsDate } from './frontier';

/** A stand-in for the site's RetrieveSchedule: answers what the test sets, and records what it was asked. */
let answer: { status: number; body: string } = { status: 200, body: '{}' };
const asked: string[] = [];
let server: Server;
let baseUrl: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url ?? '');
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function schedule(body: unknown, status = 200) {
  answer = { status, body: typeof body === 'string' ? body : JSON.stringify(body) };
  const provider = createFrontierProvider({
    baseUrl,
    bookingBaseUrl: 'https://booking.flyfrontier.com',
    dateFormat: 'YYYY-MM-DD',
    timeZoneOf: () => undefined,
    now: () => new Date('2026-06-01T12:00:00Z'),
  });
  return provider.fetchSchedule({ origin: 'DEN', destination: 'BZN' }, AbortSignal.timeout(5000)).finally(() => provider.close());
}

describe('RetrieveSchedule: the days a route does not fly', () => {
  it('asks for the route and reads the US dates without zero padding', async () => {
    const got = await schedule({
      calendarSelectableDays: { lastAvailableDate: '5/31/2027', disabledDates: ['6/12/2026', '6/2/2026', '12/25/2026', '6/2/2026'] },
    });
    expect(asked.at(-1)).toBe('/Flight/RetrieveSchedule?calendarSelectableDays.Origin=DEN&calendarSelectableDays.Destination=BZN');
    expect(got).toEqual({ kind: 'schedule', lastAvailableDate: '2027-05-31', disabledDates: ['2026-06-02', '2026-06-12', '2026-12-25'] });
  });

  it('reads a route with no day off, and no last day said', async () => {
    expect(await schedule({ calendarSelectableDays: { lastAvailableDate: null, disabledDates: null } })).toEqual({
      kind: 'schedule',
      lastAvailableDate: null,
      disabledDates: [],
    });
  });

  it('never reads an answer it does not understand as a schedule', async () => {
    expect((await schedule({ calendarSelectableDays: { disabledDates: ['2026-06-12'] } })).kind).toBe('page-changed');
    expect((await schedule({ something: 'else' })).kind).toBe('page-changed');
    expect((await schedule('<html>maintenance</html>')).kind).toBe('page-changed');
    expect(await schedule('', 406)).toEqual({ kind: 'blocked', status: 406, reason: 'not-acceptable' });
    expect(await schedule({ appId: 'PXVb73hTEg', blockScript: '//captcha.perimeterx.net/PXVb73hTEg/captcha.js' }, 403)).toMatchObject({
      kind: 'blocked',
      reason: 'perimeterx',
    });
    expect(await schedule('oops', 503)).toEqual({ kind: 'server-error', status: 503 });
  });

  it('reads only real calendar dates', () => {
    expect(parseUsDate('2/29/2028')).toBe('2028-02-29');
    for (const bad of ['2/30/2026', '13/1/2026', '2026-06-12', '6/12/26', '']) expect(parseUsDate(bad)).toBeUndefined();
  });
});
