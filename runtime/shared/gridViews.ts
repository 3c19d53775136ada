/**
 * Saved views of a grid (issue #22), named once for both sides: a user's named layouts of one
 * entity's grid (columns, filters, sort, quick search), one of them the default the grid opens
 * with. Stored on the server per user and entity (server/gridViews): nobody reads another's views.
 */

/** One column of a view: its id, width and whether it is hidden (in the grid's order). */
export interface ViewColumn {
  colId: string;
  width?: number;
  hide?: boolean;
  sort?: 'asc' | 'desc' | null;
  sortIndex?: number | null;
}

/** What a view restores. */
export interface GridViewState {
  columns: ViewColumn[];
  filterModel: Record<string, unknown>;
  q: string;
}

export interface GridView {
  name: string;
  isDefault: boolean;
  state: GridViewState;
}

/** Calls of Grid/View/*: the entity is its key `module.name`. */
export const GRID_VIEW_PATHS = {
  list: 'Grid/View/List',
  save: 'Grid/View/Save',
  delete: 'Grid/View/Delete',
} as const;

/** Limits the server keeps (400 beyond them). */
export const GRID_VIEW_LIMITS = { name: 60, views: 30, stateChars: 20_000, columns: 200 } as const;
