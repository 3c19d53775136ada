import { describe, expect, it } from 'vitest';
import { chartRows, drillFilter, pivot } from '../../../renderers/reportBuilder/builderLogic';
import { moveCard } from '../../../renderers/reportBuilder/boardLayout';
import type { BuilderAnswer, BuilderSpec } from '../../../runtime/shared/reportBuilder';
import { jalaliToIso } from '../../../runtime/shared/jalali';

const answer: BuilderAnswer = {
  columns: [
    { field: 'customerGroup', label: 'گروه', role: 'dimension' },
    { field: 'date', label: 'تاریخ', role: 'dimension', bucket: 'month' },
    { field: 'total', label: 'جمع', role: 'measure', format: 'money' },
  ],
  rows: [
    { keys: ['retail', '1404-01'], labels: ['خرده', 'فروردین 1404'], values: [10] },
    { keys: ['retail', '1404-02'], labels: ['خرده', 'اردیبهشت 1404'], values: [20] },
    { keys: ['wholesale', '1404-02'], labels: ['عمده', 'اردیبهشت 1404'], values: ['9007199254740993'] },
  ],
  truncated: false,
};
const spec: BuilderSpec = {
  entity: 'sales.invoice',
  dimensions: [{ field: 'customerGroup' }, { field: 'date', bucket: 'month' }],
  measures: [{ op: 'sum', field: 'total' }],
  filterModel: { active: { filterType: 'boolean', type: 'equals', filter: true } },
};

describe('report builder answers', () => {
  it('pivot the last dimension across, leaving missing cells empty', () => {
    const p = pivot(answer)!;
    expect(p.across.map((c) => c.key)).toEqual(['1404-01', '1404-02']);
    expect(p.rows.map((r) => r.label)).toEqual(['خرده', 'عمده']);
    expect(p.rows[1]!.cells[0]).toBeUndefined();
    expect(p.rows[1]!.cells[1]!.values[0]).toBe('9007199254740993');
    expect(pivot({ ...answer, columns: answer.columns.slice(1) })).toBeNull();
  });

  it('chart the first measure by the joined labels', () => {
    expect(chartRows(answer)[0]).toEqual({ key: 'retail|1404-01', label: 'خرده · فروردین 1404', value: 10 });
  });

  it('drill to the grid filter of a row: its values, a month as its days, the report filter kept', () => {
    expect(drillFilter(spec, answer, answer.rows[0]!)).toEqual({
      active: { filterType: 'boolean', type: 'equals', filter: true },
      customerGroup: { filterType: 'text', type: 'equals', filter: 'retail' },
      date: {
        filterType: 'date',
        type: 'inRange',
        dateFrom: jalaliToIso('1404/01/01'),
        dateTo: jalaliToIso('1404/01/31'),
      },
    });
    // an empty group, or a line dimension, does not drill (the grid filters documents)
    expect(drillFilter(spec, answer, { ...answer.rows[0]!, keys: [null, '1404-01'] })).toBeNull();
    expect(
      drillFilter(
        { ...spec, dimensions: [{ field: 'lines.item' }, spec.dimensions[1]!] },
        answer,
        answer.rows[0]!,
      ),
    ).toBeNull();
  });
});

describe('dashboard card moves', () => {
  const card = { x: 2, y: 1, w: 4, h: 2 };
  it('follow the screen: in a right-to-left page the left arrow goes toward the line end', () => {
    expect(moveCard(card, 'ArrowLeft', false, true)).toEqual({ ...card, x: 3 });
    expect(moveCard(card, 'ArrowLeft', false, false)).toEqual({ ...card, x: 1 });
    expect(moveCard(card, 'ArrowDown', false, true)).toEqual({ ...card, y: 2 });
    expect(moveCard(card, 'Enter', false, true)).toBeNull();
  });
  it('resize with Shift and stay inside the 12 columns', () => {
    expect(moveCard(card, 'ArrowLeft', true, true)).toEqual({ ...card, w: 5 });
    expect(moveCard({ x: 8, y: 0, w: 4, h: 1 }, 'ArrowLeft', false, true)).toEqual({
      x: 8,
      y: 0,
      w: 4,
      h: 1,
    });
    expect(moveCard({ x: 8, y: 0, w: 4, h: 1 }, 'ArrowLeft', true, true)!.w).toBe(4);
    expect(moveCard({ x: 0, y: 0, w: 1, h: 1 }, 'ArrowUp', true, true)!.h).toBe(1);
  });
});
