/** A whole module screen from an entity definition: heading, toolbar, grid, form modal. */
import { makeStyles, Title3 } from '@fluentui/react-components';
import { useCallback, useRef, useState, type ComponentType } from 'react';
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
import { confirm } from '../../runtime/ui/dialogs';
import { navigate } from '../../runtime/ui/navigation';
import { toast } from '../../runtime/ui/toasts';
import { EntityGrid } from '../grid/EntityGrid';
import { downloadBlob, exportFileName } from './download';
import { EntityToolbar } from './EntityToolbar';
import { runRowAction } from './rowActions';
import type { FormModalProps, FormMode } from './FormModal';
import type { HistoryDialogProps } from '../history/HistoryDialog';
import { formReady, loadForm, loadHistoryDialog, loadPart, prefetchForm } from './lazyParts';

export interface EntityScreenProps {
  definition: EntityDefinition;
  permissions: EntityPermissions;
  client: EntityClient;
  lang: Lang;
  /** Client of another entity ('module.name', e.g. 'sales.customer') for lookups in the form. */
  clientFor?: (entityKey: string) => EntityClient;
  /** User the grid's column layout is remembered for (default: the token's `sub`). */
  userId?: string;
}

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '8px', height: '100%', minHeight: '520px' },
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

export function EntityScreen({
  definition,
  permissions,
  client,
  lang,
  clientFor,
  userId,
}: EntityScreenProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [selected, setSelected] = useState<EntityRow | null>(null);
  const [open, setOpen] = useState<Open | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
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
  const onFirstRows = useCallback(() => prefetchForm(definition, lang), [definition, lang]);
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

  const exportRows = async (format: ExportFormat) => {
    setExporting(true);
    try {
      const blob = await client.export(format, model.current);
      downloadBlob(blob, exportFileName(definition, lang, format));
    } catch {
      // the pipeline has shown the error
    } finally {
      setExporting(false);
    }
  };

  const openRow = async (row: EntityRow) => {
    void loadForm(definition).catch(() => undefined); // meanwhile
    // Fresh copy so the version we send back is the stored one.
    const fresh = await client.get(row.id).catch(() => null);
    if (fresh) await openForm({ mode: permissions.edit ? 'edit' : 'view', row: withListTexts(fresh, row) });
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
    <section className={styles.page} dir={lang === 'fa' ? 'rtl' : 'ltr'}>
      <Title3 as="h1">{localText(definition.title, lang)}</Title3>
      <EntityToolbar
        permissions={permissions}
        hasSelection={selected !== null}
        onNew={() => void openForm({ mode: 'new' })}
        onEdit={() => selected && void openRow(selected)}
        onDelete={() => void remove()}
        onRefresh={refresh}
        onExport={(format) => void exportRows(format)}
        exporting={exporting}
        links={links}
        actions={actions}
        onPrint={() => selected && navigate(`/${definition.module}/${definition.name}/${selected.id}/print`)}
      />
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
      />
      {open && FormModal && (
        <FormModal
          key={`${open.mode}-${open.row?.id ?? 'new'}`}
          definition={definition}
          lang={lang}
          mode={open.mode}
          row={open.row}
          onSave={save}
          onClose={close}
          clientFor={clientFor}
          onHistory={open.row && client.getAudit ? historyOf(open.row) : undefined}
        />
      )}
      {history && HistoryDialog && (
        <HistoryDialog definition={definition} lang={lang} load={loadHistory} onClose={closeHistory} />
      )}
    </section>
  );
}
