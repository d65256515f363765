import { formatChartDay } from '../utils/admin-format';

/**
 * Small hand-drawn SVG charts. Each has a text alternative: the figure is an image named by its title, and the same
 * numbers are in a visually hidden table for screen readers.
 */

/** Columns per day (the last 30 days), with the first, middle and last day labelled. */
export function DayColumns({ title, days, color = '#0f766e' }: { title: string; days: { day: string; count: number }[]; color?: string }) {
  const max = Math.max(1, ...days.map((d) => d.count));
  const total = days.reduce((n, d) => n + d.count, 0);
  const w = 300;
  const h = 100;
  const bar = w / Math.max(1, days.length);
  const labelled = new Set([0, Math.floor((days.length - 1) / 2), days.length - 1]);
  return (
    <figure className="min-w-0 rounded-xl border border-slate-200 bg-white p-4">
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="text-sm font-semibold text-slate-900">{title}</span>
        <span className="text-xs text-slate-600">{total} in 30 days</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${w} ${h + 16}`}
        className="mt-2 h-32 w-full"
        role="img"
        aria-label={`${title}: ${total} in the last 30 days, at most ${max} a day`}
      >
        <line x1="0" y1={h} x2={w} y2={h} stroke="#cbd5e1" strokeWidth="1" />
        {days.map((d, i) => {
          const bh = (d.count / max) * (h - 4);
          return (
            <rect key={d.day} x={i * bar + 1} y={h - bh} width={Math.max(1, bar - 2)} height={bh} fill={color} rx="1">
              <title>{`${formatChartDay(d.day)}: ${d.count}`}</title>
            </rect>
          );
        })}
        {days.map((d, i) =>
          labelled.has(i) ? (
            <text
              key={`l-${d.day}`}
              x={i === 0 ? 0 : i === days.length - 1 ? w : i * bar + bar / 2}
              y={h + 13}
              fontSize="10"
              fill="#475569"
              textAnchor={i === 0 ? 'start' : i === days.length - 1 ? 'end' : 'middle'}
            >
              {formatChartDay(d.day)}
            </text>
          ) : null,
        )}
      </svg>
      <table className="sr-only">
        <caption>{title}</caption>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{d.day}</th>
              <td>{d.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** Horizontal bars with their labels and counts, largest first as given. */
export function Bars({
  title,
  rows,
  color = '#1d4ed8',
  empty,
}: {
  title: string;
  rows: { label: string; count: number }[];
  color?: string;
  empty: string;
}) {
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <figure className="min-w-0 rounded-xl border border-slate-200 bg-white p-4">
      <figcaption className="text-sm font-semibold text-slate-900">{title}</figcaption>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {rows.map((r) => (
            <li key={r.label} className="grid grid-cols-[minmax(0,11rem)_1fr_auto] items-center gap-2 text-sm">
              <span className="truncate text-slate-800" title={r.label}>
                {r.label}
              </span>
              <svg viewBox="0 0 100 8" preserveAspectRatio="none" className="h-3 w-full" aria-hidden="true">
                <rect x="0" y="0" width="100" height="8" fill="#e2e8f0" rx="2" />
                <rect x="0" y="0" width={(r.count / max) * 100} height="8" fill={color} rx="2" />
              </svg>
              <span className="tabular-nums text-slate-700">{r.count}</span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
