import type { IGetRowsParams } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';
import type { EntityRow } from '../../../runtime/shared/definition';
import type { ListRequest } from '../../../runtime/shared/envelope';
import { createDatasource } from '../../../renderers/grid/datasource';

function params(overrides: Partial<IGetRowsParams> = {}) {
  const calls: { rows?: unknown[]; lastRow?: number; failed?: boolean } = {};
  let done: () => void = () => {};
  const finished = new Promise<void>((r) => (done = r));
  const p = {
    startRow: 100,
    endRow: 200,
    sortModel: [{ colId: 'code', sort: 'desc' }],
    filterModel: { city: { filterType: 'text', type: 'contains', filter: 'تهران' } },
    successCallback: (rows: unknown[], lastRow?: number) => {
      calls.rows = rows;
      calls.lastRow = lastRow;
      done();
    },
    failCallback: () => {
      calls.failed = true;
      done();
    },
    context: undefined,
    ...overrides,
  } as unknown as IGetRowsParams;
  return { p, calls, finished };
}

describe('createDatasource', () => {
  it('sends the grid request to client.getList and passes rows and lastRow back', async () => {
    const requests: ListRequest[] = [];
    const rows: EntityRow[] = [{ id: 7, version: 1, code: 'C7' }];
    const ds = createDatasource({
      getList: async (req) => {
        requests.push(req);
        return { rows, lastRow: 101 };
      },
    });
    const { p, calls, finished } = params();
    ds.getRows(p);
    await finished;
    expect(requests).toEqual([
      {
        startRow: 100,
        endRow: 200,
        sortModel: [{ colId: 'code', sort: 'desc' }],
        filterModel: { city: { filterType: 'text', type: 'contains', filter: 'تهران' } },
      },
    ]);
    expect(calls).toEqual({ rows, lastRow: 101 });
  });

  it('reports loading and the empty first block', async () => {
    const events: string[] = [];
    const ds = createDatasource(
      { getList: async () => ({ rows: [], lastRow: 0 }) },
      {
        onLoading: (l) => events.push(`loading:${l}`),
        onLoaded: (last, start) => events.push(`loaded:${last}@${start}`),
      },
    );
    const { p, finished } = params({ startRow: 0, endRow: 100 });
    ds.getRows(p);
    await finished;
    expect(events).toEqual(['loading:true', 'loading:false', 'loaded:0@0']);
  });

  it('tells the grid when the call fails', async () => {
    const ds = createDatasource({ getList: () => Promise.reject(new Error('HTTP 500')) });
    const { p, calls, finished } = params();
    ds.getRows(p);
    await finished;
    expect(calls.failed).toBe(true);
  });

  it('sends the definition default sort until the user sorts', async () => {
    const requests: ListRequest[] = [];
    const ds = createDatasource(
      {
        getList: async (req) => {
          requests.push(req);
          return { rows: [], lastRow: 0 };
        },
      },
      {},
      [{ colId: 'code', sort: 'asc' }],
    );
    const first = params({ sortModel: [] });
    ds.getRows(first.p);
    await first.finished;
    const second = params({ sortModel: [{ colId: 'name', sort: 'desc' }] });
    ds.getRows(second.p);
    await second.finished;
    expect(requests.map((r) => r.sortModel)).toEqual([
      [{ colId: 'code', sort: 'asc' }],
      [{ colId: 'name', sort: 'desc' }],
    ]);
  });

  it('reports the totals of the latest first block only, and nothing once retired', async () => {
    // answers come back in the order the test releases them, not the order asked
    const pending: ((page: {
      rows: EntityRow[];
      lastRow: number;
      totals: { count: number; sums: Record<string, string> };
    }) => void)[] = [];
    const client = { getList: () => new Promise<never>((resolve) => pending.push(resolve as never)) };
    const seen: number[] = [];
    const ds = createDatasource(client, { onTotals: (t) => seen.push(t.count) });
    const first = params({ startRow: 0, endRow: 100 });
    const second = params({ startRow: 0, endRow: 100 });
    ds.getRows(first.p);
    ds.getRows(second.p);
    pending[1]!({ rows: [], lastRow: 3, totals: { count: 3, sums: {} } });
    pending[0]!({ rows: [], lastRow: 40, totals: { count: 40, sums: {} } });
    await Promise.all([first.finished, second.finished]);
    expect(seen).toEqual([3]);
    // the grid took a newer datasource: this one's late answer still fills its block, reports nothing
    ds.setLive(false);
    const late = params({ startRow: 0, endRow: 100 });
    ds.getRows(late.p);
    pending[2]!({ rows: [], lastRow: 40, totals: { count: 40, sums: {} } });
    await late.finished;
    expect(late.calls.lastRow).toBe(40);
    expect(seen).toEqual([3]);
  });
});
