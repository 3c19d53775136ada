/** Options set on a grid created with createGrid (the entity grid and the lines grid). */
import type { GridApi, GridOptions, ManagedGridOptionKey } from 'ag-grid-community';

/**
 * Sets `key` on the grid when it holds another value (AG Grid keeps the object it was given, so an
 * unchanged one is not set again: a datasource set again would reload the rows).
 */
export function setGridOptionIfChanged<TData, K extends ManagedGridOptionKey>(
  api: GridApi<TData> | null,
  key: K,
  value: GridOptions<TData>[K],
): void {
  if (api && api.getGridOption(key) !== value) api.setGridOption(key, value);
}
