import { describe, expect, it } from 'vitest';
import { checkBuilderSpec, splitField } from '../../../runtime/shared/reportBuilder';
import { bucketKey, bucketRange, bucketsBetween } from '../../../runtime/shared/jalaliBuckets';
import { jalaliToIso } from '../../../runtime/shared/jalali';

describe('the report declaration check', () => {
  it('accepts several dimensions, measures, a filter, a sort and a limit', () => {
    const body = {
      entity: 'sales.invoice',
      dimensions: [{ field: 'customer' }, { field: 'date', bucket: 'quarter' }, { field: 'lines.item' }],
      measures: [{ op: 'sum', field: 'lines.amount' }, { op: 'count' }],
      filterModel: { customer: { filterType: 'number', type: 'equals', filter: 3 } },
      sort: { column: 3, dir: 'desc' },
      limit: 50,
    };
    expect(checkBuilderSpec(body)).toEqual({ spec: body });
  });

  it('counts documents when no measure is given', () => {
    expect(checkBuilderSpec({ entity: 'sales.invoice' }).spec?.measures).toEqual([{ op: 'count' }]);
  });

  it('names the first offending member', () => {
    const bad: [unknown, string][] = [
      [null, 'spec'],
      [{ entity: 'users' }, 'entity'],
      [{ entity: 'sales.invoice', dimensions: 'date' }, 'dimensions'],
      [{ entity: 'sales.invoice', dimensions: [{ field: 'date"; drop table x' }] }, 'dimensions[0].field'],
      [{ entity: 'sales.invoice', dimensions: [{ field: 'a.b.c' }] }, 'dimensions[0].field'],
      [{ entity: 'sales.invoice', dimensions: [{ field: 'date', bucket: 'week' }] }, 'dimensions[0].bucket'],
      [{ entity: 'sales.invoice', dimensions: [{}, {}, {}, {}, {}] }, 'dimensions'],
      [{ entity: 'sales.invoice', measures: [] }, 'measures'],
      [{ entity: 'sales.invoice', measures: [{ op: 'median', field: 'total' }] }, 'measures[0].op'],
      [{ entity: 'sales.invoice', measures: [{ op: 'sum' }] }, 'measures[0].field'],
      [{ entity: 'sales.invoice', measures: [{ op: 'sum', field: { toString: 1 } }] }, 'measures[0].field'],
      [{ entity: 'sales.invoice', filterModel: [] }, 'filterModel'],
      [{ entity: 'sales.invoice', sort: { column: 1, dir: 'asc' } }, 'sort'],
      [{ entity: 'sales.invoice', sort: { column: 0, dir: 'up' } }, 'sort'],
      [{ entity: 'sales.invoice', limit: 0 }, 'limit'],
      [{ entity: 'sales.invoice', limit: 1e9 }, 'limit'],
    ];
    for (const [body, problem] of bad) expect(checkBuilderSpec(body)).toEqual({ problem });
  });

  it('splits a line field from a document field', () => {
    expect(splitField('lines.amount')).toEqual({ child: 'lines', name: 'amount' });
    expect(splitField('total')).toEqual({ child: null, name: 'total' });
  });
});

describe('Jalali buckets', () => {
  const iso = (j: string) => jalaliToIso(j)!;

  it('put the last day of Esfand and the first of Farvardin in different months, quarters and years', () => {
    const last = iso('1403/12/30'); // 1403 is a leap year: Esfand has 30 days
    const first = iso('1404/01/01');
    expect([bucketKey(last, 'month'), bucketKey(first, 'month')]).toEqual(['1403-12', '1404-01']);
    expect([bucketKey(last, 'quarter'), bucketKey(first, 'quarter')]).toEqual(['1403-Q4', '1404-Q1']);
    expect([bucketKey(last, 'year'), bucketKey(first, 'year')]).toEqual(['1403', '1404']);
    expect(bucketKey(`${first}T10:00:00Z`, 'day')).toBe(first);
    expect(bucketKey('not a date', 'month')).toBeNull();
  });

  it('give each bucket its first and last day', () => {
    expect(bucketRange('1404-02', 'month')).toEqual({ from: iso('1404/02/01'), to: iso('1404/02/31') });
    expect(bucketRange('1403-Q4', 'quarter')).toEqual({ from: iso('1403/10/01'), to: iso('1403/12/30') });
    expect(bucketRange('1404', 'year')).toEqual({ from: iso('1404/01/01'), to: iso('1404/12/29') });
    expect(bucketRange('1404-13', 'month')).toBeNull();
    expect(bucketRange('1404-02', 'quarter')).toBeNull();
  });

  it('cover a span of days with consecutive buckets, and refuse a span too long', () => {
    const between = bucketsBetween(iso('1403/11/15'), iso('1404/02/03'), 'month')!;
    expect(between.map((b) => b.key)).toEqual(['1403-11', '1403-12', '1404-01', '1404-02']);
    expect(between[2]!.from).toBe(iso('1404/01/01'));
    expect(bucketsBetween(iso('1300/01/01'), iso('1404/01/01'), 'month', 100)).toBeNull();
  });
});
