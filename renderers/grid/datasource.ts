/** The Infinite row model datasource: AG Grid's request goes to client.getList as is. */
import type { IDatasource, IGetRowsParams } from 'ag-grid-community';
import type { EntityClient } from '../../runtime/entity/types';
import type { ListRequest, ListTotals } from '../../runtime/shared/envelope';

export interface DatasourceEvents {
  /** Called when a block starts loading and when it ends, with the total rows when known. */
  onLoading?: (loading: boolean) => void;
  onLoaded?: (lastRow: number, startRow: number, rowsInBlock: number) => void;
  /** The footer totals (row count, money sums), asked with the first block of every load. */
  onTotals?: (totals: ListTotals) => void;
}

/** What the grid adds to AG Grid's request: the toolbar's quick search. */
export interface ListExtras {
  q?: string;
}

export function toListRequest(
  params: Pick<IGetRowsParams, 'startRow' | 'endRow' | 'sortModel' | 'filterModel'>,
): ListRequest {
  return {
    startRow: params.startRow,
    endRow: params.endRow,
    sortModel: params.sortModel.map((s) => ({ colId: s.colId, sort: s.sort })),
    filterModel: (params.filterModel ?? {}) as Record<string, unknown>,
  };
}

/**
 * `defaultSort` (definition.list.defaultSort) is sent while the user has not sorted: the rows come
 * in that order, and the first click on a header sorts that column ascending.
 */
export function createDatasource(
  client: Pick<EntityClient, 'getList'>,
  events: DatasourceEvents = {},
  defaultSort: ListRequest['sortModel'] = [],
  extras: ListExtras = {},
): IDatasource {
  return {
    getRows(params) {
      events.onLoading?.(true);
      const request = toListRequest(params);
      if (request.sortModel?.length === 0 && defaultSort?.length)
        request.sortModel = defaultSort.map((s) => ({ ...s }));
      if (extras.q?.trim()) request.q = extras.q.trim();
      // totals with the first block only: scrolling further costs nothing more
      if (events.onTotals && params.startRow === 0) request.totals = true;
      client.getList(request).then(
        (page) => {
          if (page.totals) events.onTotals?.(page.totals);
          params.successCallback(page.rows, page.lastRow);
          events.onLoading?.(false);
          events.onLoaded?.(page.lastRow, params.startRow, page.rows.length);
        },
        () => {
          // The pipeline has already told the user (toast/modal); the grid just stops loading.
          params.failCallback();
          events.onLoading?.(false);
        },
      );
    },
  };
}
