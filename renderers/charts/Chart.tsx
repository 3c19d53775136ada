/**
 * The chart of a kind (bar, pie, line) by name, as saved reports and dashboard widgets choose it,
 * drawn at the width of its box up to the chart's own width: on a phone the drawing is laid out for
 * the narrow screen (fewer, thinned or horizontal labels at their own size) instead of a wide
 * drawing scaled down until its labels cannot be read.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import type { ChartKind } from '../../runtime/shared/reports';
import { BarChart, type ChartProps } from './BarChart';
import { LineChart } from './LineChart';
import { PieChart } from './PieChart';

export const CHARTS: Record<ChartKind, (props: ChartProps) => React.JSX.Element> = {
  bar: BarChart,
  pie: PieChart,
  line: LineChart,
};

/** The charts' own width (BarChart, LineChart), and the narrowest they are laid out for. */
const CHART_WIDTH = 560;
const NARROWEST = 280;

export function Chart({ kind, width = CHART_WIDTH, ...props }: ChartProps & { kind: ChartKind }) {
  const Component = CHARTS[kind] ?? BarChart;
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setRoom(Math.floor(el.clientWidth));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const drawn = room && room < width ? Math.max(NARROWEST, room) : width;
  return (
    <div ref={box} style={{ minWidth: 0 }}>
      <Component {...props} width={drawn} />
    </div>
  );
}
