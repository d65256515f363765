import { describe, expect, it } from 'vitest';
import type { GeoProvider } from '../../providers/geo/geo.provider';
import { buildTestApp } from '../../test/build-test-app';
import { createLocationService, isNonPublicIp } from './location.service';

function countingProvider(): GeoProvider & { calls: string[] } {
  const calls: string[] = [];
  return {
    mode: 'live',
    calls,
    lookup: async (ip) => {
      calls.push(ip);
      return { found: true, location: { lat: 39.74, lng: -104.99, city: 'Denver', country: 'United States' } };
    },
  };
}

describe('isNonPublicIp', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.1.1',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:192.168.0.1',
    'not-an-ip',
  ])('%s is not looked up', (ip) => expect(isNonPublicIp(ip)).toBe(true));
  it.each(['8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.4.4'])('%s is public', (ip) =>
    expect(isNonPublicIp(ip)).toBe(false),
  );
});

describe('location service', () => {
  it('never sends private or loopback addresses to the provider', async () => {
    const provider = countingProvider();
    const svc = createLocationService(provider);
    expect(await svc.locate('127.0.0.1')).toEqual({ known: false, reason: 'Private or local network address' });
    expect(await svc.locate('192.168.0.10')).toMatchObject({ known: false });
    expect(provider.calls).toEqual([]);
  });

  it('looks a public address up once and caches it', async () => {
    const provider = countingProvider();
    const svc = createLocationService(provider);
    const first = await svc.locate('8.8.8.8');
    await svc.locate('::ffff:8.8.8.8');
    expect(first).toEqual({ known: true, method: 'ip', lat: 39.74, lng: -104.99, city: 'Denver', country: 'United States' });
    expect(provider.calls).toEqual(['8.8.8.8']);
  });
});

describe('GET /api/location', () => {
  it('answers "unknown" on the offline default, honestly', async () => {
    const { app } = await buildTestApp();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/location', remoteAddress: '8.8.8.8' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ known: false, reason: 'IP location is not configured on this server' });
    } finally {
      await app.close();
    }
  });

  it('answers with the provider location for a public caller and skips loopback', async () => {
    const provider = countingProvider();
    const { app } = await buildTestApp({ deps: { location: createLocationService(provider) } });
    try {
      const pub = await app.inject({ method: 'GET', url: '/api/location', remoteAddress: '8.8.8.8' });
      expect(pub.json()).toMatchObject({ known: true, lat: 39.74, lng: -104.99, city: 'Denver' });
      const local = await app.inject({ method: 'GET', url: '/api/location' });
      expect(local.json()).toMatchObject({ known: false });
      expect(provider.calls).toEqual(['8.8.8.8']);
    } finally {
      await app.close();
    }
  });
});
