import { type PricePoint, RIBBON_TEXTS } from '@gowild/contract/observations';
import { useId } from 'react';
import { SERIES, historySummary, isRibbonPoint } from '../utils/history-text';

const COLOURS = { standard: '#64748b', discount_den: '#047857', lowest_fare: '#b45309' } as const;

/** Polylines for one series, broken where the fare was not on sale. */
function paths(
  points: readonly PricePoint[],
  key: 'standard' | 'discount_den' | 'lowest_fare',
  x: (p: PricePoint) => number,
  y: (v: number) => number,
) {
  const runs: string[] = [];
  let run: string[] = [];
  for (const p of points) {
    const v = p[key] ?? null;
    if (v === null) {
      if (run.length) runs.push(run.join(' '));
      run = [];
    } else run.push(`${x(p).toFixed(1)},${y(v).toFixed(1)}`);
  }
  if (run.length) runs.push(run.join(' '));
  return runs;
}

/** The week view's lowest fares: a dashed line of their own, each sighting a hollow dot (never joined to the answers' lines). */
function RibbonMarks({ points, x, y }: { points: readonly PricePoint[]; x: (p: PricePoint) => number; y: (v: number) => number }) {
  const colour = COLOURS.lowest_fare;
  return (
    <g data-series="ribbon">
      {paths(points, 'lowest_fare', x, y)
        .filter((d) => d.includes(' '))
        .map((d, i) => (
          <polyline key={`line-${i}`} points={d} fill="none" stroke={colour} strokeWidth={1.25} strokeDasharray="3 2" />
        ))}
      {points.map((p, i) =>
        p.lowest_fare === null || p.lowest_fare === undefined ? null : (
          <circle key={`dot-${i}`} cx={x(p)} cy={y(p.lowest_fare)} r={2} fill="white" stroke={colour} strokeWidth={1.25} />
        ),
      )}
    </g>
  );
}

/**
 * A small drawing of a route's Standard and Discount Den fares over time (inline SVG), and the lowest fares the
 * airline's week view showed for the date (decision 243), marked apart. The drawing is hidden from screen readers;
 * the same history in words is its text alternative, shown under it or read only by them.
 */
export function Sparkline({
  points,
  width = 140,
  height = 36,
  showSummary = true,
  now,
}: {
  points: readonly PricePoint[];
  width?: number;
  height?: number;
  /** False: the words are for screen readers only (a tight card header). */
  showSummary?: boolean;
  /** The clock "seen 2 h ago" is told against (tests pin it). */
  now?: Date;
}) {
  const id = useId();
  const summary = historySummary(points, now);
  const answers = points.filter((p) => !isRibbonPoint(p));
  const ribbon = points.filter(isRibbonPoint);
  const values = [...answers.flatMap((p) => [p.standard, p.discount_den]), ...ribbon.map((p) => p.lowest_fare ?? null)].filter(
    (v): v is number => v !== null,
  );
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
            paths(answers, s.key, x, y).map((d, i) =>
              d.includes(' ') ? (
                <polyline key={`${s.key}-${i}`} points={d} fill="none" stroke={COLOURS[s.key]} strokeWidth={1.75} strokeLinejoin="round" />
              ) : (
                <circle key={`${s.key}-${i}`} cx={d.split(',')[0]} cy={d.split(',')[1]} r={2} fill={COLOURS[s.key]} />
              ),
            ),
          )}
          {ribbon.length ? <RibbonMarks points={ribbon} x={x} y={y} /> : null}
        </svg>
      ) : null}
      <figcaption id={id} className={showSummary ? 'mt-1 text-xs text-slate-600' : 'sr-only'} data-testid="price-history-text">
        {summary}
      </figcaption>
    </figure>
  );
}

/** The colour key of the two lines, and of the week view's marks when there are some. */
export function SparklineKey({ ribbon = false }: { ribbon?: boolean }) {
  return (
    <span className="flex flex-wrap gap-x-3 text-[11px] text-slate-600" aria-hidden="true" data-testid="sparkline-key">
      {SERIES.map((s) => (
        <span key={s.key} className="inline-flex items-center gap-1">
          <span className="inline-block h-0.5 w-3" style={{ backgroundColor: COLOURS[s.key] }} />
          {s.name}
        </span>
      ))}
      {ribbon ? (
        <span className="inline-flex items-center gap-1">
          <span className="inline-block h-0 w-3 border-t border-dashed" style={{ borderColor: COLOURS.lowest_fare }} />
          {RIBBON_TEXTS.seriesName}
        </span>
      ) : null}
    </span>
  );
}
