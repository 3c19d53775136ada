/** The chart of a kind (bar, pie, line) by name, as saved reports and dashboard widgets choose it. */
import type { ChartKind } from '../../runtime/shared/reports';
import { BarChart, type ChartProps } from './BarChart';
import { LineChart } from './LineChart';
import { PieChart } from './PieChart';

export const CHARTS: Record<ChartKind, (props: ChartProps) => React.JSX.Element> = {
  bar: BarChart,
  pie: PieChart,
  line: LineChart,
};

export function Chart({ kind, ...props }: ChartProps & { kind: ChartKind }) {
  const Component = CHARTS[kind] ?? BarChart;
  return <Component {...props} />;
}
