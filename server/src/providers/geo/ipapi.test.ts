import { describe, expect, it } from 'vitest';
import { createIpapiGeoProvider } from './ipapi';

function fakeFetch(status: number, body: unknown, seen: string[] = []): typeof fetch {
  return (async (input: string | URL | Request) => {
    seen.push(String(input));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

describe('ipapi.co adapter', () => {
  it('asks for /<ip>/json/ and reads coordinates, city and country', async () => {
    const seen: string[] = [];
    const geo = createIpapiGeoProvider({
      baseUrl: 'https://ipapi.example/',
      fetch: fakeFetch(
        200,
        {
          ip: '8.8.8.8',
          city: 'Denver',
          region: 'Colorado',
          country_name: 'United States',
          country_code: 'US',
          latitude: 39.74,
          longitude: -104.99,
        },
        seen,
      ),
    });
    expect(await geo.lookup('8.8.8.8')).toEqual({
      found: true,
      location: { lat: 39.74, lng: -104.99, city: 'Denver', country: 'United States' },
    });
    expect(seen).toEqual(['https://ipapi.example/8.8.8.8/json/']);
  });

  it('accepts latitude given as a string (free tier)', async () => {
    const geo = createIpapiGeoProvider({
      baseUrl: 'https://x',
      fetch: fakeFetch(200, { latitude: '40.7128', longitude: '-74.0060', city: 'New York', country_name: 'United States' }),
    });
    const r = await geo.lookup('1.2.3.4');
    expect(r).toMatchObject({ found: true, location: { lat: 40.7128, lng: -74.006 } });
  });

  it('refuses coordinates that are not numbers', async () => {
    const geo = createIpapiGeoProvider({ baseUrl: 'https://x', fetch: fakeFetch(200, { latitude: 'Sign up', longitude: null }) });
    expect(await geo.lookup('1.2.3.4')).toEqual({ found: false, reason: 'Lookup answered without coordinates' });
  });

  it('passes the error reason through', async () => {
    const geo = createIpapiGeoProvider({
      baseUrl: 'https://x',
      fetch: fakeFetch(200, { ip: '10.0.0.1', error: true, reason: 'Reserved IP Address' }),
    });
    expect(await geo.lookup('10.0.0.1')).toEqual({ found: false, reason: 'Reserved IP Address' });
  });

  it('treats 429 and network failures as unknown, not as errors', async () => {
    const limited = createIpapiGeoProvider({ baseUrl: 'https://x', fetch: fakeFetch(429, { error: true, reason: 'RateLimited' }) });
    expect(await limited.lookup('1.2.3.4')).toEqual({ found: false, reason: 'RateLimited' });
    const down = createIpapiGeoProvider({
      baseUrl: 'https://x',
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as typeof fetch,
    });
    expect(await down.lookup('1.2.3.4')).toEqual({ found: false, reason: 'Lookup failed' });
  });
});
