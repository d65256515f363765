import { describeWeatherCode, weatherEmoji } from '../utils/weather-icon';

export function WeatherIcon({ code, className = '' }: { code: number; className?: string }) {
  return (
    <span role="img" aria-label={describeWeatherCode(code)} title={describeWeatherCode(code)} className={className}>
      {weatherEmoji(code)}
    </span>
  );
}
