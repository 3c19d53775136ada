/** Bar chart of report rows (SVG): bars in reading order, value axis on the inline-start side. */
import type { Lang } from '../../runtime/shared/definition';
import type { ReportRow } from '../../runtime/shared/reports';
import { chartValue, rowLabel } from './format';
import { barLayout, colorAt, type Box } from './layout';

export interface ChartProps {
  rows: ReportRow[];
  lang: Lang;
  /** Accessible name of the chart. */
  title: string;
  width?: number;
  height?: number;
}

const TICKS = 4;

export function ValueAxis({ box, max, lang }: { box: Box; max: number; lang: Lang }) {
  const plotHeight = box.height - box.bottom;
  const x = box.rtl ? box.width - box.axis : box.axis;
  return (
    <g aria-hidden="true" fontSize={11} fill="#616161">
      {Array.from({ length: TICKS + 1 }, (_, i) => {
        const y = plotHeight - (i / TICKS) * plotHeight;
        return (
          <g key={i}>
            <line
              x1={box.rtl ? 0 : box.axis}
              x2={box.rtl ? box.width - box.axis : box.width}
              y1={y}
              y2={y}
              stroke="#e0e0e0"
            />
            <text x={box.rtl ? x + 4 : x - 4} y={y + 4} textAnchor={box.rtl ? 'start' : 'end'}>
              {chartValue((max * i) / TICKS, lang)}
            </text>
          </g>
        );
      })}
    </g>
  );
}

export function BarChart({ rows, lang, title, width = 560, height = 280 }: ChartProps) {
  const box: Box = { width, height, axis: 96, bottom: 48, rtl: lang === 'fa' };
  const { bars, max } = barLayout(rows, box);
  return (
    <svg
      role="img"
      aria-label={title}
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      style={{ maxWidth: width, direction: 'ltr' }}
      data-chart="bar"
    >
      <ValueAxis box={box} max={max} lang={lang} />
      {bars.map((bar, i) => (
        <g key={String(bar.row.key)} data-key={String(bar.row.key)}>
          <rect x={bar.x} y={bar.y} width={bar.width} height={bar.height} fill={colorAt(i)} rx={2}>
            <title>{`${rowLabel(bar.row, lang)}: ${chartValue(bar.row.value, lang)}`}</title>
          </rect>
          <text
            x={bar.x + bar.width / 2}
            y={height - box.bottom + 16}
            textAnchor="middle"
            fontSize={11}
            fill="#242424"
          >
            {rowLabel(bar.row, lang).slice(0, 14)}
          </text>
        </g>
      ))}
    </svg>
  );
}
