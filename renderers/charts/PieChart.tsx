/** Pie chart of report rows (SVG) with a legend of labels, values and shares. */
import { chartValue, percent, rowLabel } from './format';
import { colorAt, pieSlices } from './layout';
import type { ChartProps } from './BarChart';

export function PieChart({ rows, lang, title, height = 240 }: ChartProps) {
  const r = height / 2 - 8;
  const slices = pieSlices(rows, height / 2, height / 2, r);
  return (
    <figure
      style={{ display: 'flex', gap: 16, alignItems: 'center', margin: 0, flexWrap: 'wrap' }}
      dir={lang === 'fa' ? 'rtl' : 'ltr'}
    >
      <svg role="img" aria-label={title} viewBox={`0 0 ${height} ${height}`} width={height} data-chart="pie">
        {slices.map((s, i) => (
          <path
            key={String(s.row.key)}
            d={s.path}
            fill={colorAt(i)}
            stroke="#fff"
            data-key={String(s.row.key)}
          >
            <title>{`${rowLabel(s.row, lang)}: ${chartValue(s.row.value, lang)} (${percent(s.share, lang)})`}</title>
          </path>
        ))}
      </svg>
      <ul style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-hidden="true">
        {slices.map((s, i) => (
          <li key={String(s.row.key)} style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
            <span style={{ width: 10, height: 10, background: colorAt(i), display: 'inline-block' }} />
            {`${rowLabel(s.row, lang)}: ${chartValue(s.row.value, lang)} (${percent(s.share, lang)})`}
          </li>
        ))}
      </ul>
    </figure>
  );
}
