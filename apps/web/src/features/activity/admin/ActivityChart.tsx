import type { DailyActivity } from '@kw/activity/contract';

const SERIES = [
  { key: 'contactSubmissions', label: 'Contact submissions', color: '#16a34a' },
  { key: 'newsletterSignups', label: 'Newsletter signups', color: '#ea580c' },
  { key: 'pageViews', label: 'Page views', color: '#2563eb' },
] as const;

const W = 640;
const H = 200;
const PAD = { left: 36, right: 8, top: 8, bottom: 24 };

/** A small SVG line chart of the last 30 days: no chart library for three lines. */
export function ActivityChart({ days }: { days: DailyActivity[] }) {
  const max = Math.max(1, ...days.flatMap((d) => SERIES.map((s) => d[s.key])));
  const x = (i: number) =>
    PAD.left + (i * (W - PAD.left - PAD.right)) / Math.max(1, days.length - 1);
  const y = (v: number) => H - PAD.bottom - (v * (H - PAD.top - PAD.bottom)) / max;
  const totals = SERIES.map((s) => days.reduce((n, d) => n + d[s.key], 0));
  const summary = SERIES.map((s, i) => `${s.label}: ${totals[i]}`).join(', ');
  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        style={{ maxHeight: 240 }}
        role="img"
        aria-label={`Last ${days.length} days. ${summary}`}
      >
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(max * f)} y2={y(max * f)} stroke="#eee" />
            <text x={PAD.left - 6} y={y(max * f) + 4} fontSize="10" textAnchor="end" fill="#888">
              {Math.round(max * f)}
            </text>
          </g>
        ))}
        {days.map((d, i) =>
          (i % 7 === 0 && i < days.length - 4) || i === days.length - 1 ? (
            <text key={d.date} x={x(i)} y={H - 6} fontSize="10" textAnchor="middle" fill="#888">
              {d.date.slice(5)}
            </text>
          ) : null,
        )}
        {SERIES.map((s) => (
          <polyline
            key={s.key}
            fill="none"
            stroke={s.color}
            strokeWidth="2"
            points={days.map((d, i) => `${x(i)},${y(d[s.key])}`).join(' ')}
          />
        ))}
      </svg>
      <figcaption className="bo-chart-legend">
        {SERIES.map((s, i) => (
          <span key={s.key} style={{ ['--swatch' as string]: s.color }}>
            {s.label} ({totals[i]})
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
