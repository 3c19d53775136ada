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

/** A datasource that can be retired: answers still on its way then report nothing to `events`. */
export interface RetiringDatasource extends IDatasource {
  /** false retires it (the grid has a newer one), true takes it back (React's StrictMode remount). */
  setLive(live: boolean): void;
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
): RetiringDatasource {
  // a refresh while the first block is loading asks again: only the latest first block's totals count
  let firstBlocks = 0;
  let retired = false;
  return {
    setLive(live) {
      retired = !live;
    },
    getRows(params) {
      events.onLoading?.(true);
      const request = toListRequest(params);
      if (request.sortModel?.length === 0 && defaultSort?.length)
        request.sortModel = defaultSort.map((s) => ({ ...s }));
      if (extras.q?.trim()) request.q = extras.q.trim();
      // totals with the first block only: scrolling further costs nothing more
      if (events.onTotals && params.startRow === 0) request.totals = true;
      const block = params.startRow === 0 ? ++firstBlocks : firstBlocks;
      client.getList(request).then(
        (page) => {
          params.successCallback(page.rows, page.lastRow);
          if (retired) return;
          if (page.totals && block === firstBlocks) events.onTotals?.(page.totals);
          events.onLoading?.(false);
          events.onLoaded?.(page.lastRow, params.startRow, page.rows.length);
        },
        () => {
          // The pipeline has already told the user (toast/modal); the grid just stops loading.
          params.failCallback();
          if (!retired) events.onLoading?.(false);
        },
      );
    },
  };
}
