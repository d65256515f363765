import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { weatherKind } from '../utils/weather-icon';
import { WeatherIcon } from './weather-icon';

describe('weather icons', () => {
  it('maps WMO codes to pictures', () => {
    expect([0, 1, 2, 3, 45, 53, 63, 75, 81, 86, 96, 42].map(weatherKind)).toEqual([
      'clear',
      'mostly-clear',
      'partly-cloudy',
      'overcast',
      'fog',
      'drizzle',
      'rain',
      'snow',
      'showers',
      'snow',
      'thunder',
      'unknown',
    ]);
  });
  it('names the picture in words', () => {
    render(<WeatherIcon code={95} />);
    expect(screen.getByRole('img', { name: 'Thunderstorm' })).toBeTruthy();
  });
});
