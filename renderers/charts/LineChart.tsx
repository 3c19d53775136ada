/** Line chart of report rows (SVG), e.g. totals per Jalali month; time runs in reading direction. */
import { chartValue, rowLabel } from './format';
import { linePoints, PALETTE, type Box } from './layout';
import { ValueAxis, type ChartProps } from './BarChart';
import { labelEvery, shortLabel, showsLabel } from './labels';

export function LineChart({ rows, lang, title, width = 560, height = 280 }: ChartProps) {
  const box: Box = { width, height, axis: 96, bottom: 48, rtl: lang === 'fa' };
  const { points, max } = linePoints(rows, box);
  // labels under the points: only every n-th when they would run into each other
  const slot = points.length > 1 ? (width - box.axis) / (points.length - 1) : width;
  const every = labelEvery(
    rows.map((row) => rowLabel(row, lang)),
    slot,
  );
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'} ${p.x.toFixed(2)} ${p.y.toFixed(2)}`).join(' ');
  return (
    <svg
      role="img"
      aria-label={title}
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      style={{ maxWidth: width, direction: 'ltr' }}
      data-chart="line"
    >
      <ValueAxis box={box} max={max} lang={lang} />
      {points.length > 1 && <path d={path} fill="none" stroke={PALETTE[0]} strokeWidth={2} />}
      {points.map((p, i) => (
        <g key={String(p.row.key)} data-key={String(p.row.key)}>
          <circle cx={p.x} cy={p.y} r={4} fill={PALETTE[0]}>
            <title>{`${rowLabel(p.row, lang)}: ${chartValue(p.row.value, lang)}`}</title>
          </circle>
          {showsLabel(i, every) && (
            <text
              x={p.x}
              y={height - box.bottom + 16}
              // the last point sits on the chart's edge: its label runs inwards, not off the picture
              textAnchor={i > 0 && i === points.length - 1 ? (box.rtl ? 'start' : 'end') : 'middle'}
              fontSize={11}
              fill="#242424"
              data-label=""
            >
              {shortLabel(rowLabel(p.row, lang))}
            </text>
          )}
        </g>
      ))}
    </svg>
  );
}
