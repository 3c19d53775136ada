/** A whole module screen from an entity definition: heading, toolbar, grid, form modal. */
import { makeStyles, Title3 } from '@fluentui/react-components';
import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityClient, EntityValues, ExportFormat, ExportRequest } from '../../runtime/entity/types';
import {
  localText,
  LOOKUP_DISPLAY_SUFFIX,
  type EntityDefinition,
  type EntityPermissions,
  type EntityRow,
  type Lang,
} from '../../runtime/shared/definition';
import { confirm, openDialog } from '../../runtime/ui/dialogs';
import { navigate } from '../../runtime/ui/navigation';
import { toast } from '../../runtime/ui/toasts';
import { EntityGrid } from '../grid/EntityGrid';
import { lookupSearchFor } from '../form/lookup';
import { downloadBlob, exportFileName } from './download';
import { EntityToolbar } from './EntityToolbar';
import type { BulkBarProps } from './BulkBar';
import { QuickSearchBox } from './QuickSearchBox';
import { PeriodTag } from './PeriodTag';
import type { SavedViewsMenuProps } from './SavedViewsMenu';
import { ToolbarButton } from '@fluentui/react-components';
import {
  applyView,
  arrangeColumns,
  captureView,
  columnChoices,
  deleteView,
  listViews,
  saveView,
} from '../grid/savedViews';
import type { GridView } from '../../runtime/shared/gridViews';
import type { GridApi } from 'ag-grid-community';
import { deleteCall, runBulk, type BulkCall } from './bulkActions';
import { duplicateValues } from './duplicate';
import { localDigits } from '../format';
import { runRowAction } from './rowActions';
import {
  entityLifecycleActions,
  finaliseCall,
  formLock,
  isOpenRow,
  lifecycleActions,
  type LifecycleAction,
} from './lifecycle';
import type { CancelDialogProps } from './CancelDialog';
import type { ImportWizardProps } from './ImportWizard';
import type { FormModalProps, FormMode } from './FormModal';
import type { HistoryDialogProps } from '../history/HistoryDialog';
import {
  formReady,
  loadBulkBar,
  loadCancelDialog,
  loadForm,
  loadHistoryDialog,
  loadImportWizard,
  loadPart,
  loadSavedViewsMenu,
  prefetchForm,
} from './lazyParts';

export interface EntityScreenProps {
  definition: EntityDefinition;
  permissions: EntityPermissions;
  client: EntityClient;
  lang: Lang;
  /** Client of another entity ('module.name', e.g. 'sales.customer') for lookups in the form. */
  clientFor?: (entityKey: string) => EntityClient;
  /** User the grid's column layout is remembered for (default: the token's `sub`). */
  userId?: string;
  /**
   * A row whose form opens at once (the route's `?open={id}`: a report's drill-down, a link to a
   * record); `onOpened` is told once it was asked for, so the route can drop it from the URL.
   */
  openId?: number;
  onOpened?: () => void;
  /**
   * A new document to make from a final source (the route's `?from={module.name}:{id}`, a
   * follow-on button of the source's form: FollowOns.tsx): its form opens prefilled by CreateFrom
   * when this entity's definition declares that source (docs/chain.md); `onOpened` is told too.
   */
  fromSource?: { source: string; id: number };
}

const useStyles = makeStyles({
  // the page fills the shell's content area and does not scroll itself: the grid is the one scroll container
  page: { display: 'flex', flexDirection: 'column', gap: '8px', height: '100%', minHeight: 0 },
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4px 8px' },
  // the title and the fiscal period its rows are scoped to (PeriodTag)
  heading: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4px 12px' },
  // a title without spaces (an analyst's long technical name) wraps rather than widen a phone's page
  title: { minWidth: 0, overflowWrap: 'anywhere' },
});

interface Open {
  mode: FormMode;
  row?: EntityRow;
}

/**
 * The fresh row with the lookup texts GetList sent beside the list's row (`{field}__display`) where
 * the lookup still holds the same id: the form's lookups show them without asking Get for each,
 * which a user who may not read the looked-up entity would be refused (403).
 */
function withListTexts(fresh: EntityRow, listed: EntityRow): EntityRow {
  const out: EntityRow = { ...fresh };
  for (const [key, text] of Object.entries(listed)) {
    if (!key.endsWith(LOOKUP_DISPLAY_SUFFIX) || Object.hasOwn(fresh, key)) continue;
    const field = key.slice(0, -LOOKUP_DISPLAY_SUFFIX.length);
    if (fresh[field] === listed[field]) out[key] = text;
  }
  return out;
}

/** Hands the import wizard to `set` once its chunk is here (lazyParts). */
const withImporter = (set: (c: ComponentType<ImportWizardProps>) => void) =>
  void loadPart(loadImportWizard, false).then((c) => c && set(c));

export function EntityScreen({
  definition,
  permissions,
  client,
  lang,
  clientFor,
  userId,
  openId,
  onOpened,
  fromSource,
}: EntityScreenProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [selected, setSelected] = useState<EntityRow | null>(null);
  const [open, setOpen] = useState<Open | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const [quickSearch, setQuickSearch] = useState('');
  const [ticked, setTicked] = useState<EntityRow[]>([]);
  const [clearKey, setClearKey] = useState(0);
  const [bulkBusy, setBulkBusy] = useState(false);
  // saved views (server, per user and entity): the default one is applied once the grid is ready
  const entityKey = `${definition.module}.${definition.name}`;
  const [views, setViews] = useState<GridView[]>([]);
  // the views popover and the ticked rows' bar load after the first rows (lazyParts) or on first use
  const [ViewsMenu, setViewsMenu] = useState<ComponentType<SavedViewsMenuProps> | null>(
    () => loadSavedViewsMenu.value ?? null,
  );
  const [Bulk, setBulk] = useState<ComponentType<BulkBarProps> | null>(() => loadBulkBar.value ?? null);
  const [openViews, setOpenViews] = useState(false);
  const loadViewsMenu = async () => {
    const found = await loadPart(loadSavedViewsMenu, loadSavedViewsMenu.value !== undefined);
    if (found) setViewsMenu(() => found);
    return found;
  };
  const onTicked = (rows: EntityRow[]) => {
    setTicked(rows);
    if (rows.length && !Bulk)
      void loadPart(loadBulkBar, loadBulkBar.value !== undefined).then(
        (found) => found && setBulk(() => found),
      );
  };
  const [gridApi, setGridApi] = useState<GridApi<EntityRow> | null>(null);
  const [searchKey, setSearchKey] = useState(0);
  const putView = useCallback((grid: GridApi<EntityRow>, view: GridView) => {
    applyView(grid, view.state);
    setQuickSearch(view.state.q);
    setSearchKey((k) => k + 1);
  }, []);
  // the default view goes on the grid once both the grid and the views are here (either comes first)
  const pending = useRef<{ grid: GridApi<EntityRow> | null; views: GridView[] | null; done: boolean }>({
    grid: null,
    views: null,
    done: false,
  });
  const applyDefault = useCallback(() => {
    const p = pending.current;
    if (p.done || !p.grid || !p.views) return;
    p.done = true;
    const view = p.views.find((v) => v.isDefault);
    if (view) putView(p.grid, view);
  }, [putView]);
  useEffect(() => {
    let live = true;
    listViews(entityKey).then(
      (found) => {
        if (!live) return;
        setViews(found);
        pending.current.views = found;
        applyDefault();
      },
      () => undefined, // no views: the grid as the definition lays it out
    );
    return () => {
      live = false;
    };
  }, [entityKey, applyDefault]);
  const onGridApi = useCallback(
    (grid: GridApi<EntityRow> | null) => {
      setGridApi(grid);
      pending.current.grid = grid;
      applyDefault();
    },
    [applyDefault],
  );
  const saveCurrent = async (name: string, isDefault: boolean) => {
    if (!gridApi) return false;
    try {
      setViews(await saveView(entityKey, name, captureView(gridApi, quickSearch.trim()), isDefault));
      toast({ text: 'gridWork.viewSaved', kind: 'success' });
      return true;
    } catch {
      return false; // the pipeline has shown the error
    }
  };
  const removeView = (view: GridView) =>
    void deleteView(entityKey, view.name).then(setViews, () => undefined);
  const clearTicked = () => {
    setTicked([]);
    setClearKey((k) => k + 1);
  };
  // lookup columns filter by a record picked from a search of their entity
  const lookupSearch = useMemo(
    () => (clientFor ? lookupSearchFor(clientFor, lang) : undefined),
    [clientFor, lang],
  );
  const refresh = () => setRefreshKey((k) => k + 1);
  const close = useCallback(() => setOpen(null), []);
  // The grid's sort and filter as they are now: Export sends them so the file holds what the grid selects.
  const model = useRef<ExportRequest>({ sortModel: [], filterModel: {} });
  const onModelChange = useCallback((m: ExportRequest) => {
    model.current = m;
  }, []);
  const [exporting, setExporting] = useState(false);
  const [history, setHistory] = useState<EntityRow | null>(null);
  const closeHistory = useCallback(() => setHistory(null), []);
  const [HistoryDialog, setHistoryDialog] = useState<ComponentType<HistoryDialogProps> | null>(null);
  const [FormModal, setFormModal] = useState<ComponentType<FormModalProps> | null>(null);
  const openHistory = async (row: EntityRow) => {
    const component = await loadPart(loadHistoryDialog, loadHistoryDialog.value !== undefined);
    if (!component) return;
    setHistoryDialog(() => component);
    setHistory(row);
  };
  const historyOf = (row: EntityRow) => () => void openHistory(row);
  /** Opens the form modal once its chunk is here (see lazyParts). */
  const openForm = async (next: Open) => {
    const component = await loadPart(() => loadForm(definition), formReady(definition));
    if (!component) return;
    setFormModal(() => component);
    setOpen(next);
  };
  const onFirstRows = useCallback(() => {
    prefetchForm(definition, lang);
    // the shell's deferred parts (the notification bell, src/shell/ShellHeader.tsx) may load now
    dispatchEvent(new Event('erp:firstrows'));
    // once prefetched (idle), the real views button replaces the placeholder
    void loadSavedViewsMenu().then(
      (found) => setViewsMenu(() => found),
      () => undefined,
    );
  }, [definition, lang]);
  const loadHistory = useCallback(
    () => (history && client.getAudit ? client.getAudit(history.id) : Promise.resolve([])),
    [client, history],
  );
  const links = (definition.rowLinks ?? []).map((link) => ({
    name: link.name,
    label: localText(link.label, lang),
    onClick: () => selected && navigate(link.route.replace('{id}', String(selected.id))),
  }));

  const actions = (definition.rowActions ?? []).map((action) => ({
    name: action.name,
    label: localText(action.label, lang),
    permission: action.permission,
    onClick: () => {
      if (!selected) return;
      void runRowAction(definition, action, selected, lang).then((updated) => {
        if (!updated) return;
        // the selected row takes the new version, so a further action or a delete is not refused (417)
        setSelected((current) => (current?.id === updated.id ? updated : current));
        refresh();
      });
    },
  }));

  const exportRows = async (format: ExportFormat, ids?: number[]) => {
    setExporting(true);
    try {
      const q = quickSearch.trim();
      const blob = await client.export(format, {
        ...model.current,
        ...(q ? { q } : {}),
        ...(ids ? { ids } : {}),
      });
      downloadBlob(blob, exportFileName(definition, lang, format));
    } catch {
      // the pipeline has shown the error
    } finally {
      setExporting(false);
    }
  };

  /** The list print (its own lazy route): the grid's filter, sort, search and visible columns. */
  const printList = () => {
    const q = quickSearch.trim();
    const columns = gridApi
      ? columnChoices(gridApi)
          .filter((c) => !c.hidden)
          .map((c) => c.colId)
      : undefined;
    const list = JSON.stringify({ ...model.current, ...(q ? { q } : {}), ...(columns ? { columns } : {}) });
    void navigate(`/${definition.module}/${definition.name}/list/print?list=${encodeURIComponent(list)}`);
  };

  /** Edit when the user may and the row may change (a final document: its editableWhenFinal fields). */
  const modeFor = (row: EntityRow): FormMode =>
    permissions.edit && formLock(definition, row).kind !== 'none' ? 'edit' : 'view';

  const openRow = async (row: EntityRow) => {
    void loadForm(definition).catch(() => undefined); // meanwhile
    // Fresh copy so the version we send back is the stored one.
    const fresh = await client.get(row.id).catch(() => null);
    if (fresh) await openForm({ mode: modeFor(fresh), row: withListTexts(fresh, row) });
  };

  // a row asked for by the route opens in its form (Get: the server checks the permission and scope)
  const openRowRef = useRef(openRow);
  useEffect(() => {
    openRowRef.current = openRow;
  });
  useEffect(() => {
    if (openId === undefined) return;
    void openRowRef.current({ id: openId, version: 0 });
    onOpened?.();
  }, [openId, onOpened]);

  // a new document made from a final source (CreateFrom: the server checks the permission and scope)
  const openFromRef = useRef((_id: number) => Promise.resolve());
  useEffect(() => {
    openFromRef.current = async (id: number) => {
      const values = await client.createFrom?.(id).catch(() => null);
      if (values) await openForm({ mode: 'new', row: values as EntityRow });
    };
  });
  const fromId = fromSource && definition.source?.entity === fromSource.source ? fromSource.id : undefined;
  useEffect(() => {
    if (fromId === undefined) return;
    void openFromRef.current(fromId);
    onOpened?.();
  }, [fromId, onOpened]);

  // ---- import from a file (ImportWizard, lazy): on the button, or a job still running at reload ----
  const [Importer, setImporter] = useState<ComponentType<ImportWizardProps> | null>(null);
  const openImport = () => withImporter((c) => setImporter(() => c));
  useEffect(() => {
    // the running job's id, as ImportWizard keeps it (importJobKey)
    if (permissions.import && sessionStorage.getItem(`import-job:${entityKey}`))
      withImporter((c) => setImporter(() => c));
  }, [permissions.import, entityKey]);

  // ---- the document lifecycle (lifecycle.ts): Finalise / Cancel / Amend of one row ----
  const [cancelling, setCancelling] = useState<EntityRow | null>(null);
  const [CancelDialog, setCancelDialog] = useState<ComponentType<CancelDialogProps> | null>(null);
  const closeCancel = useCallback(() => setCancelling(null), []);
  const rowName = (row: EntityRow) => {
    const shown = row[definition.displayField];
    return localDigits(typeof shown === 'string' && shown !== '' ? shown : String(row.id), lang);
  };
  /** The row a lifecycle action stored: the selection, the grid and a form open on it take it. */
  const took = async (updated: EntityRow) => {
    setSelected((current) => (current?.id === updated.id ? updated : current));
    // a ticked row takes its new state too (the bulk bar offers by the ticked rows' states)
    setTicked((rows) => rows.map((r) => (r.id === updated.id ? updated : r)));
    refresh();
    if (open?.row?.id !== updated.id) return;
    const fresh = await client.get(updated.id).catch(() => null);
    if (fresh)
      setOpen((current) =>
        current?.row?.id === fresh.id
          ? { mode: modeFor(fresh), row: withListTexts(fresh, current.row) }
          : current,
      );
  };
  const runLifecycle = async (action: LifecycleAction, row: EntityRow) => {
    if (action === 'cancel') {
      const component = await loadPart(loadCancelDialog, loadCancelDialog.value !== undefined);
      if (!component) return;
      setCancelDialog(() => component);
      setCancelling(row);
      return;
    }
    if (action === 'finalise') {
      if (!(await confirm(t('lifecycle.confirmFinalise', { name: rowName(row) })))) return;
      // refusals (417 with the server's reason, 403, 409): the pipeline shows them
      const updated = await client.finalise?.(row.id, row.version).catch(() => null);
      if (!updated) return;
      toast({ text: 'lifecycle.finalised', kind: 'success' });
      await took(updated);
      return;
    }
    const created = await client.amend?.(row.id).catch(() => null);
    if (!created) return;
    toast({ text: 'lifecycle.amended', kind: 'success' });
    refresh();
    await openRow(created); // the new draft, to be corrected
  };
  const cancelWith = async (reason: string) => {
    if (!cancelling) return false;
    const updated = await client.cancel?.(cancelling.id, cancelling.version, reason.trim()).catch(() => null);
    if (!updated) return false; // the dialog stays open with the reason typed
    toast({ text: 'lifecycle.cancelled', kind: 'success' });
    await took(updated);
    return true;
  };
  // every action the documents offer, enabled as the selected row offers it (EntityToolbar)
  const offered = lifecycleActions(definition, permissions, selected ?? undefined);
  const lifecycleButtons = entityLifecycleActions(definition, permissions).map((action) => ({
    name: action,
    label: t(`lifecycle.${action}`),
    disabled: !offered.includes(action),
    onClick: () => void (selected && runLifecycle(action, selected)),
  }));

  /** Finalises every ticked row after one question (the server refuses a row not a draft, named). */
  const finaliseTicked = async () => {
    const n = localDigits(String(ticked.length), lang);
    if (!(await confirm(t('lifecycle.confirmBulkFinalise', { count: n })))) return;
    await runTicked(finaliseCall(definition), 'lifecycle.bulkFinalised');
  };

  const save = async (values: EntityValues) => {
    const row = open?.row;
    if (open?.mode === 'edit' && row) {
      const saved = await client.update(row.id, row.version, values);
      // a still-selected row takes the stored version, so a delete right after is not refused (417)
      setSelected((current) => (current?.id === saved.id ? saved : current));
    } else await client.create(values);
    toast({ text: 'form.saved', kind: 'success' });
    setOpen(null);
    refresh();
  };

  /** A new record prefilled from the ticked one (duplicate.ts says what is left behind). */
  const duplicate = async (row: EntityRow) => {
    const fresh = await client.get(row.id).catch(() => null);
    if (fresh) await openForm({ mode: 'new', row: duplicateValues(definition, fresh) });
  };

  /**
   * Runs `call` on every ticked row (the server checks each); a toast counts the rows done, a
   * dialog names the rows that failed with the server's reason; the grid reloads.
   */
  const runTicked = async (call: BulkCall, doneText: string) => {
    const rows = ticked;
    const count = (n: number) => localDigits(String(n), lang);
    setBulkBusy(true);
    const result = await runBulk(rows, call, t('errors.UnspecifiedErrorOccurredPleaseContactSupport'));
    setBulkBusy(false);
    if (result.done.length)
      toast({ text: doneText, kind: 'success', params: { count: count(result.done.length) } });
    if (result.failed.length) {
      const label = (row: EntityRow) => {
        const shown = row[definition.displayField];
        return typeof shown === 'string' && shown !== '' ? shown : count(row.id);
      };
      openDialog({
        kind: 'error',
        messages: [
          t('gridWork.bulkFailed', { count: count(result.failed.length) }),
          ...result.failed.map((f) => t('gridWork.bulkRow', { row: label(f.row), reason: f.reason })),
        ],
      });
    }
    clearTicked();
    setSelected(null);
    refresh();
  };

  /** Deletes every ticked row after one question. */
  const removeTicked = async () => {
    const n = localDigits(String(ticked.length), lang);
    if (!(await confirm(t('gridWork.confirmBulkDelete', { count: n })))) return;
    await runTicked(deleteCall(definition), 'gridWork.bulkDone');
  };

  /** Moves every ticked row to a workflow state (each row's own Update; the server checks each). */
  const moveTicked = async (state: string, call: BulkCall) => {
    const n = localDigits(String(ticked.length), lang);
    if (!(await confirm(t('gridWork.confirmTransition', { count: n, state })))) return;
    await runTicked(call, 'gridWork.transitionDone');
  };

  const remove = async () => {
    if (!selected) return;
    if (!(await confirm(t('form.confirmDelete')))) return;
    try {
      await client.delete(selected.id, selected.version);
    } catch {
      return; // the pipeline has shown the error
    }
    toast({ text: 'form.deleted', kind: 'success' });
    setSelected(null);
    refresh();
  };

  return (
    <section className={styles.page} dir={lang === 'fa' ? 'rtl' : 'ltr'} data-fits-window="">
      <div className={styles.heading}>
        <Title3 as="h1" className={styles.title}>
          {localText(definition.title, lang)}
        </Title3>
        <PeriodTag definition={definition} lang={lang} />
      </div>
      <div className={styles.bar}>
        <EntityToolbar
          permissions={permissions}
          hasSelection={selected !== null}
          onNew={() => void openForm({ mode: 'new' })}
          onEdit={() => selected && void openRow(selected)}
          onDelete={() => void remove()}
          onRefresh={refresh}
          onExport={(format) => void exportRows(format)}
          onImport={openImport}
          exporting={exporting}
          links={links}
          actions={actions}
          lifecycle={lifecycleButtons}
          canEdit={!selected || formLock(definition, selected).kind !== 'none'}
          canDelete={!selected || isOpenRow(definition, selected)}
          onPrint={() =>
            selected && navigate(`/${definition.module}/${definition.name}/${selected.id}/print`)
          }
          onPrintList={printList}
        />
        {ViewsMenu ? (
          <ViewsMenu
            startOpen={openViews}
            views={views}
            onApply={(view) => gridApi && putView(gridApi, view)}
            onSave={saveCurrent}
            onDelete={removeView}
            columns={() => (gridApi ? columnChoices(gridApi) : [])}
            onColumns={(columns) => gridApi && arrangeColumns(gridApi, columns)}
          />
        ) : (
          <ToolbarButton
            appearance="subtle"
            aria-haspopup="dialog"
            onClick={() => void loadViewsMenu().then((found) => found && setOpenViews(true))}
          >
            {t('gridWork.views')}
          </ToolbarButton>
        )}
        <QuickSearchBox key={searchKey} initial={quickSearch} onSearch={setQuickSearch} />
      </div>
      <EntityGrid
        definition={definition}
        client={client}
        lang={lang}
        refreshKey={refreshKey}
        userId={userId}
        onSelectionChange={setSelected}
        onOpenRow={(row) => void openRow(row)}
        onModelChange={onModelChange}
        onFirstRows={onFirstRows}
        quickSearch={quickSearch}
        totals
        onSelectedRowsChange={onTicked}
        clearSelectionKey={clearKey}
        onGridApi={onGridApi}
        lookupSearch={lookupSearch}
      />
      {/* under the grid, never above it: a click ticks a row and shows the bar, and a bar above
          the grid would move the rows from under the pointer before a double-click's (or a double
          tap's) second click, which then opened nothing or another row. Nothing is drawn over the
          rows either (a bar stuck to a phone's foot would come under the finger) */}
      {ticked.length > 0 && Bulk && (
        <Bulk
          count={ticked.length}
          lang={lang}
          permissions={permissions}
          busy={bulkBusy || exporting}
          onDelete={() => void removeTicked()}
          onExport={() =>
            void exportRows(
              'xlsx',
              ticked.map((r) => r.id),
            )
          }
          onDuplicate={() => ticked[0] && void duplicate(ticked[0])}
          onClear={clearTicked}
          onPrint={() =>
            navigate(`/${definition.module}/${definition.name}/${ticked.map((r) => r.id).join(',')}/print`)
          }
          definition={definition}
          rows={ticked}
          onTransition={(state, call) => void moveTicked(state, call)}
          onFinalise={() => void finaliseTicked()}
        />
      )}
      {open && FormModal && (
        <FormModal
          key={`${open.mode}-${open.row?.id ?? 'new'}-${open.row?.version ?? ''}`}
          definition={definition}
          lang={lang}
          mode={open.mode}
          row={open.row}
          onSave={save}
          onClose={close}
          clientFor={clientFor}
          onHistory={open.mode !== 'new' && open.row && client.getAudit ? historyOf(open.row) : undefined}
          permissions={permissions}
          onLifecycle={(action, row) => void runLifecycle(action, row)}
          onOpenRecord={(id) => void openRow({ id, version: 0 })}
        />
      )}
      {Importer && (
        <Importer
          definition={definition}
          lang={lang}
          onClose={() => {
            setImporter(null);
            refresh();
          }}
        />
      )}
      {cancelling && CancelDialog && (
        <CancelDialog lang={lang} name={rowName(cancelling)} onCancel={cancelWith} onClose={closeCancel} />
      )}
      {history && HistoryDialog && (
        <HistoryDialog definition={definition} lang={lang} load={loadHistory} onClose={closeHistory} />
      )}
    </section>
  );
}
