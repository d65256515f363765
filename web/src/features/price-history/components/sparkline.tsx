import type { PricePoint } from '@gowild/contract/observations';
import { useId } from 'react';
import { SERIES, historySummary } from '../utils/history-text';

const COLOURS = { standard: '#64748b', discount_den: '#047857' } as const;

/** Polylines for one series, broken where the fare was not on sale. */
function paths(points: readonly PricePoint[], key: 'standard' | 'discount_den', x: (p: PricePoint) => number, y: (v: number) => number) {
  const runs: string[] = [];
  let run: string[] = [];
  for (const p of points) {
    const v = p[key];
    if (v === null) {
      if (run.length) runs.push(run.join(' '));
      run = [];
    } else run.push(`${x(p).toFixed(1)},${y(v).toFixed(1)}`);
  }
  if (run.length) runs.push(run.join(' '));
  return runs;
}

/**
 * A small drawing of a route's Standard and Discount Den fares over time (inline SVG). The drawing is hidden from
 * screen readers; the same history in words is its text alternative, shown under it or read only by them.
 */
export function Sparkline({
  points,
  width = 140,
  height = 36,
  showSummary = true,
}: {
  points: readonly PricePoint[];
  width?: number;
  height?: number;
  /** False: the words are for screen readers only (a tight card header). */
  showSummary?: boolean;
}) {
  const id = useId();
  const summary = historySummary(points);
  const values = points.flatMap((p) => [p.standard, p.discount_den]).filter((v): v is number => v !== null);
  const times = points.map((p) => Date.parse(p.observed_at));
  const [t0, t1] = [Math.min(...times), Math.max(...times)];
  const [lo, hi] = [Math.min(...values), Math.max(...values)];
  const pad = 3;
  const x = (p: PricePoint) => (t1 === t0 ? width / 2 : pad + ((Date.parse(p.observed_at) - t0) / (t1 - t0)) * (width - 2 * pad));
  const y = (v: number) => (hi === lo ? height / 2 : pad + (1 - (v - lo) / (hi - lo)) * (height - 2 * pad));
  return (
    <figure className="m-0" aria-describedby={id} data-testid="price-sparkline">
      {values.length ? (
        <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-hidden="true" focusable="false" className="block">
          {SERIES.map((s) =>
            paths(points, s.key, x, y).map((d, i) =>
              d.includes(' ') ? (
                <polyline key={`${s.key}-${i}`} points={d} fill="none" stroke={COLOURS[s.key]} strokeWidth={1.75} strokeLinejoin="round" />
              ) : (
                <circle key={`${s.key}-${i}`} cx={d.split(',')[0]} cy={d.split(',')[1]} r={2} fill={COLOURS[s.key]} />
              ),
            ),
          )}
        </svg>
      ) : null}
      <figcaption id={id} className={showSummary ? 'mt-1 text-xs text-slate-600' : 'sr-only'} data-testid="price-history-text">
        {summary}
      </figcaption>
    </figure>
  );
}

/** The colour key of the two lines. */
export function SparklineKey() {
  return (
    <span className="flex gap-3 text-[11px] text-slate-600" aria-hidden="true">
      {SERIES.map((s) => (
        <span key={s.key} className="inline-flex items-center gap-1">
          <span className="inline-block h-0.5 w-3" style={{ backgroundColor: COLOURS[s.key] }} />
          {s.name}
        </span>
      ))}
    </span>
  );
}
