/**
 * The generic list: AG Grid (Infinite row model) with server-side paging, sorting and filtering,
 * right to left with Persian locale texts in fa. Double-click or Enter opens a row.
 * The grid is AG Grid's own DOM (createGrid), not its React wrapper: the wrapper draws every row
 * and cell as React components, which made drawing the first page about three times as long (the
 * menu click's largest part). Its filters are vanilla components too (ChoiceFilter, JalaliDateInput).
 */
import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import {
  createGrid,
  type CellKeyDownEvent,
  type ColumnState,
  type GridApi,
  type GridOptions,
} from 'ag-grid-community';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityClient, ExportRequest } from '../../runtime/entity/types';
import { localText, type EntityDefinition, type EntityRow, type Lang } from '../../runtime/shared/definition';
import { ChoiceFilter } from './ChoiceFilter';
import { buildColumnDefs, CHOICE_FILTER } from './columns';
import { withCellViews } from './cellViews';
import { createDatasource } from './datasource';
import { currentUserId, gridStateKey, loadGridState, saveGridState, type StoredColumn } from './gridState';
import { JalaliDateInput } from './JalaliDateInput';
import { registerGridModules } from './modules';
import { GRID_THEME, GRID_THEME_CLASS } from './gridTheme';
import { gridLocaleText } from './gridLocale';
import { setGridOptionIfChanged } from './gridOptions';

registerGridModules();

// The Jalali date input replaces AG Grid's date picker in every date filter.
const defaultColDef = { flex: 1, minWidth: 110, resizable: true, dateComponent: JalaliDateInput };

const gridComponents = { [CHOICE_FILTER]: ChoiceFilter };

export interface EntityGridProps {
  definition: EntityDefinition;
  client: Pick<EntityClient, 'getList'>;
  lang: Lang;
  /** Opens a row (double-click or Enter). */
  onOpenRow?: (row: EntityRow) => void;
  onSelectionChange?: (row: EntityRow | null) => void;
  /** Change it to reload the rows in view (keeps page and scroll position). */
  refreshKey?: number;
  /** Whose column widths/order/sort are remembered (default: the token's `sub`). */
  userId?: string;
  /** The grid's current sort and filter, on start and after every change (for Export). */
  onModelChange?: (model: Required<ExportRequest>) => void;
  /** Told once the first rows are drawn. */
  onFirstRows?: () => void;
}

/** Sort (in sort order) and filter of the grid, as GetList and Export read them. */
export function gridModel(api: GridApi<EntityRow>): Required<ExportRequest> {
  const sorted = api
    .getColumnState()
    .filter((c) => c.sort === 'asc' || c.sort === 'desc')
    .sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0));
  return {
    sortModel: sorted.map((c) => ({ colId: c.colId, sort: c.sort as 'asc' | 'desc' })),
    filterModel: (api.getFilterModel() ?? {}) as Record<string, unknown>,
  };
}

const useStyles = makeStyles({
  wrap: { position: 'relative', flex: '1 1 auto', minHeight: '420px', height: '100%' },
  overlay: {
    position: 'absolute',
    insetInline: 0,
    top: '48px',
    display: 'flex',
    justifyContent: 'center',
    padding: '24px',
    pointerEvents: 'none',
    color: tokens.colorNeutralForeground3,
  },
});

export function EntityGrid({
  definition,
  client,
  lang,
  onOpenRow,
  onSelectionChange,
  refreshKey,
  userId,
  onModelChange,
  onFirstRows,
}: EntityGridProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const apiRef = useRef<GridApi<EntityRow> | null>(null);
  const [loading, setLoading] = useState(true);
  const [empty, setEmpty] = useState(false);
  const columnDefs = useMemo(
    () => withCellViews(buildColumnDefs(definition, lang, t), definition, lang),
    [definition, lang, t],
  );
  const datasource = useMemo(
    () =>
      createDatasource(
        client,
        {
          onLoading: setLoading,
          onLoaded: (lastRow, startRow, count) => {
            if (startRow === 0) setEmpty(lastRow === 0 || count === 0);
          },
        },
        definition.list.defaultSort,
      ),
    [client, definition],
  );

  // A new refreshKey reloads the rows in view; the first one is the grid's own first load.
  const shownRefreshKey = useRef(refreshKey);
  useEffect(() => {
    if (shownRefreshKey.current === refreshKey) return;
    shownRefreshKey.current = refreshKey;
    apiRef.current?.refreshInfiniteCache();
  }, [refreshKey]);

  // AG Grid has no option for the grid's accessible name: set it on its grid element.
  const wrapRef = useRef<HTMLDivElement>(null);
  const title = localText(definition.title, lang);
  const labelGrid = useCallback(() => {
    wrapRef.current?.querySelector('[role="grid"],[role="treegrid"]')?.setAttribute('aria-label', title);
  }, [title]);
  useEffect(labelGrid, [labelGrid]);

  const stateKey = gridStateKey(userId ?? currentUserId(), definition);
  const restoreState = (api: GridApi<EntityRow>) => {
    const known = new Set(
      columnDefs.map((c) => ('colId' in c && c.colId) || ('field' in c && c.field) || ''),
    );
    const state = loadGridState(stateKey, known);
    if (state) api.applyColumnState({ state: state as ColumnState[], applyOrder: true });
  };
  const storeState = (api: GridApi<EntityRow>) =>
    saveGridState(stateKey, api.getColumnState() as StoredColumn[]);

  const onCellKeyDown = (e: CellKeyDownEvent<EntityRow>) => {
    const key = (e.event as KeyboardEvent | null)?.key;
    if (key === 'Enter' && e.data) onOpenRow?.(e.data);
  };

  // The grid's event handlers read the latest props, and the grid is created (once per language
  // and page size) from the latest options: both kept current after every render.
  const events = useRef<Partial<GridOptions<EntityRow>>>({});
  const initial = useRef({ columnDefs, datasource });
  useLayoutEffect(() => {
    initial.current = { columnDefs, datasource };
    events.current = {
      onGridReady: (e) => {
        apiRef.current = e.api;
        restoreState(e.api);
        labelGrid();
        onModelChange?.(gridModel(e.api));
      },
      onFirstDataRendered: () => onFirstRows?.(),
      onColumnResized: (e) => void (e.finished && e.source !== 'api' && storeState(e.api)),
      onColumnMoved: (e) => void (e.finished && e.source !== 'api' && storeState(e.api)),
      onSortChanged: (e) => {
        onModelChange?.(gridModel(e.api));
        if (e.source !== 'api') storeState(e.api);
      },
      onFilterChanged: (e) => onModelChange?.(gridModel(e.api)),
      onRowDoubleClicked: (e) => void (e.data && onOpenRow?.(e.data)),
      onCellKeyDown,
      onSelectionChanged: (e) => onSelectionChange?.(e.api.getSelectedRows()[0] ?? null),
    };
  });
  const hostRef = useRef<HTMLDivElement>(null);
  const pageSize = definition.list.pageSize ?? 100;
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const api = createGrid<EntityRow>(host, {
      theme: GRID_THEME,
      columnDefs: initial.current.columnDefs,
      defaultColDef,
      rowModelType: 'infinite',
      datasource: initial.current.datasource,
      cacheBlockSize: pageSize,
      maxBlocksInCache: 20,
      getRowId: (p) => String(p.data.id),
      enableRtl: lang === 'fa',
      components: gridComponents,
      localeText: gridLocaleText(lang),
      rowSelection: { mode: 'singleRow', checkboxes: false, enableClickSelection: true },
      suppressOverlays: ['loading', 'noRows'],
      onGridReady: (e) => events.current.onGridReady?.(e),
      onFirstDataRendered: (e) => events.current.onFirstDataRendered?.(e),
      onColumnResized: (e) => events.current.onColumnResized?.(e),
      onColumnMoved: (e) => events.current.onColumnMoved?.(e),
      onSortChanged: (e) => events.current.onSortChanged?.(e),
      onFilterChanged: (e) => events.current.onFilterChanged?.(e),
      onRowDoubleClicked: (e) => events.current.onRowDoubleClicked?.(e),
      onCellKeyDown: (e) => events.current.onCellKeyDown?.(e),
      onSelectionChanged: (e) => events.current.onSelectionChanged?.(e),
    });
    apiRef.current = api;
    return () => {
      apiRef.current = null;
      api.destroy();
    };
  }, [lang, pageSize]);
  // later columns or datasource go to the grid (the grid is not created again for them)
  useEffect(() => setGridOptionIfChanged(apiRef.current, 'columnDefs', columnDefs), [columnDefs]);
  useEffect(() => setGridOptionIfChanged(apiRef.current, 'datasource', datasource), [datasource]);

  return (
    <div ref={wrapRef} className={`${styles.wrap} ${GRID_THEME_CLASS}`} dir={lang === 'fa' ? 'rtl' : 'ltr'}>
      <div ref={hostRef} style={{ height: '100%' }} />
      {(loading || empty) && (
        <div className={styles.overlay} role="status" aria-live="polite">
          {loading ? <Spinner size="small" label={t('grid.loading')} /> : <Text>{t('grid.empty')}</Text>}
        </div>
      )}
    </div>
  );
}
