import type { ReactNode } from 'react';
import { describeWeatherCode } from '@gowild/contract/weather';
import { type WeatherKind, weatherKind } from '../utils/weather-icon';

const SUN = (
  <g className="text-amber-400" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round">
    <circle cx="12" cy="12" r="4" fill="currentColor" />
    <path d="M12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4" />
  </g>
);
const SMALL_SUN = (
  <g className="text-amber-400" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round">
    <circle cx="8.5" cy="8.5" r="3.2" fill="currentColor" />
    <path d="M8.5 2v1.5M2 8.5h1.5M3.9 3.9l1 1M13.1 3.9l-1 1" />
  </g>
);
const CLOUD = (
  <path className="text-slate-400" fill="currentColor" d="M7.5 19h10a4 4 0 0 0 .4-8 5.5 5.5 0 0 0-10.6 1.2A3.4 3.4 0 0 0 7.5 19Z" />
);
const DROPS = (
  <g className="text-sky-500" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round">
    <path d="M9 20.5l-1 2M13 20.5l-1 2M17 20.5l-1 2" />
  </g>
);

const SHAPES: Record<WeatherKind, ReactNode> = {
  clear: SUN,
  'mostly-clear': (
    <>
      {SUN}
      <path className="text-slate-300" fill="currentColor" d="M13 21h6a2.6 2.6 0 0 0 .2-5.2 3.6 3.6 0 0 0-6.9.8A2.2 2.2 0 0 0 13 21Z" />
    </>
  ),
  'partly-cloudy': (
    <>
      {SMALL_SUN}
      {CLOUD}
    </>
  ),
  overcast: CLOUD,
  fog: (
    <g className="text-slate-400" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
      <path d="M4 9h16M6 13h14M4 17h14" />
    </g>
  ),
  drizzle: (
    <g transform="translate(0 -2)">
      {CLOUD}
      {DROPS}
    </g>
  ),
  rain: (
    <g transform="translate(0 -2)">
      {CLOUD}
      <g className="text-sky-600" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d="M8.5 20l-1.5 3M12.5 20l-1.5 3M16.5 20l-1.5 3" />
      </g>
    </g>
  ),
  showers: (
    <g transform="translate(0 -2)">
      {SMALL_SUN}
      {CLOUD}
      {DROPS}
    </g>
  ),
  snow: (
    <g transform="translate(0 -2)">
      {CLOUD}
      <g className="text-sky-300" fill="currentColor">
        <circle cx="8.5" cy="21.5" r="1.1" />
        <circle cx="12.5" cy="22.5" r="1.1" />
        <circle cx="16.5" cy="21.5" r="1.1" />
      </g>
    </g>
  ),
  thunder: (
    <g transform="translate(0 -2)">
      {CLOUD}
      <path className="text-amber-500" fill="currentColor" d="M12.5 17.5 9.5 22h2.5l-1 3.5 4-5.2h-2.6l1.4-2.8Z" />
    </g>
  ),
  unknown: <circle className="text-slate-300" cx="12" cy="12" r="5" fill="currentColor" />,
};

/** An inline picture for a WMO code (no icon font, no emoji font needed), named by the code's words. */
export function WeatherIcon({ code, className = 'size-7' }: { code: number; className?: string }) {
  const label = describeWeatherCode(code);
  return (
    <svg role="img" aria-label={label} viewBox="0 0 24 24" className={className}>
      <title>{label}</title>
      {SHAPES[weatherKind(code)]}
    </svg>
  );
}
