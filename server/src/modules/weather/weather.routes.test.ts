import type { Forecast } from '@gowild/contract/weather';
import { weatherResponseSchema } from '@gowild/contract/weather';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock';
import { createDemoWeatherProvider } from '../../providers/weather/demo';
import { type WeatherProvider, WeatherUnavailableError } from '../../providers/weather/weather.provider';
import { buildTestApp } from '../../test/build-test-app';
import { createWeatherService } from './weather.service';

const NOW = new Date('2026-04-01T12:00:00Z');

describe('GET /api/weather/:destination (demo provider)', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  beforeAll(async () => {
    ({ app } = await buildTestApp({ deps: { clock: manualClock(NOW) } }));
  });
  afterAll(async () => {
    await app.close();
  });

  it('gives 7 days from today at the airport, with the city, labelled demo', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/weather/den' });
    expect(res.statusCode).toBe(200);
    const body = weatherResponseSchema.parse(res.json());
    expect(body.weather.city).toBe('Denver');
    expect(body.weather.demo).toBe(true);
    expect(body.weather.forecasts.map((f) => f.date)).toEqual([
      '2026-04-01',
      '2026-04-02',
      '2026-04-03',
      '2026-04-04',
      '2026-04-05',
      '2026-04-06',
      '2026-04-07',
    ]);
  });

  it('gives the asked dates within the forecast horizon', async () => {
    const list = (await app.inject({ method: 'GET', url: '/api/weather/LAS?dates=2026-04-05,2026-04-03,2026-04-05,2026-06-01' })).json();
    expect(list.weather.forecasts.map((f: Forecast) => f.date)).toEqual(['2026-04-03', '2026-04-05']);
    const range = (await app.inject({ method: 'GET', url: '/api/weather/LAS?start=2026-04-10&end=2026-04-12' })).json();
    expect(range.weather.forecasts.map((f: Forecast) => f.date)).toEqual(['2026-04-10', '2026-04-11', '2026-04-12']);
  });

  it('answers 404 for an airport it does not know', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/weather/XYZ' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Weather data not available for XYZ', error: 'Weather data not available for XYZ' });
  });

  it('answers 400 for malformed dates', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/weather/DEN?dates=tomorrow' })).statusCode).toBe(400);
  });
});

describe('weather service', () => {
  it('answers 503 when the weather service fails', async () => {
    const failing: WeatherProvider = {
      name: 'down',
      demo: false,
      daily: async () => {
        throw new WeatherUnavailableError('Open-Meteo 502');
      },
    };
    const { app } = await buildTestApp({ deps: { weather: createWeatherService({ provider: failing, clock: manualClock(NOW) }) } });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/weather/DEN' });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('Weather service is currently unavailable');
    } finally {
      await app.close();
    }
  });

  it('caches per airport and day, asking the provider only for days it lacks', async () => {
    const demo = createDemoWeatherProvider();
    const asked: [string, string, string][] = [];
    const provider: WeatherProvider = {
      ...demo,
      daily: (place, start, end) => (asked.push([place.code, start, end]), demo.daily(place, start, end)),
    };
    const service = createWeatherService({ provider, clock: manualClock(NOW) });
    await service.forecast('DEN');
    await service.forecast('DEN');
    await service.forecast('DEN', { start: '2026-04-05', end: '2026-04-09' });
    await service.forecast('LAS');
    expect(asked).toEqual([
      ['DEN', '2026-04-01', '2026-04-07'],
      ['DEN', '2026-04-08', '2026-04-09'],
      ['LAS', '2026-04-01', '2026-04-07'],
    ]);
  });
});
