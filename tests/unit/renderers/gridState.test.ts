import { beforeEach, describe, expect, it } from 'vitest';
import { gridStateKey, loadGridState, saveGridState, sanitize } from '../../../renderers/grid/gridState';

describe('grid column state per user and entity', () => {
  beforeEach(() => localStorage.clear());

  it('keys by user and entity, keeps width/order/sort and restores only known columns', () => {
    const key = gridStateKey('7', { module: 'sales', name: 'customer' });
    expect(key).toBe('erp.grid.7.sales.customer');
    saveGridState(key, [
      { colId: 'name', width: 201.6, sort: 'asc', sortIndex: 0 },
      { colId: 'code', width: 90, sort: null },
      { colId: 'gone', width: 100 },
    ]);
    const known = new Set(['code', 'name']);
    expect(loadGridState(key, known)).toEqual([
      { colId: 'name', width: 202, sort: 'asc', sortIndex: 0 },
      { colId: 'code', width: 90, sort: null, sortIndex: null },
    ]);
    expect(loadGridState(gridStateKey('8', { module: 'sales', name: 'customer' }), known)).toBeNull();
  });

  it('ignores broken stored state', () => {
    localStorage.setItem('k', '{not json');
    expect(loadGridState('k', new Set(['a']))).toBeNull();
    expect(sanitize({}, new Set(['a']))).toBeNull();
    expect(sanitize([{ colId: 'a', width: 5, sort: 'sideways' }], new Set(['a']))).toEqual([
      { colId: 'a', sort: null, sortIndex: null },
    ]);
  });
});
