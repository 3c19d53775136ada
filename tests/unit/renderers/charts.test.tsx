/** SVG charts of report rows: geometry right to left, Persian digits, pie shares, the history values. */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BarChart,
  LineChart,
  PieChart,
  barLayout,
  chartValue,
  niceMax,
  pieSlices,
} from '../../../renderers/charts';
import { ReportView } from '../../../renderers/report/ReportView';
import { auditValue } from '../../../renderers/history/values';
import type { ReportRow } from '../../../runtime/shared/reports';
import { setupI18n } from '../support/i18n';

beforeAll(setupI18n);
afterEach(cleanup);

const rows: ReportRow[] = [
  { key: 'tehran', label: 'تهران', value: 1200 },
  { key: 'shiraz', label: 'شیراز', value: 600 },
  { key: '1405-03', label: 'خرداد 1405', value: 300 },
];

describe('chart geometry', () => {
  it('rounds the axis maximum up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(1200)).toBe(2000);
    expect(niceMax(2100)).toBe(2500);
    expect(niceMax(42_000_000)).toBe(50_000_000);
  });

  it('places the first bar at the right edge in RTL and at the left in LTR, heights by value', () => {
    const box = { width: 400, height: 200, axis: 100, bottom: 40, rtl: true };
    const rtl = barLayout(rows, box).bars;
    const ltr = barLayout(rows, { ...box, rtl: false }).bars;
    expect(rtl[0]!.x).toBeGreaterThan(rtl[1]!.x);
    expect(ltr[0]!.x).toBeLessThan(ltr[1]!.x);
    // the value axis sits on the inline-start side: bars stay left of it in RTL
    expect(Math.max(...rtl.map((b) => b.x + b.width))).toBeLessThanOrEqual(300);
    expect(rtl[0]!.height).toBeCloseTo((1200 / 2000) * 160);
    expect(rtl[0]!.height).toBe(2 * rtl[1]!.height);
  });

  it('splits the pie by share and leaves out non-positive values', () => {
    const slices = pieSlices([...rows, { key: 'none', label: 'هیچ', value: 0 }], 50, 50, 40);
    expect(slices.map((s) => s.row.key)).toEqual(['tehran', 'shiraz', '1405-03']);
    expect(slices.map((s) => s.share)).toEqual([1200 / 2100, 600 / 2100, 300 / 2100]);
    // more than half of the pie takes the large arc
    expect(slices[0]!.path).toContain(' 0 1 1 ');
    expect(pieSlices([], 50, 50, 40)).toEqual([]);
  });
});

describe('chart components', () => {
  it('bar chart: one labelled bar per row with Persian digits and the accessible title', () => {
    render(<BarChart rows={rows} lang="fa" title="فروش" />);
    const svg = screen.getByRole('img', { name: 'فروش' });
    expect(svg.querySelectorAll('rect')).toHaveLength(3);
    expect(svg.textContent).toContain('خرداد ۱۴۰۵');
    expect(svg.querySelector('rect title')?.textContent).toBe('تهران: ۱٬۲۰۰');
    expect(svg.textContent).not.toMatch(/[0-9]/);
  });

  it('line chart: points from right to left in Persian, a path through them', () => {
    render(<LineChart rows={rows} lang="fa" title="روند" />);
    const circles = [...screen.getByRole('img', { name: 'روند' }).querySelectorAll('circle')];
    const xs = circles.map((c) => Number(c.getAttribute('cx')));
    expect(xs[0]).toBeGreaterThan(xs[1]!);
    expect(xs[1]).toBeGreaterThan(xs[2]!);
    expect(document.querySelector('path')?.getAttribute('d')).toMatch(/^M .* L .* L /);
  });

  it('pie chart: a legend with values and percentages in English digits for en', () => {
    render(<PieChart rows={rows} lang="en" title="Cities" />);
    expect(screen.getByRole('img', { name: 'Cities' }).querySelectorAll('path')).toHaveLength(3);
    expect([...document.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'تهران: 1,200 (57%)',
      'شیراز: 600 (29%)',
      'خرداد 1405: 300 (14%)',
    ]);
  });

  it('report view: chart, table of groups and the total', () => {
    render(
      <FluentProvider theme={webLightTheme} dir="rtl">
        <ReportView rows={rows} kind="bar" lang="fa" title="فروش" />
      </FluentProvider>,
    );
    const table = screen.getByRole('table');
    const cells = [...table.querySelectorAll('tbody tr')].map((tr) => tr.textContent);
    expect(cells).toEqual(['تهران۱٬۲۰۰', 'شیراز۶۰۰', 'خرداد ۱۴۰۵۳۰۰', 'جمع۲٬۱۰۰']);
  });

  it('values of averages keep two decimals; history values use labels, Jalali dates and money', () => {
    expect(chartValue(1234.5, 'fa')).toBe('۱٬۲۳۴٫۵۰');
    const source = {
      schema: {
        type: 'object' as const,
        properties: {
          on: { type: 'string' as const, format: 'date' },
          party: { type: 'string' as const, enum: ['person', 'company'] },
          amount: { type: 'integer' as const },
        },
      },
      fields: {
        party: { label: { fa: 'نوع' }, enumLabels: { company: { fa: 'حقوقی' } } },
        amount: { label: { fa: 'مبلغ' }, money: true },
      },
    };
    expect(auditValue(source, 'on', '2026-11-22', 'fa')).toBe('۱۴۰۵/۰۹/۰۱');
    expect(auditValue(source, 'party', 'company', 'fa')).toBe('حقوقی');
    expect(auditValue(source, 'amount', 2500000, 'fa')).toBe('۲٬۵۰۰٬۰۰۰');
    expect(auditValue(source, 'on', null, 'fa')).toBe('—');
    // a field the definition no longer has: by the type of its value
    expect(auditValue(source, 'gone', true, 'fa')).toBe('بله');
  });
});
