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
import type { EntityClient } from '../../runtime/entity/types';
import type { ListRequest, ListTotals } from '../../runtime/shared/envelope';
import { localText, type EntityDefinition, type EntityRow, type Lang } from '../../runtime/shared/definition';
import { ChoiceFilter } from './ChoiceFilter';
import { LookupFilter, LOOKUP_FILTER } from './LookupFilter';
import { buildColumnDefs, CHOICE_FILTER, type LookupSearchFor } from './columns';
import { withCellViews } from './cellViews';
import { createDatasource } from './datasource';
import { currentUserId, gridStateKey, loadGridState, saveGridState, type StoredColumn } from './gridState';
import { JalaliDateInput } from './JalaliDateInput';
import { registerGridModules } from './modules';
import { GRID_THEME, GRID_THEME_CLASS } from './gridTheme';
import { gridLocaleText } from './gridLocale';
import { setGridOptionIfChanged } from './gridOptions';
import { doubleTapOpener, pinKeyColumn } from './phoneGrid';
import { isPhoneViewport } from '../../runtime/ui/viewport';
import { useStore } from 'zustand';
import { periodKey, periodStore } from '../../runtime/period/current';
import { GridFooter } from './GridFooter';

registerGridModules();

// The Jalali date input replaces AG Grid's date picker in every date filter.
const defaultColDef = { flex: 1, minWidth: 110, resizable: true, dateComponent: JalaliDateInput };

const gridComponents = { [CHOICE_FILTER]: ChoiceFilter, [LOOKUP_FILTER]: LookupFilter };

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
  onModelChange?: (model: GridModel) => void;
  /** Told once the first rows are drawn. */
  onFirstRows?: () => void;
  /** The toolbar's quick search (GetList `q`): a new text reloads the rows. */
  quickSearch?: string;
  /** Show the footer (row count and money sums of the filtered rows, from the server). */
  totals?: boolean;
  /** Given: rows are ticked with checkboxes (several at once) and every change is told. */
  onSelectedRowsChange?: (rows: EntityRow[]) => void;
  /** Change it to untick every row. */
  clearSelectionKey?: number;
  /** Told the grid's API once it is ready (saved views read and set its state), null once gone. */
  onGridApi?: (api: GridApi<EntityRow> | null) => void;
  /** Searches of other entities: lookup columns filter by a record picked from them. */
  lookupSearch?: LookupSearchFor;
}

/** Sort and filter of the grid as GetList and Export read them. */
export type GridModel = Required<Pick<ListRequest, 'sortModel' | 'filterModel'>>;

/** Sort (in sort order) and filter of the grid, as GetList and Export read them. */
export function gridModel(api: GridApi<EntityRow>): GridModel {
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
  // the grid is the one scroll container: its header stays in view while the rows scroll
  wrap: {
    position: 'relative',
    flex: '1 1 0',
    minHeight: '260px',
    // a phone's page scrolls as a whole (ShellLayout): the grid keeps most of the screen
    '@media (max-width: 640px)': { minHeight: '70vh' },
    display: 'flex',
    flexDirection: 'column',
  },
  host: { flex: '1 1 0', minHeight: 0 },
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
  quickSearch = '',
  totals: withTotals = false,
  onSelectedRowsChange,
  clearSelectionKey,
  onGridApi,
  lookupSearch,
}: EntityGridProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const apiRef = useRef<GridApi<EntityRow> | null>(null);
  const [loading, setLoading] = useState(true);
  const [empty, setEmpty] = useState(false);
  const [totals, setTotals] = useState<ListTotals | null>(null);
  // a phone: the key column stays in view while the others scroll sideways (phoneGrid.ts)
  const columnDefs = useMemo(() => {
    const defs = withCellViews(buildColumnDefs(definition, lang, t, lookupSearch), definition, lang);
    return isPhoneViewport() ? pinKeyColumn(defs, lang) : defs;
  }, [definition, lang, t, lookupSearch]);
  // a phone has no double-click: a double tap opens the row
  const [tap] = useState(doubleTapOpener);
  // a dated entity's rows follow the fiscal period (the server scopes them by the selectedYear
  // header): another period, or "all periods", is a new datasource and the grid asks again
  const period = useStore(periodStore, (s) => (definition.period ? periodKey(s) : ''));
  const datasource = useMemo(
    () =>
      createDatasource(
        client,
        {
          onLoading: setLoading,
          onLoaded: (lastRow, startRow, count) => {
            if (startRow === 0) setEmpty(lastRow === 0 || count === 0);
          },
          ...(withTotals ? { onTotals: setTotals } : {}),
        },
        definition.list.defaultSort,
        { q: quickSearch },
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `period` is not read here: the headers carry it, a new one asks again
    [client, definition, quickSearch, withTotals, period],
  );
  // A new search or period is a new datasource; an answer of the old one still on its way (the
  // unfiltered rows asked before a saved view's search applied) must not set the footer or "empty".
  useEffect(() => {
    datasource.setLive(true);
    return () => datasource.setLive(false);
  }, [datasource]);

  // a new clearSelectionKey unticks every row
  const shownClearKey = useRef(clearSelectionKey);
  useEffect(() => {
    if (shownClearKey.current === clearSelectionKey) return;
    shownClearKey.current = clearSelectionKey;
    apiRef.current?.deselectAll();
  }, [clearSelectionKey]);

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
  const events = useRef<Partial<GridOptions<EntityRow>> & { onGridApiGone?: () => void }>({});
  const initial = useRef({ columnDefs, datasource });
  useLayoutEffect(() => {
    initial.current = { columnDefs, datasource };
    events.current = {
      onGridReady: (e) => {
        apiRef.current = e.api;
        restoreState(e.api);
        labelGrid();
        onModelChange?.(gridModel(e.api));
        onGridApi?.(e.api);
      },
      onFirstDataRendered: () => onFirstRows?.(),
      onGridApiGone: () => onGridApi?.(null),
      onColumnResized: (e) => void (e.finished && e.source !== 'api' && storeState(e.api)),
      onColumnMoved: (e) => void (e.finished && e.source !== 'api' && storeState(e.api)),
      onSortChanged: (e) => {
        onModelChange?.(gridModel(e.api));
        if (e.source !== 'api') storeState(e.api);
      },
      onFilterChanged: (e) => onModelChange?.(gridModel(e.api)),
      onRowDoubleClicked: (e) => void (e.data && !tap.justOpened() && onOpenRow?.(e.data)),
      onRowClicked: (e) => {
        const row = tap.tapped(e);
        if (row) onOpenRow?.(row);
      },
      onCellKeyDown,
      onSelectionChanged: (e) => {
        const rows = e.api.getSelectedRows();
        onSelectionChange?.(rows.length === 1 ? (rows[0] ?? null) : null);
        onSelectedRowsChange?.(rows);
      },
    };
  });
  const hostRef = useRef<HTMLDivElement>(null);
  const pageSize = definition.list.pageSize ?? 100;
  const multi = onSelectedRowsChange !== undefined;
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
      // ticking with checkboxes (several rows) when the screen has bulk actions; a click selects one row
      rowSelection: multi
        ? { mode: 'multiRow', checkboxes: true, headerCheckbox: false, enableClickSelection: true }
        : { mode: 'singleRow', checkboxes: false, enableClickSelection: true },
      suppressOverlays: ['loading', 'noRows'],
      onGridReady: (e) => events.current.onGridReady?.(e),
      onFirstDataRendered: (e) => events.current.onFirstDataRendered?.(e),
      onColumnResized: (e) => events.current.onColumnResized?.(e),
      onColumnMoved: (e) => events.current.onColumnMoved?.(e),
      onSortChanged: (e) => events.current.onSortChanged?.(e),
      onFilterChanged: (e) => events.current.onFilterChanged?.(e),
      onRowDoubleClicked: (e) => events.current.onRowDoubleClicked?.(e),
      onRowClicked: (e) => events.current.onRowClicked?.(e),
      onCellKeyDown: (e) => events.current.onCellKeyDown?.(e),
      onSelectionChanged: (e) => events.current.onSelectionChanged?.(e),
    });
    apiRef.current = api;
    return () => {
      apiRef.current = null;
      events.current.onGridApiGone?.();
      api.destroy();
    };
  }, [lang, pageSize, multi]);
  // later columns or datasource go to the grid (the grid is not created again for them)
  useEffect(() => setGridOptionIfChanged(apiRef.current, 'columnDefs', columnDefs), [columnDefs]);
  useEffect(() => setGridOptionIfChanged(apiRef.current, 'datasource', datasource), [datasource]);

  return (
    <div ref={wrapRef} className={`${styles.wrap} ${GRID_THEME_CLASS}`} dir={lang === 'fa' ? 'rtl' : 'ltr'}>
      <div ref={hostRef} className={styles.host} />
      {withTotals && totals && <GridFooter definition={definition} lang={lang} totals={totals} />}
      {(loading || empty) && (
        <div className={styles.overlay} role="status" aria-live="polite">
          {loading ? <Spinner size="small" label={t('grid.loading')} /> : <Text>{t('grid.empty')}</Text>}
        </div>
      )}
    </div>
  );
}
