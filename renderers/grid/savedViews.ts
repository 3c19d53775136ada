/**
 * Saved views of the entity grid (runtime/shared/gridViews.ts) in the browser: the server calls,
 * the grid's state as a view (columns with width, order, hidden and sort; filter model; quick
 * search), a view put back on the grid (columns the definition no longer has are dropped), and the
 * columns as the views popover lists them to show, hide and reorder (columnChoices, arrangeColumns).
 */
import type { ColumnState, GridApi } from 'ag-grid-community';
import { api } from '../../runtime/http/pipeline';
import type { EntityRow } from '../../runtime/shared/definition';
import { GRID_VIEW_PATHS, type GridView, type GridViewState } from '../../runtime/shared/gridViews';

export const listViews = (entity: string) =>
  api.post<GridView[]>(GRID_VIEW_PATHS.list, { entity }, { background: true });

export const saveView = (entity: string, name: string, state: GridViewState, isDefault: boolean) =>
  api.post<GridView[]>(GRID_VIEW_PATHS.save, { entity, name, state, isDefault });

export const deleteView = (entity: string, name: string) =>
  api.post<GridView[]>(GRID_VIEW_PATHS.delete, { entity, name });

/** AG Grid's column of the rows' tick boxes: not the user's to hide or move. */
const SELECTION_COLUMN = 'ag-Grid-SelectionColumn';

/** What the grid shows now, as a view. */
export function captureView(grid: GridApi<EntityRow>, q: string): GridViewState {
  return {
    columns: grid
      .getColumnState()
      .filter((c) => c.colId !== SELECTION_COLUMN)
      .map((c) => ({
        colId: c.colId,
        ...(typeof c.width === 'number' ? { width: Math.round(c.width) } : {}),
        ...(c.hide ? { hide: true } : {}),
        sort: c.sort ?? null,
        sortIndex: c.sortIndex ?? null,
      })),
    filterModel: (grid.getFilterModel() ?? {}) as Record<string, unknown>,
    q,
  };
}

/** Puts `state` on the grid: known columns only, their filters only. */
export function applyView(grid: GridApi<EntityRow>, state: GridViewState): void {
  const known = new Set(grid.getColumns()?.map((c) => c.getColId()) ?? []);
  const columns = state.columns.filter((c) => known.has(c.colId));
  grid.applyColumnState({
    state: columns.map((c) => ({ ...c, hide: c.hide === true })) as ColumnState[],
    applyOrder: true,
    defaultState: { sort: null },
  });
  const filters = Object.fromEntries(Object.entries(state.filterModel).filter(([colId]) => known.has(colId)));
  grid.setFilterModel(filters);
}

/** A column of the grid as the views popover lists it: its header, shown or hidden, in grid order. */
export interface ColumnChoice {
  colId: string;
  label: string;
  hidden: boolean;
}

/** The grid's columns in their order now (the tick boxes' column left out). */
export function columnChoices(grid: GridApi<EntityRow>): ColumnChoice[] {
  return grid
    .getColumnState()
    .filter((c) => c.colId !== SELECTION_COLUMN)
    .map((c) => ({
      colId: c.colId,
      label: grid.getColumn(c.colId)?.getColDef().headerName ?? c.colId,
      hidden: c.hide === true,
    }));
}

/** Shows, hides and orders the grid's columns as `choices` list them (the tick boxes stay first). */
export function arrangeColumns(grid: GridApi<EntityRow>, choices: ColumnChoice[]): void {
  const ticks = grid.getColumnState().some((c) => c.colId === SELECTION_COLUMN);
  grid.applyColumnState({
    state: [
      ...(ticks ? [{ colId: SELECTION_COLUMN }] : []),
      ...choices.map((c) => ({ colId: c.colId, hide: c.hidden })),
    ],
    applyOrder: true,
  });
}
