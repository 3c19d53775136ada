/**
 * Horizontal bars for many categories: one line per category, its label on the inline-start side
 * (right in RTL) and the bar growing towards the inline end with its value after it. The chart
 * grows in height with the rows, so no label is dropped or overlaps its neighbour.
 */
import { chartValue, rowLabel } from './format';
import { colorAt, niceMax } from './layout';
import { shortLabel } from './labels';
import type { ChartProps } from './BarChart';

const ROW_PX = 24;
const LABEL_PX = 110;
const VALUE_PX = 90;

export function HorizontalBarChart({ rows, lang, title, width = 560 }: ChartProps) {
  const rtl = lang === 'fa';
  const height = rows.length * ROW_PX + 8;
  const max = niceMax(Math.max(0, ...rows.map((r) => r.value)));
  const plot = width - LABEL_PX - VALUE_PX;
  return (
    <svg
      role="img"
      aria-label={title}
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      style={{ maxWidth: width, direction: 'ltr' }}
      data-chart="bar"
      data-orientation="horizontal"
    >
      {rows.map((row, i) => {
        const length = (Math.max(0, row.value) / max) * plot;
        const y = 4 + i * ROW_PX;
        const label = rowLabel(row, lang);
        const value = chartValue(row.value, lang);
        // RTL: label at the right edge, bar grows leftwards from it; LTR mirrored
        const labelX = rtl ? width - 4 : 4;
        const barX = rtl ? width - LABEL_PX - length : LABEL_PX;
        const valueX = rtl ? barX - 4 : LABEL_PX + length + 4;
        return (
          <g key={String(row.key)} data-key={String(row.key)}>
            <text
              x={labelX}
              y={y + ROW_PX / 2 + 4}
              textAnchor={rtl ? 'end' : 'start'}
              fontSize={11}
              fill="#242424"
              data-label=""
            >
              {shortLabel(label, 16)}
            </text>
            <rect x={barX} y={y + 3} width={Math.max(1, length)} height={ROW_PX - 6} fill={colorAt(i)} rx={2}>
              <title>{`${label}: ${value}`}</title>
            </rect>
            <text
              x={valueX}
              y={y + ROW_PX / 2 + 4}
              textAnchor={rtl ? 'end' : 'start'}
              fontSize={11}
              fill="#616161"
            >
              {value}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
