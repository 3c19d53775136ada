/**
 * Geometry of the SVG charts (pure, unit-tested): bars and points placed right to left for
 * right-to-left languages, pie slices as arcs, a rounded scale maximum for the value axis.
 */
import type { ReportRow } from '../../runtime/shared/reports';

export const PALETTE = [
  '#0f6cbd',
  '#c50f1f',
  '#107c10',
  '#ca5010',
  '#8764b8',
  '#038387',
  '#986f0b',
  '#4f6bed',
];

export function colorAt(index: number): string {
  return PALETTE[index % PALETTE.length]!;
}

/** A "nice" axis maximum ≥ max (1, 2, 2.5 or 5 times a power of ten); 1 when max ≤ 0. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

export interface Box {
  width: number;
  height: number;
  /** Space for the value axis on the inline-start side and the labels below. */
  axis: number;
  bottom: number;
  rtl: boolean;
}

export interface Bar {
  row: ReportRow;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One bar per row in reading order: from the right edge in RTL, from the left in LTR. */
export function barLayout(rows: ReportRow[], box: Box): { bars: Bar[]; max: number } {
  const max = niceMax(Math.max(0, ...rows.map((r) => r.value)));
  const plotWidth = box.width - box.axis;
  const plotHeight = box.height - box.bottom;
  const step = rows.length ? plotWidth / rows.length : plotWidth;
  const barWidth = Math.max(2, step * 0.7);
  const bars = rows.map((row, i) => {
    const h = (Math.max(0, row.value) / max) * plotHeight;
    const slot = box.rtl ? box.width - box.axis - (i + 1) * step : box.axis + i * step;
    return { row, x: slot + (step - barWidth) / 2, y: plotHeight - h, width: barWidth, height: h };
  });
  return { bars, max };
}

/** Points of a line chart, in reading order (RTL: first point at the right). */
export function linePoints(
  rows: ReportRow[],
  box: Box,
): { points: { row: ReportRow; x: number; y: number }[]; max: number } {
  const max = niceMax(Math.max(0, ...rows.map((r) => r.value)));
  const plotWidth = box.width - box.axis;
  const plotHeight = box.height - box.bottom;
  const step = rows.length > 1 ? plotWidth / (rows.length - 1) : 0;
  const points = rows.map((row, i) => {
    const offset = rows.length > 1 ? i * step : plotWidth / 2;
    const x = box.rtl ? box.width - box.axis - offset : box.axis + offset;
    return { row, x, y: plotHeight - (Math.max(0, row.value) / max) * plotHeight };
  });
  return { points, max };
}

export interface Slice {
  row: ReportRow;
  /** SVG path of the slice (a full circle when it is the only one). */
  path: string;
  share: number;
}

/** Pie slices of the positive values, clockwise from twelve o'clock. */
export function pieSlices(rows: ReportRow[], cx: number, cy: number, r: number): Slice[] {
  const positive = rows.filter((row) => row.value > 0);
  const total = positive.reduce((s, row) => s + row.value, 0);
  if (total <= 0) return [];
  let angle = -Math.PI / 2;
  return positive.map((row) => {
    const share = row.value / total;
    const end = angle + share * 2 * Math.PI;
    const path =
      share >= 0.9999
        ? `M ${cx} ${cy - r} A ${r} ${r} 0 1 1 ${cx - 0.01} ${cy - r} Z`
        : `M ${cx} ${cy} L ${pt(cx, r, angle, Math.cos)} ${pt(cy, r, angle, Math.sin)} A ${r} ${r} 0 ${
            share > 0.5 ? 1 : 0
          } 1 ${pt(cx, r, end, Math.cos)} ${pt(cy, r, end, Math.sin)} Z`;
    angle = end;
    return { row, path, share };
  });
}

function pt(c: number, r: number, angle: number, f: (a: number) => number): string {
  return (c + r * f(angle)).toFixed(2);
}
