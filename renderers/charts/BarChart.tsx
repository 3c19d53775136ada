/** Bar chart of report rows (SVG): bars in reading order, value axis on the inline-start side. */
import type { Lang } from '../../runtime/shared/definition';
import type { ReportRow } from '../../runtime/shared/reports';
import { chartValue, rowLabel } from './format';
import { barLayout, colorAt, type Box } from './layout';
import { labelEvery, prefersHorizontal, shortLabel, showsLabel } from './labels';
import { HorizontalBarChart } from './HorizontalBarChart';

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
            {/* the top tick's text sits below the edge, not cut by it */}
            <text x={box.rtl ? x + 4 : x - 4} y={Math.max(y + 4, 11)} textAnchor={box.rtl ? 'start' : 'end'}>
              {chartValue((max * i) / TICKS, lang)}
            </text>
          </g>
        );
      })}
    </g>
  );
}

export function BarChart(props: ChartProps) {
  const { rows, lang, width = 560 } = props;
  const slot = rows.length ? (width - AXIS_PX) / rows.length : width;
  // many categories (or long labels) read better as horizontal bars, one line each
  if (
    prefersHorizontal(
      rows.map((row) => rowLabel(row, lang)),
      slot,
    )
  )
    return <HorizontalBarChart {...props} />;
  return <VerticalBarChart {...props} />;
}

const AXIS_PX = 96;

function VerticalBarChart({ rows, lang, title, width = 560, height = 280 }: ChartProps) {
  const box: Box = { width, height, axis: AXIS_PX, bottom: 48, rtl: lang === 'fa' };
  const { bars, max } = barLayout(rows, box);
  const every = labelEvery(
    rows.map((row) => rowLabel(row, lang)),
    bars[0] ? (width - AXIS_PX) / bars.length : width,
  );
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
          {showsLabel(i, every) && (
            <text
              x={bar.x + bar.width / 2}
              y={height - box.bottom + 16}
              textAnchor="middle"
              fontSize={11}
              fill="#242424"
              data-label=""
            >
              {shortLabel(rowLabel(bar.row, lang))}
            </text>
          )}
        </g>
      ))}
    </svg>
  );
}
