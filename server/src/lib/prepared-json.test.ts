import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { negotiateCoding, prepareJson } from './prepared-json';

describe('prepared JSON', () => {
  const json = JSON.stringify({ flights: Array.from({ length: 200 }, (_, i) => ({ code: `X${i}`, fares: { total: i } })) });

  it('compresses each coding once and keeps it', async () => {
    const answer = prepareJson(json);
    const br = await answer.encoded('br');
    expect(await answer.encoded('br')).toBe(br);
    const gz = await answer.encoded('gzip');
    expect(await answer.encoded('gzip')).toBe(gz);
    expect(brotliDecompressSync(br).toString()).toBe(json);
    expect(gunzipSync(gz).toString()).toBe(json);
    expect(br.length).toBeLessThan(answer.body.length / 4);
  });

  it('has a strong ETag that follows the bytes', () => {
    const a = prepareJson(json);
    expect(a.etag).toMatch(/^"[\w-]{27}"$/);
    expect(prepareJson(json).etag).toBe(a.etag);
    expect(prepareJson(`${json} `).etag).not.toBe(a.etag);
  });

  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip, br;q=0', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['BR, GZIP', 'br'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['deflate', null],
  ])('Accept-Encoding %j → %s', (header, coding) => {
    expect(negotiateCoding(header)).toBe(coding);
  });
});
