import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { demoForecast } from './demo';
import { createOpenMeteoProvider, readOpenMeteoDaily } from './open-meteo';
import { WeatherUnavailableError } from './weather.provider';

const DEN = { code: 'DEN', lat: 39.8617, lng: -104.6731, timezone: 'America/Denver' };
const SYD = { code: 'SYD', lat: -33.9461, lng: 151.1772, timezone: 'Australia/Sydney' };
const SJU = { code: 'SJU', lat: 18.4394, lng: -66.0018, timezone: 'America/Puerto_Rico' };

describe('demo weather', () => {
  it('gives the same forecast for the same airport and date', () => {
    expect(demoForecast(DEN, '2026-07-04')).toEqual(demoForecast(DEN, '2026-07-04'));
    const week = ['2026-07-04', '2026-07-05', '2026-07-06', '2026-07-07', '2026-07-08'].map((d) => demoForecast(DEN, d));
    expect(new Set(week.map((f) => `${f.temp_high}/${f.icon}`)).size).toBeGreaterThan(1);
  });

  it('follows latitude and season, mirrored south of the equator', () => {
    const mean = (place: typeof DEN, month: string) =>
      Array.from({ length: 28 }, (_, i) => demoForecast(place, `2026-${month}-${String(i + 1).padStart(2, '0')}`)).reduce(
        (s, f) => s + f.temp_high,
        0,
      ) / 28;
    expect(mean(DEN, '07')).toBeGreaterThan(mean(DEN, '01') + 25);
    expect(mean(SYD, '01')).toBeGreaterThan(mean(SYD, '07') + 10);
    expect(Math.abs(mean(SJU, '07') - mean(SJU, '01'))).toBeLessThan(10);
    expect(mean(SJU, '01')).toBeGreaterThan(mean(DEN, '01') + 30);
  });

  it('is internally consistent: low under high, a description for every code', () => {
    for (let i = 1; i <= 28; i++) {
      const f = demoForecast(DEN, `2026-01-${String(i).padStart(2, '0')}`);
      expect(f.temp_low).toBeLessThan(f.temp_high);
      expect(f.description).not.toBe('Unknown');
    }
  });
});

describe('Open-Meteo', () => {
  const body = {
    latitude: 39.86,
    longitude: -104.67,
    timezone: 'America/Denver',
    daily_units: { time: 'iso8601', weather_code: 'wmo code', temperature_2m_max: '°F', temperature_2m_min: '°F' },
    daily: {
      time: ['2026-04-01', '2026-04-02', '2026-04-03'],
      weather_code: [3, null, 71],
      temperature_2m_max: [61.3, 58.1, 33.6],
      temperature_2m_min: [38.2, 35.9, null],
    },
  };

  it('maps daily arrays to forecasts and leaves out days with nulls', () => {
    expect(readOpenMeteoDaily(body)).toEqual([{ date: '2026-04-01', icon: 3, description: 'Overcast', temp_high: 61, temp_low: 38 }]);
  });

  it('refuses an answer of another shape', () => {
    expect(() => readOpenMeteoDaily({ hourly: {} })).toThrow(WeatherUnavailableError);
  });

  it('asks for the documented daily fields in Fahrenheit and reads the 400 reason', async () => {
    const seen: URL[] = [];
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      seen.push(url);
      if (url.searchParams.get('latitude') === '99') {
        res.writeHead(400, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: true, reason: 'Latitude must be in range of -90 to 90°. Given: 99.0.' }));
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const provider = createOpenMeteoProvider({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
      expect(await provider.daily(DEN, '2026-04-01', '2026-04-03')).toHaveLength(1);
      expect(seen[0]?.pathname).toBe('/v1/forecast');
      expect(Object.fromEntries(seen[0]?.searchParams ?? [])).toEqual({
        latitude: '39.8617',
        longitude: '-104.6731',
        daily: 'weather_code,temperature_2m_max,temperature_2m_min',
        timezone: 'auto',
        start_date: '2026-04-01',
        end_date: '2026-04-03',
        temperature_unit: 'fahrenheit',
      });
      await expect(provider.daily({ ...DEN, lat: 99 }, '2026-04-01', '2026-04-03')).rejects.toThrow(/400: Latitude must be in range/);
    } finally {
      server.close();
    }
  });

  it('reports an unreachable service as unavailable', async () => {
    const provider = createOpenMeteoProvider({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 500 });
    await expect(provider.daily(DEN, '2026-04-01', '2026-04-03')).rejects.toBeInstanceOf(WeatherUnavailableError);
  });
});
