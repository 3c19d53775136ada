/** Legible chart labels: thinning, cutting, horizontal bars for many categories. */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BarChart, LineChart, labelEvery, prefersHorizontal, shortLabel } from '../../../renderers/charts';
import type { ReportRow } from '../../../runtime/shared/reports';

afterEach(cleanup);

const many = (n: number): ReportRow[] =>
  Array.from({ length: n }, (_, i) => ({
    key: `k${i}`,
    label: `مشتری شماره ${i + 1}`,
    value: (i + 1) * 1000,
  }));

describe('chart labels', () => {
  it('cuts long labels with an ellipsis and keeps short ones', () => {
    expect(shortLabel('تهران')).toBe('تهران');
    expect(shortLabel('شرکت بازرگانی پارس نوین')).toBe('شرکت بازرگانی…');
  });

  it('draws every label when the slots are wide, every n-th when they are narrow', () => {
    expect(labelEvery(['الف', 'ب'], 200)).toBe(1);
    // 12 characters ≈ 78 px + gap, slots of 30 px: every third label
    expect(labelEvery(['فروردین ۱۴۰۵', 'اردیبهشت'], 30)).toBe(3);
  });

  it('prefers horizontal bars for many categories or labels wider than their slots', () => {
    expect(prefersHorizontal(['الف', 'ب', 'پ'], 150)).toBe(false);
    expect(
      prefersHorizontal(
        many(9).map((r) => r.label),
        200,
      ),
    ).toBe(true);
    expect(prefersHorizontal(['شرکت بازرگانی پارس', 'ب'], 40)).toBe(true);
  });

  it('a bar chart of many categories draws one label per row as horizontal bars', () => {
    const { container } = render(
      <FluentProvider theme={webLightTheme}>
        <BarChart rows={many(12)} lang="fa" title="فروش" />
      </FluentProvider>,
    );
    const svg = container.querySelector('svg[data-chart="bar"]')!;
    expect(svg.getAttribute('data-orientation')).toBe('horizontal');
    expect(svg.querySelectorAll('[data-label]')).toHaveLength(12);
    expect(svg.querySelectorAll('rect')).toHaveLength(12);
  });

  it('a line chart of 24 months draws only every n-th label', () => {
    const { container } = render(
      <FluentProvider theme={webLightTheme}>
        <LineChart rows={many(24)} lang="fa" title="روند" />
      </FluentProvider>,
    );
    const labels = container.querySelectorAll('[data-label]').length;
    expect(labels).toBeGreaterThan(1);
    expect(labels).toBeLessThan(24);
    expect(container.querySelectorAll('circle')).toHaveLength(24);
  });
});
